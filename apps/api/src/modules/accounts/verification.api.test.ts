import { EMAIL_LINK_EXPIRED_MESSAGE, EMAIL_LINK_INVALID_MESSAGE, VERIFICATION_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents, users } from '../../db/schema/index.js';
import { verificationTokenOf } from '../../test/email-verification.js';
import { createAccount, signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: 'https://site.example/', BRAND_NAME: 'Acme Studio' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

async function idOf(email: string): Promise<string> {
  const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

const unverified = () => signupClient(server, {}, { verify: false });
const statusOf = (access: string) =>
  request<{ verified: boolean; verifiedAt: string | null; email: string }>(VERIFICATION_PATHS.status, {
    token: access,
  });
const verify = (token: string) =>
  request<{ message: string; alreadyVerified: boolean; email: string }>(VERIFICATION_PATHS.verify, {
    body: { token },
  });

describe('email verification', () => {
  it('sign-up mails the link in the welcome mail; opening it verifies once, a second opening changes nothing', async () => {
    const account = await unverified();
    expect((await statusOf(account.access)).body).toMatchObject({ verified: false, verifiedAt: null });
    const [welcome] = await mailsTo(server, account.email);
    expect(welcome?.subject).toBe('Welcome to Acme Studio, Grace');
    expect(welcome?.text).toMatch(/https:\/\/site\.example\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(welcome?.html).toContain('Verify my email address</a>');

    const token = await verificationTokenOf(server, account.email);
    const first = await verify(token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ email: account.email, alreadyVerified: false });
    const status = await statusOf(account.access);
    expect(status.body.verified).toBe(true);
    const verifiedAt = status.body.verifiedAt;

    server.clock.advance(60_000);
    const again = await verify(token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      alreadyVerified: true,
      message: `${account.email} is already verified`,
    });
    expect((await statusOf(account.access)).body.verifiedAt).toBe(verifiedAt);

    // The audit trail of the person's own account has it, once.
    const userId = await idOf(account.email);
    const events = await server.database.db
      .select()
      .from(accountAuditEvents)
      .where(and(eq(accountAuditEvents.accountId, userId), eq(accountAuditEvents.action, 'email.verified')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ target: account.email, actorName: 'Grace Hopper' });
  });

  it('a link older than 48 hours is refused, and a new one from the profile works', async () => {
    const account = await unverified();
    const token = await verificationTokenOf(server, account.email);
    server.clock.advance(48 * 60 * 60 * 1000 + 1_000);
    try {
      const expired = await verify(token);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({
        status: 'failed',
        code: 'invalid_input',
        field: 'token',
        message: EMAIL_LINK_EXPIRED_MESSAGE,
      });
      // The session expired with the clock: sign in again.
      const refreshed = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
        body: { email: account.email, password: account.password, rememberMe: false },
      });
      expect(refreshed.status).toBe(200);
      const resent = await request<{ message: string }>(VERIFICATION_PATHS.resend, {
        method: 'POST',
        token: refreshed.body.access,
      });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.message).toContain(account.email);
      const mails = await mailsTo(server, account.email);
      expect(mails.at(-1)?.subject).toBe('Verify your email address for Acme Studio');
      const fresh = await verificationTokenOf(server, account.email);
      expect(fresh).not.toBe(token);
      expect((await verify(fresh)).status).toBe(200);
      expect((await statusOf(refreshed.body.access)).body.verified).toBe(true);
    } finally {
      server.clock.advance(-(48 * 60 * 60 * 1000 + 1_000));
    }
  });

  it('a wrong or malformed token is refused without naming anyone', async () => {
    for (const token of ['A'.repeat(43), 'short', 'has spaces and more characters than twenty', '']) {
      const response = await verify(token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        status: 'failed',
        code: 'invalid_input',
        message: EMAIL_LINK_INVALID_MESSAGE,
      });
    }
    const extra = await request(VERIFICATION_PATHS.verify, {
      body: { token: 'A'.repeat(43), email: 'x@y.z' },
    });
    expect(extra.status).toBe(400);
  });

  it('"send the link again" is limited to 3 an hour, and refused once verified', async () => {
    const account = await unverified();
    const resend = () => request(VERIFICATION_PATHS.resend, { method: 'POST', token: account.access });
    for (let i = 0; i < 3; i += 1) expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'failed', code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each link works (the newest here); the mails are one welcome and three links.
    expect(await mailsTo(server, account.email)).toHaveLength(4);
    expect((await verify(await verificationTokenOf(server, account.email))).status).toBe(200);

    const verified = await createAccount(server, 'client');
    const refused = await request(VERIFICATION_PATHS.resend, { method: 'POST', token: verified.access });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'conflict',
      message: 'Your email address is already verified',
    });
  });

  it('status and resend need a signed-in person', async () => {
    expect((await request(VERIFICATION_PATHS.status)).status).toBe(401);
    expect((await request(VERIFICATION_PATHS.resend, { method: 'POST' })).status).toBe(401);
  });
});
