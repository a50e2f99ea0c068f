import {
  NOTIFICATION_PATHS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, projectChatMembers } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { sendWaitingDigests } from '../../test/mail-digests.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { placeOrder } from '../../test/project-fixtures.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { openSocket } from '../chat/chat-test-support.js';
import { DAILY_DIGEST_JOB } from './mail.js';

/** The notification centre (decision 034) over real HTTP, its mails through the outbox, its push over the socket. */
let server: TestServer;
let admin: TestAccount;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  // Digests go out when a test sends them, never on their own mid-test; announce jobs run at once.
  server = await startTestServer({ env: { MAIL_DIGEST_SECONDS: '3600', JOBS_POLL_SECONDS: '0.5' } });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

const notify = (
  recipients: string[],
  title: string,
  extra: { kind?: NotificationKind; topic?: string; link?: string } = {},
) =>
  server.deps.notifications.notify({
    recipients,
    kind: extra.kind ?? 'quote_sent',
    title,
    body: `About ${title}.`,
    link: extra.link ?? '/orders',
    ...(extra.topic ? { topic: extra.topic } : {}),
  });

const page = (token: string, query = '') =>
  request<NotificationsPage>(`${NOTIFICATION_PATHS.list}${query}`, { token });
const unread = async (token: string) =>
  (await request<{ unread: number }>(NOTIFICATION_PATHS.unread, { token })).body.unread;
const markRead = (token: string, id: string) =>
  request<{ unread: number }>(NOTIFICATION_PATHS.read.replace(':id', id), { method: 'POST', token });

