import { COMMON_SECURITY_QUESTIONS } from '@app/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.js';
import * as passwords from '../../platform/auth/passwords.js';
import { signupBody, signupClient, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

const P = {
  signup: '/api/v1/user/authenticate/signup',
  signin: '/api/v1/user/authenticate/signin',
  reset: '/api/v1/user/authenticate/reset_password',
  refresh: '/api/v1/user/authenticate/refresh',
  logout: '/api/v1/user/authenticate/logout',
  admin: '/api/v1/admin/authenticate',
  infoGet: '/api/v1/user/information/get',
  infoPost: '/api/v1/users/information',
};

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe('signup', () => {
  it('creates a client and returns a token pair with a 15-minute access token', async () => {
    const body = signupBody();
    const response = await request(P.signup, { body });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', user_type: 'c' });
    const claims = decodeJwt(String(response.body.access));
    const now = Math.floor(server.clock.now().getTime() / 1000);
    expect(claims.exp).toBe(now + 900);
    expect(typeof response.body.refresh).toBe('string');
  });

  it('stores the password, security answer and refresh token only as hashes', async () => {
    const account = await signupClient(server, { securityQuestionAnswer: 'Secret Answer' });
    const [row] = await server.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(account.password);
    expect(JSON.stringify(row).toLowerCase()).not.toContain('secret answer');
    const tokens = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).not.toBe(account.refresh);
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const account = await signupClient(server);
    const again = await request(P.signup, { body: signupBody({ email: account.email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      status: 'failed',
      code: 'conflict',
      message: 'An account with this email already exists',
    });
  });

  const bad: Array<[string, unknown, RegExp]> = [
    [
      'a missing email',
      (() => {
        const b = signupBody();
        delete (b.data as Partial<typeof b.data>).email;
        return b;
      })(),
      /email/i,
    ],
    ['a malformed email', signupBody({ email: 'not-an-email' }), /valid email/i],
    ['mismatched passwords', signupBody({ confirmationPassword: 'something-else' }), /do not match/i],
    [
      'a short password',
      { ...signupBody({ password: 'short', confirmationPassword: 'short' }), password: 'short' },
      /at least 8/i,
    ],
    ['a missing security question', signupBody({ securityQuestion: '   ' }), /security question/i],
    ['a missing answer', signupBody({ securityQuestionAnswer: '' }), /answer/i],
    ['an unknown field', { ...signupBody(), isAdmin: true }, /The field "isAdmin" is not accepted here/],
    [
      'a wrong-typed field',
      { ...signupBody(), data: { ...signupBody().data, rememberMe: 'yes' } },
      /Remember me must be true or false/,
    ],
    ['agree not ticked', signupBody({ agree: false as unknown as true }), /agree/i],
    ['an oversized name', signupBody({ firstName: 'x'.repeat(5000) }), /at most/i],
    ['a non-object body', [1, 2, 3], /object/i],
  ];
  it.each(bad)('refuses %s with 400 and a message', async (_name, body, message) => {
    const response = await request(P.signup, { body });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('failed');
    expect(String(response.body.message)).toMatch(message);
  });

  it('answers malformed JSON, an empty body and a huge body with 4xx, never 500', async () => {
    expect((await request(P.signup, { body: '{"username": ' })).status).toBe(400);
    expect((await request(P.signup, { body: '' })).status).toBe(400);
    const huge = await request(P.signup, { body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ status: 'failed' });
    const text = await request(P.signup, { body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    const xml = await request(P.signup, { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({
      status: 'failed',
      code: 'unsupported_media_type',
      message: 'Unsupported content type',
    });
  });
});

describe('signin', () => {
  it('signs in with the right password and reports the user type', async () => {
    const account = await signupClient(server);
    const response = await request(P.signin, {
      body: { email: account.email, password: account.password, rememberMe: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', user_type: 'c', message: expect.any(String) });
  });

  it('gives one message for an unknown email and a wrong password', async () => {
    const account = await signupClient(server);
    const wrong = await request(P.signin, { body: { email: account.email, password: 'not-the-password' } });
    const unknown = await request(P.signin, { body: { email: uniqueEmail(), password: 'whatever-123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      status: 'failed',
      code: 'unauthorized',
      message: 'Incorrect email or password',
    });
  });

  it('limits failed attempts per email and address with 429 and Retry-After (more: sign-in-limits)', async () => {
    const account = await signupClient(server);
    for (let i = 0; i < 5; i++) {
      expect(
        (await request(P.signin, { body: { email: account.email, password: `wrong-${i}-xx` } })).status,
      ).toBe(401);
    }
    const limited = await request(P.signin, { body: { email: account.email, password: account.password } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses bad input with 400', async () => {
    expect((await request(P.signin, { body: { email: 'x@y.z' } })).status).toBe(400);
    expect((await request(P.signin, { body: { email: 42, password: 'a' } })).status).toBe(400);
    expect((await request(P.signin, { body: '{"email":' })).status).toBe(400);
  });
});

describe('forgot password', () => {
  it('returns the question, then accepts the answer ignoring case and spaces', async () => {
    const account = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
    const step1 = await request(P.reset, { body: { emailValidation: true, email: account.email } });
    expect(step1.status).toBe(200);
    expect(step1.body).toEqual({ status: 'ok', emailValidation: 'pass', question: account.securityQuestion });

    const step2 = await request(P.reset, {
      body: {
        email: account.email,
        answer: '  bIsCuIt ',
        password1: 'brand-new-pass',
        password2: 'brand-new-pass',
      },
    });
    expect(step2.status).toBe(200);
    expect(step2.body.status).toBe('ok');

    expect(
      (await request(P.signin, { body: { email: account.email, password: account.password } })).status,
    ).toBe(401);
    expect(
      (await request(P.signin, { body: { email: account.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
    // Every earlier session is signed out.
    expect((await request(P.refresh, { body: { refresh: account.refresh } })).status).toBe(401);
  });

  it('refuses a wrong answer and mismatched passwords', async () => {
    const account = await signupClient(server);
    const wrong = await request(P.reset, {
      body: { email: account.email, answer: 'Rex', password1: 'brand-new-pass', password2: 'brand-new-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The answer to the security question is incorrect');
    const mismatch = await request(P.reset, {
      body: {
        email: account.email,
        answer: 'Biscuit',
        password1: 'brand-new-pass',
        password2: 'other-new-pass',
      },
    });
    expect(mismatch.status).toBe(400);
    expect((await request(P.reset, { body: { emailValidation: false, email: account.email } })).status).toBe(
      400,
    );
  });

  it('limits wrong answers per email and address', async () => {
    const account = await signupClient(server);
    const attempt = (answer: string) =>
      request(P.reset, {
        body: { email: account.email, answer, password1: 'brand-new-pass', password2: 'brand-new-pass' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).status).toBe(400);
    expect((await attempt('Biscuit')).status).toBe(429);
  });
});

describe('forgot password does not tell who has an account', () => {
  const step1 = (email: string) => request(P.reset, { body: { emailValidation: true, email } });
  const step2 = (email: string, answer: string) =>
    request(P.reset, { body: { email, answer, password1: 'brand-new-pass', password2: 'brand-new-pass' } });

  it('answers an unknown email with a stable question from the sign-up suggestions', async () => {
    const email = uniqueEmail('nobody');
    const first = await step1(email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'ok', emailValidation: 'pass', question: expect.any(String) });
    expect(COMMON_SECURITY_QUESTIONS).toContain(first.body.question);
    expect((await step1(email.toUpperCase())).body).toEqual(first.body);
    // Derived from the email: over a few emails, more than one question comes up.
    const questions = new Set<unknown>();
    for (let i = 0; i < 12; i++) questions.add((await step1(uniqueEmail('nobody'))).body.question);
    expect(questions.size).toBeGreaterThan(1);
  });

  it('gives a known and an unknown email replies of the same shape', async () => {
    const account = await signupClient(server, { securityQuestion: COMMON_SECURITY_QUESTIONS[1] });
    const known = await step1(account.email);
    const unknown = await step1(uniqueEmail());
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.question).toBe(COMMON_SECURITY_QUESTIONS[1]);
  });

  it('fails step 2 for an unknown email exactly like a wrong answer, as slowly', async () => {
    const account = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
    const wrong = await step2(account.email, 'Rex');
    const unknown = await step2(uniqueEmail(), 'Rex');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'The answer to the security question is incorrect',
    });

    // Not answered in a fraction of the time: an unknown email's failure verifies an argon2 hash of
    // the same parameters, as a wrong answer does. Counted, not timed: timings taken on a busy
    // machine disturbed the two sides differently (the unknown side 15 against 45 ms once).
    const verify = vi.spyOn(passwords, 'verifySecret');
    try {
      const known = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
      verify.mockClear();
      await step2(known.email, 'Rex');
      expect(verify).toHaveBeenCalledTimes(1);
      const knownHash = verify.mock.calls[0]?.[0];
      verify.mockClear();
      await step2(uniqueEmail(), 'Rex');
      expect(verify).toHaveBeenCalledTimes(1);
      const decoyHash = verify.mock.calls[0]?.[0] ?? '';
      // An argon2id hash with the account's parameters (m, t, p), so it costs what a real one does.
      const parameters = (hash: string | undefined) => hash?.split('$').slice(1, 4).join('$');
      expect(decoyHash).toMatch(/^\$argon2id\$/);
      expect(parameters(decoyHash)).toBe(parameters(knownHash));
    } finally {
      verify.mockRestore();
    }
  });

  it('treats a disabled account like an unknown email', async () => {
    const account = await signupClient(server, { securityQuestion: 'My own question, not a suggestion?' });
    await server.database.db.update(users).set({ disabled: true }).where(eq(users.email, account.email));
    const reply = await step1(account.email);
    expect(reply.status).toBe(200);
    expect(COMMON_SECURITY_QUESTIONS).toContain(reply.body.question);
    expect((await step2(account.email, account.securityQuestionAnswer)).status).toBe(400);
  });
});

describe('refresh and logout', () => {
  it('rotates the pair; reusing a spent token revokes the whole family', async () => {
    const account = await signupClient(server);
    const first = await request(P.refresh, { body: { refresh: account.refresh } });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(account.refresh);
    const reuse = await request(P.refresh, { body: { refresh: account.refresh } });
    expect(reuse.status).toBe(401);
    // The thief's reuse also kills the legitimate newer token.
    expect((await request(P.refresh, { body: { refresh: first.body.refresh } })).status).toBe(401);
  });

  it('lives one day without remember-me and 30 days with it', async () => {
    const short = await signupClient(server, { rememberMe: false });
    const long = await signupClient(server, { rememberMe: true });
    server.clock.advance(25 * 60 * 60 * 1000);
    try {
      expect((await request(P.refresh, { body: { refresh: short.refresh } })).status).toBe(401);
      expect((await request(P.refresh, { body: { refresh: long.refresh } })).status).toBe(200);
    } finally {
      server.clock.advance(-25 * 60 * 60 * 1000);
    }
  });

  it('logout revokes the refresh token', async () => {
    const account = await signupClient(server);
    expect((await request(P.logout, { body: { refresh: account.refresh } })).status).toBe(200);
    expect((await request(P.refresh, { body: { refresh: account.refresh } })).status).toBe(401);
  });

  it('refuses junk tokens with 401 and bad bodies with 400', async () => {
    expect((await request(P.refresh, { body: { refresh: 'junk' } })).status).toBe(401);
    expect((await request(P.refresh, { body: {} })).status).toBe(400);
    expect((await request(P.refresh, { body: { refresh: 'x'.repeat(600) } })).status).toBe(400);
  });
});

describe('admin authenticate', () => {
  it('signs in an admin with username, email and password', async () => {
    await server.deps.accounts.createAccount({
      username: 'root-admin',
      firstName: 'Root',
      lastName: 'Admin',
      email: 'root-admin@example.com',
      password: 'admin-password-1',
      securityQuestion: 'q',
      securityQuestionAnswer: 'a',
      userType: 'a',
    });
    const ok = await request(P.admin, {
      body: { username: 'root-admin', email: 'root-admin@example.com', password: 'admin-password-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ok', user_type: 'a' });
    const wrongName = await request(P.admin, {
      body: { username: 'someone', email: 'root-admin@example.com', password: 'admin-password-1' },
    });
    expect(wrongName.status).toBe(401);
  });

  it('refuses a client even with the right password', async () => {
    const client = await signupClient(server);
    const response = await request(P.admin, {
      body: {
        username: `${client.firstName} ${client.lastName}`,
        email: client.email,
        password: client.password,
      },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'unauthorized',
      message: 'Incorrect admin credentials',
    });
  });
});

describe('user information and settings', () => {
  it('returns every User info field by GET and POST', async () => {
    const account = await signupClient(server);
    for (const call of [
      request(P.infoGet, { token: account.access }),
      request(P.infoPost, { token: account.access, body: {} }),
    ]) {
      const response = await call;
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'ok',
        userInformation: {
          hasBusinessAccount: false,
          customerService: false,
          userType: 'c',
          accountInformation: {
            firstName: account.firstName,
            lastName: account.lastName,
            username: `${account.firstName} ${account.lastName}`,
            email: account.email,
          },
          orderInformation: { completedOrders: 0, maxOrders: 0 },
          projectInformation: { completedProjects: 0, maxProjects: 0 },
        },
      });
    }
  });

  it('changes the name, the password (with the current one) and the security question', async () => {
    const account = await signupClient(server);
    const token = account.access;
    expect(
      (await request('/api/v1/user/settings/name', { token, body: { firstName: 'Ada', lastName: 'King' } }))
        .status,
    ).toBe(200);
    const settings = await request<{ settings: { firstName: string } }>('/api/v1/user/settings', { token });
    expect(settings.body.settings.firstName).toBe('Ada');

    const wrongCurrent = await request('/api/v1/user/settings/password', {
      token,
      body: { currentPassword: 'nope-nope', password1: 'next-password-1', password2: 'next-password-1' },
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await request('/api/v1/user/settings/password', {
      token,
      body: { currentPassword: account.password, password1: 'next-password-1', password2: 'next-password-1' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.refresh).toEqual(expect.any(String));
    expect((await request(P.refresh, { body: { refresh: account.refresh } })).status).toBe(401);

    // This device continues with the fresh pair (the old access token ended with its session).
    const question = await request('/api/v1/user/settings/security-question', {
      token: String(changed.body.access),
      body: {
        currentPassword: 'next-password-1',
        securityQuestion: 'Street you grew up on?',
        securityQuestionAnswer: 'Elm',
      },
    });
    expect(question.status).toBe(200);
    const step1 = await request(P.reset, { body: { emailValidation: true, email: account.email } });
    expect(step1.body.question).toBe('Street you grew up on?');
  });
});

describeRoleMatrix('accounts', () => server, [
  { method: 'GET', path: P.infoGet, allowed: ['client', 'staff', 'admin'] },
  { method: 'POST', path: P.infoPost, body: {}, allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: '/api/v1/user/settings', allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: '/api/v1/admin/overview', allowed: ['admin'] },
]);
