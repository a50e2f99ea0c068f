import { ACCOUNT_PATHS as P } from '@app/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SESSION_CACHE_TTL_MS } from '../../platform/auth/session-cache.js';
import { createAccount, signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { onPostgres, twoInstances } from '../../test/two-instances.js';

const SIGNED_OUT = {
  status: 'failed',
  code: 'unauthorized',
  message: 'You have been signed out; sign in again',
};

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

/** A guarded route: 200 while the access token's session lasts. */
const information = (token: string, on = request) => on(P.userInformationGet, { token });

async function signIn(email: string, password: string) {
  const reply = await request<{ access: string; refresh: string }>(P.signin, {
    body: { email, password, rememberMe: false },
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('an access token stops working when its session ends', () => {
  it('at log-out; the same user’s other sessions go on', async () => {
    const account = await signupClient(server);
    const otherDevice = await signIn(account.email, account.password);
    // Seen once, so the guard has the session in its cache.
    expect((await information(account.access)).status).toBe(200);
    expect((await request(P.logout, { body: { refresh: account.refresh } })).status).toBe(200);
    const after = await information(account.access);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(SIGNED_OUT);
    expect((await information(otherDevice.access)).status).toBe(200);
  });

  it('at a password change on every device but the one that changed it', async () => {
    const account = await signupClient(server);
    const otherDevice = await signIn(account.email, account.password);
    expect((await information(otherDevice.access)).status).toBe(200);
    const changed = await request<{ access: string }>(P.settingsPassword, {
      token: account.access,
      body: { currentPassword: account.password, password1: 'next-password-1', password2: 'next-password-1' },
    });
    expect(changed.status).toBe(200);
    expect((await information(account.access)).status).toBe(401);
    expect((await information(otherDevice.access)).status).toBe(401);
    expect((await information(changed.body.access)).status).toBe(200);
  });

  it('at a password reset', async () => {
    const account = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
    expect((await information(account.access)).status).toBe(200);
    const reset = await request(P.resetPassword, {
      body: {
        email: account.email,
        answer: 'Biscuit',
        password1: 'brand-new-pass',
        password2: 'brand-new-pass',
      },
    });
    expect(reset.status).toBe(200);
    expect((await information(account.access)).status).toBe(401);
  });

  it('when a spent refresh token is reused: every access token of the family', async () => {
    const account = await signupClient(server);
    const rotated = await request<{ access: string; refresh: string }>(P.refresh, {
      body: { refresh: account.refresh },
    });
    expect(rotated.status).toBe(200);
    expect((await information(rotated.body.access)).status).toBe(200);
    expect((await information(account.access)).status).toBe(200);
    expect((await request(P.refresh, { body: { refresh: account.refresh } })).status).toBe(401);
    expect((await information(rotated.body.access)).status).toBe(401);
    expect((await information(account.access)).status).toBe(401);
  });

  it('when an admin disables the account', async () => {
    const admin = await createAccount(server, 'admin');
    const staff = await createAccount(server, 'staff');
    expect((await information(staff.access)).status).toBe(200);
    const disabled = await request('/api/v1/admin/users/disable', {
      token: admin.access,
      body: { userID: staff.id, disabled: true },
    });
    expect(disabled.status).toBe(200);
    const after = await information(staff.access);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      status: 'failed',
      code: 'unauthorized',
      message: 'This account is not active',
    });
    await request('/api/v1/admin/users/disable', {
      token: admin.access,
      body: { userID: staff.id, disabled: false },
    });
    expect((await information(staff.access)).status).toBe(200);
  });

  it('refuses a validly signed token without a session id (issued before sessions were checked)', async () => {
    const account = await createAccount(server, 'client');
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const legacy = await new SignJWT({ user_type: 'c' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(account.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    expect((await information(legacy)).status).toBe(401);
    // A session id of another user's session does not work either.
    const other = await createAccount(server, 'client');
    const [, payload] = other.access.split('.');
    const { sid } = JSON.parse(Buffer.from(String(payload), 'base64url').toString()) as { sid: string };
    const borrowed = await new SignJWT({ user_type: 'c', sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(account.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    expect((await information(borrowed)).status).toBe(401);
    expect((await information(account.access)).status).toBe(200);
  });
});

const startTwoInstances = twoInstances();

describe('two API instances on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)(
    'a log-out or password change on instance A ends the session on instance B before B’s cached copy would expire (skipped without TEST_DATABASE_URL: needs PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const [a, b] = await startTwoInstances();
      const onA = httpClient(a.baseUrl);
      const onB = httpClient(b.baseUrl);
      /** Polls B until the token is refused; true if that happened well within B's cache TTL. */
      const refusedOnBSoon = async (token: string, cachedAt: number) => {
        const deadline = cachedAt + AUTH_SESSION_CACHE_TTL_MS / 2;
        while (Date.now() < deadline) {
          if ((await information(token, onB)).status === 401) return Date.now() < deadline;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return false;
      };

      const loggingOut = await signupClient(a);
      let cachedAt = Date.now();
      expect((await information(loggingOut.access, onB)).status).toBe(200);
      expect((await onA(P.logout, { body: { refresh: loggingOut.refresh } })).status).toBe(200);
      expect(await refusedOnBSoon(loggingOut.access, cachedAt)).toBe(true);

      const changing = await signupClient(a);
      cachedAt = Date.now();
      expect((await information(changing.access, onB)).status).toBe(200);
      const changed = await onA<{ access: string }>(P.settingsPassword, {
        token: changing.access,
        body: {
          currentPassword: changing.password,
          password1: 'next-password-1',
          password2: 'next-password-1',
        },
      });
      expect(changed.status).toBe(200);
      expect(await refusedOnBSoon(changing.access, cachedAt)).toBe(true);
      expect((await information(changed.body.access, onB)).status).toBe(200);
    },
  );
});
