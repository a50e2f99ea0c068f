import { randomUUID } from 'node:crypto';
import { type DeviceSession, SESSION_PATHS, sessionPath } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents } from '../../db/schema/index.js';
import { createAccount, signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

interface SessionsReply {
  sessions: DeviceSession[];
  nextCursor: string | null;
}

async function signIn(
  email: string,
  password: string,
  agent: string,
  ip: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
    body: { email, password, rememberMe: false },
    headers: { 'user-agent': agent, 'x-forwarded-for': ip, ...headers },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.access;
}

const list = (token: string, query = '', headers: Record<string, string> = {}) =>
  request<SessionsReply>(`${SESSION_PATHS.list}${query}`, { token, headers });

async function auditOf(accountId: string) {
  return server.database.db
    .select()
    .from(accountAuditEvents)
    .where(and(eq(accountAuditEvents.accountId, accountId), eq(accountAuditEvents.action, 'session.ended')));
}

describe('Profile → Sessions', () => {
  it('shows each device where it signed in, when a trusted proxy named the country', async () => {
    const person = await signupClient(server);
    const laptop = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.9');
    await signIn(person.email, person.password, SAFARI_IPHONE, '203.0.113.4', { 'cf-ipcountry': 'FR' });
    // Listed from the laptop, whose own requests name no country now: the phone keeps France.
    const all = await list(laptop);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const phone = all.body.sessions.find((session) => session.ip === '203.0.113.4');
    expect(phone).toMatchObject({ current: false, place: 'France' });
    const here = all.body.sessions.find((session) => session.current);
    expect(here).toMatchObject({ ip: '198.51.100.9', place: null });
  });

  it('lists only the person’s own devices, parsed, with this one marked, in keyset pages', async () => {
    const person = await signupClient(server);
    const laptop = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.7');
    const phone = await signIn(person.email, person.password, SAFARI_IPHONE, '198.51.100.8');
    const stranger = await createAccount(server, 'client');

    const all = await list(laptop, '', { 'cf-ipcountry': 'DE', 'x-forwarded-for': '198.51.100.7' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.sessions).toHaveLength(3);
    const current = all.body.sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: 'Chrome 131',
      os: 'Linux',
      deviceType: 'desktop',
      ip: '198.51.100.7',
      place: 'Germany',
    });
    const iphone = all.body.sessions.find((session) => session.ip === '198.51.100.8');
    expect(iphone).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.1', deviceType: 'mobile', place: null });
    expect(iphone?.signedInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(iphone?.lastActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const first = await list(phone, '?limit=2');
    expect(first.body.sessions).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(phone, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.sessions).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.sessions, ...second.body.sessions].map((session) => session.id);
    expect(new Set(ids)).toEqual(new Set(all.body.sessions.map((session) => session.id)));

    const theirs = await list(stranger.access);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.sessions.map((session) => session.id)).not.toContain(ids[0]);
    expect((await list(laptop, '?cursor=not-a-cursor')).status).toBe(400);
  });

  it('signs one device out: its next request is 401; nobody else can end it', async () => {
    const person = await signupClient(server);
    const laptop = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.9');
    const phone = await signIn(person.email, person.password, SAFARI_IPHONE, '198.51.100.10');
    const phoneSession = (await list(phone)).body.sessions.find((session) => session.current);
    if (!phoneSession) throw new Error('no current session');

    const stranger = await createAccount(server, 'client');
    const refused = await request(sessionPath(phoneSession.id), { method: 'DELETE', token: stranger.access });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ status: 'failed', code: 'not_found' });
    expect((await list(phone)).status).toBe(200);

    const ended = await request<{ message: string; ended: number }>(sessionPath(phoneSession.id), {
      method: 'DELETE',
      token: laptop,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toEqual({ status: 'ok', message: 'Safari 17 on iOS 17.1 was signed out', ended: 1 });
    const after = await list(phone);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: 'failed', code: 'unauthorized' });
    expect((await list(laptop)).body.sessions.map((session) => session.id)).not.toContain(phoneSession.id);
    // Ended already: not found.
    expect((await request(sessionPath(phoneSession.id), { method: 'DELETE', token: laptop })).status).toBe(
      404,
    );
    expect((await request(sessionPath('not-a-uuid'), { method: 'DELETE', token: laptop })).status).toBe(400);

    const personId = JSON.parse(Buffer.from(laptop.split('.')[1] ?? '', 'base64url').toString())
      .sub as string;
    const events = await auditOf(personId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      target: 'Safari 17 on iOS 17.1',
      actorName: 'Grace Hopper',
      ip: '127.0.0.1',
    });
  });

  it('signs every other device out and keeps this one', async () => {
    const person = await signupClient(server);
    const here = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.11');
    const other = await signIn(person.email, person.password, SAFARI_IPHONE, '198.51.100.12');
    const ended = await request<{ ended: number; message: string }>(SESSION_PATHS.endOthers, {
      method: 'POST',
      token: here,
    });
    expect(ended.status).toBe(200);
    // The sign-up's session and the phone.
    expect(ended.body).toMatchObject({ ended: 2, message: '2 other devices were signed out' });
    expect((await list(other)).status).toBe(401);
    expect((await request(SESSION_PATHS.list, { token: person.access })).status).toBe(401);
    const left = await list(here);
    expect(left.body.sessions).toHaveLength(1);
    expect(left.body.sessions[0]?.current).toBe(true);
    const again = await request<{ ended: number }>(SESSION_PATHS.endOthers, { method: 'POST', token: here });
    expect(again.body.ended).toBe(0);
  });

  it('after a password change this device keeps its browser and address in the list', async () => {
    const person = await signupClient(server);
    const laptop = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.14');
    const changed = await request<{ access: string }>('/api/v1/user/settings/password', {
      token: laptop,
      body: { currentPassword: person.password, password1: 'another-pass-1', password2: 'another-pass-1' },
      headers: { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '198.51.100.14' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const listed = await list(changed.body.access);
    expect(listed.body.sessions).toHaveLength(1);
    expect(listed.body.sessions[0]).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      ip: '198.51.100.14',
    });
  });

  it('an admin signs a person out everywhere; the person’s account trail says who did', async () => {
    const admin = await createAccount(server, 'admin');
    const person = await createAccount(server, 'client');
    const second = await signIn(person.email, person.password, CHROME_LINUX, '198.51.100.13');
    const response = await request<{ message: string }>(SESSION_PATHS.adminSignOutEverywhere, {
      token: admin.access,
      body: { userID: person.id },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('client User was signed out on every device');
    expect((await list(person.access)).status).toBe(401);
    expect((await list(second)).status).toBe(401);
    const [event] = await auditOf(person.id);
    expect(event).toMatchObject({
      actorName: 'admin User',
      target: `client User (${person.email}), every device`,
    });

    const unknown = await request(SESSION_PATHS.adminSignOutEverywhere, {
      token: admin.access,
      body: { userID: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const bad = await request(SESSION_PATHS.adminSignOutEverywhere, {
      token: admin.access,
      body: { userID: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

describeRoleMatrix('sessions', () => server, [
  { method: 'GET', path: SESSION_PATHS.list, allowed: ['client', 'staff', 'admin'] },
  { method: 'POST', path: SESSION_PATHS.endOthers, allowed: ['client', 'staff', 'admin'] },
  { method: 'DELETE', path: sessionPath(randomUUID()), allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: SESSION_PATHS.adminSignOutEverywhere,
    body: { userID: randomUUID() },
    allowed: ['admin'],
  },
]);