async function runJob(name: string): Promise<void> {
  const id = await server.deps.jobs.enqueue(name, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(name, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

describe('the bell', () => {
  it('lists a person’s notifications newest first, in pages, and counts and marks them read', async () => {
    const client = await createAccount(server, 'client');
    for (const title of ['First', 'Second', 'Third']) {
      await notify([client.id], title);
      server.clock.advance(1000);
    }
    const first = await page(client.access, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.unread).toBe(3);
    expect(first.body.notifications.map((n) => n.title)).toEqual(['Third', 'Second']);
    expect(first.body.notifications[0]).toMatchObject({
      kind: 'quote_sent',
      body: 'About Third.',
      link: '/orders',
      count: 1,
      readAt: null,
    });
    const second = await page(client.access, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.notifications.map((n) => n.title)).toEqual(['First']);
    expect(second.body.nextCursor).toBeNull();

    const third = first.body.notifications[0]?.id ?? '';
    expect((await markRead(client.access, third)).body).toEqual({ status: 'ok', unread: 2 });
    // Again is fine and changes nothing.
    expect((await markRead(client.access, third)).body.unread).toBe(2);
    expect((await page(client.access, '?limit=1')).body.notifications[0]?.readAt).not.toBeNull();
    const all = await request<{ unread: number }>(NOTIFICATION_PATHS.readAll, {
      method: 'POST',
      token: client.access,
    });
    expect(all.body).toEqual({ status: 'ok', unread: 0 });
    expect(await unread(client.access)).toBe(0);
  });

  it('never lets another person read or mark yours', async () => {
    const owner = await createAccount(server, 'client');
    const other = await createAccount(server, 'client');
    await notify([owner.id], 'Private');
    const [mine] = (await page(owner.access)).body.notifications;
    const id = mine?.id ?? '';
    expect((await page(other.access)).body.notifications).toEqual([]);
    for (const token of [other.access, admin.access]) {
      const refused = await markRead(token, id);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ status: 'failed', code: 'not_found' });
    }
    await request(NOTIFICATION_PATHS.readAll, { method: 'POST', token: other.access });
    expect(await unread(owner.access)).toBe(1);
  });

  it('refuses malformed input with the error envelope', async () => {
    const client = await createAccount(server, 'client');
    const badId = await markRead(client.access, 'not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ status: 'failed', code: 'invalid_input' });
    expect((await page(client.access, '?cursor=bad!')).status).toBe(400);
    const badChoice = await request(NOTIFICATION_PATHS.preferences, {
      method: 'PUT',
      token: client.access,
      body: { preferences: { quote_sent: 'sometimes' } },
    });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body).toMatchObject({ status: 'failed', code: 'invalid_input' });
    await expect(notify([client.id], 'Elsewhere', { link: '//evil.example/' })).rejects.toThrow();
  });

  it('records nothing, and mails nothing, for a change that rolled back', async () => {
    const client = await createAccount(server, 'client');
    await expect(
      server.database.db.transaction(async (tx) => {
        await server.deps.notifications.notify(
          { recipients: [client.id], kind: 'invoice_due', title: 'Never', body: 'No.', link: '/' },
          { db: tx },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await sendWaitingDigests(server, admin.access);
    expect(await unread(client.access)).toBe(0);
    expect(await mailsTo(server, client.email)).toEqual([]);
  });

  it('keeps one unread notification per topic, counting, and mails it once', async () => {
    const client = await createAccount(server, 'client');
    await notify([client.id], 'New message', { kind: 'new_message', topic: 'room-1' });
    await notify([client.id], 'New message', { kind: 'new_message', topic: 'room-1' });
    const list = (await page(client.access)).body;
    expect(list.unread).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]?.count).toBe(2);
    await sendWaitingDigests(server, admin.access);
    expect(await mailsTo(server, client.email)).toHaveLength(1);
    // Once read, the next message is news again.
    await markRead(client.access, list.notifications[0]?.id ?? '');
    await notify([client.id], 'New message', { kind: 'new_message', topic: 'room-1' });
    expect(await unread(client.access)).toBe(1);
  });
});

describe('mail by each person’s choice', () => {
  it('mails a burst of three as one mail', async () => {
    const client = await createAccount(server, 'client');
    await notify([client.id], 'Quote Q-1 is ready', { kind: 'quote_sent' });
    await notify([client.id], 'Invoice 2026-0001 is due', { kind: 'invoice_due', link: '/profile' });
    await notify([client.id], 'Payment received', { kind: 'payment_received', link: '/profile' });
    expect(await mailsTo(server, client.email)).toEqual([]);
    await sendWaitingDigests(server, admin.access);
    const mails = await mailsTo(server, client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`${server.deps.config.BRAND_NAME}: 3 notifications`);
    for (const title of ['Quote Q-1 is ready', 'Invoice 2026-0001 is due', 'Payment received']) {
      expect(mails[0]?.text).toContain(title);
    }
    expect(mails[0]?.text).toContain('/profile?tab=notifications');
  });

  it('follows instant, daily digest and off per kind, and keeps every notification in the bell', async () => {
    const client = await createAccount(server, 'client');
    const defaults = await request<{ preferences: NotificationPreferences }>(NOTIFICATION_PATHS.preferences, {
      token: client.access,
    });
    expect(defaults.body.preferences.quote_sent).toBe('instant');
    const changed = await request<{ preferences: NotificationPreferences }>(NOTIFICATION_PATHS.preferences, {
      method: 'PUT',
      token: client.access,
      body: { preferences: { new_message: 'off', invoice_due: 'digest' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.preferences).toMatchObject({
      new_message: 'off',
      invoice_due: 'digest',
      quote_sent: 'instant',
    });

    await notify([client.id], 'Silent message', { kind: 'new_message' });
    await notify([client.id], 'Digest invoice', { kind: 'invoice_due' });
    await notify([client.id], 'Instant quote', { kind: 'quote_sent' });
    expect(await unread(client.access)).toBe(3);

    await sendWaitingDigests(server, admin.access);
    const instant = await mailsTo(server, client.email);
    expect(instant.map((mail) => mail.subject)).toEqual([
      `${server.deps.config.BRAND_NAME}: Instant quote — About Instant quote.`,
    ]);

    await runJob(DAILY_DIGEST_JOB);
    const mails = await mailsTo(server, client.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`${server.deps.config.BRAND_NAME}: your daily digest (1 notification)`);
    expect(mails[1]?.text).toContain('Digest invoice');
    expect(mails.map((mail) => mail.text).join('\n')).not.toContain('Silent message');
    // The digest went out: the next day's holds only what is new.
    await runJob(DAILY_DIGEST_JOB);
    expect(await mailsTo(server, client.email)).toHaveLength(2);
  });

  it('gives staff and admins chat messages as a daily digest unless they choose otherwise', async () => {
    const staff = await createAccount(server, 'staff');
    const prefs = await request<{ preferences: NotificationPreferences }>(NOTIFICATION_PATHS.preferences, {
      token: staff.access,
    });
    expect(prefs.body.preferences).toMatchObject({ new_message: 'digest', invoice_overdue: 'instant' });
  });
});

describe('live', () => {
  it('pushes a committed notification and read counts to the person’s open socket, and only theirs', async () => {
    const client = await createAccount(server, 'client');
    const other = await createAccount(server, 'client');
    const socket = await openSocket(server.baseUrl);
    const stranger = await openSocket(server.baseUrl);
    for (const [ws, who] of [
      [socket, client],
      [stranger, other],
    ] as const) {
      ws.send({ type: 'auth', access: who.access });
      await ws.next('ready');
      ws.send({ type: 'join', target: { kind: 'notifications' } });
      await ws.next('joined');
    }
    // In a caller's transaction: announced once it committed (a job), not before.
    await server.database.db.transaction((tx) =>
      server.deps.notifications.notify(
        {
          recipients: [client.id],
          kind: 'project_status_changed',
          title: 'Shop',
          body: 'Approved.',
          link: '/orders',
        },
        { db: tx },
      ),
    );
    const pushed = await socket.next('notification', 10_000);
    expect(pushed.unread).toBe(1);
    expect(pushed.notification).toMatchObject({ title: 'Shop', body: 'Approved.', readAt: null });

    await markRead(client.access, pushed.notification.id);
    expect((await socket.next('notifications-read')).unread).toBe(0);
    await expect(stranger.next('notification', 500)).rejects.toThrow();
    socket.close();
    stranger.close();
  });

  it('tells the other side of a project chat, not those with the room open', async () => {
    const client = await createAccount(server, 'client');
    const order = await placeOrder(server, client, { name: 'Live room' });
    const projectId = order.projects[0]?.id ?? '';
    // Another admin has the room open: they see the message there, so no notification.
    const watching = await createAccount(server, 'admin');
    const socket = await openSocket(server.baseUrl);
    socket.send({ type: 'auth', access: watching.access });
    await socket.next('ready');
    socket.send({ type: 'join', target: { kind: 'project', order: order.id, project: projectId } });
    await socket.next('joined');
    await eventually(async () => {
      const [row] = await server.database.db
        .select()
        .from(projectChatMembers)
        .where(and(eq(projectChatMembers.projectId, projectId), eq(projectChatMembers.userId, watching.id)));
      return row?.activeAt ? row : undefined;
    });
    const sent = await request('/api/v1/chat/set/project/active', {
      token: client.access,
      body: { order: order.id, project: projectId, message: 'Hello team' },
    });
    expect(sent.status).toBe(200);
    const [told] = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.topic, `project-chat:${projectId}`)));
    expect(told).toMatchObject({ kind: 'new_message', body: 'client: Hello team' });
    expect(told?.link).toBe(`/chatroom?order=${order.id}&project=${projectId}`);
    // The sender hears nothing of their own message, and the admin with the room open nothing either.
    expect(await unread(client.access)).toBe(0);
    expect(await unread(watching.access)).toBe(0);
    socket.close();
  });
});

describeRoleMatrix('notifications', () => server, [
  { method: 'GET', path: NOTIFICATION_PATHS.list, allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: NOTIFICATION_PATHS.unread, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: NOTIFICATION_PATHS.read.replace(':id', '00000000-0000-4000-8000-000000000000'),
    allowed: ['client', 'staff', 'admin'],
  },
  { method: 'POST', path: NOTIFICATION_PATHS.readAll, allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: NOTIFICATION_PATHS.preferences, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'PUT',
    path: NOTIFICATION_PATHS.preferences,
    body: { preferences: { quote_sent: 'off' } },
    allowed: ['client', 'staff', 'admin'],
  },
]);
