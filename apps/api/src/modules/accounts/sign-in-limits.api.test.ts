import { ACCOUNT_PATHS as P } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signupBody, signupClient, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { DEFAULT_AUTH_LIMITS } from './limits.js';

// TRUST_PROXY: each request says which client address it comes from (X-Forwarded-For).
let server: TestServer;
let tight: TestServer;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  tight = await startTestServer({
    env: { TRUST_PROXY: 'true' },
    authLimits: { attemptsPerIp: 3, signupsPerIp: 2 },
  });
});
afterAll(async () => {
  await server?.close();
  await tight?.close();
});

const from = (target: TestServer, ip: string) => {
  const request = httpClient(target.baseUrl);
  return (path: string, body: unknown) => request(path, { body, headers: { 'x-forwarded-for': ip } });
};
const signin = (ip: string, email: string, password: string, target = server) =>
  from(target, ip)(P.signin, { email, password, rememberMe: false });
const adminLogin = (ip: string, email: string, password: string, target = server) =>
  from(target, ip)(P.adminAuthenticate, { username: 'admin User', email, password });
const answer = (ip: string, email: string, given: string) =>
  from(server, ip)(P.resetPassword, {
    email,
    answer: given,
    password1: 'brand-new-pass',
    password2: 'brand-new-pass',
  });

describe('sign-in failures are counted per email and client address', () => {
  it('50 failures from one address do not stop the owner signing in from another', async () => {
    const owner = await signupClient(server);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await signin(attacker, owner.email, `guess-${i}-xx`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    expect((await signin(freshIp(), owner.email, owner.password)).status).toBe(200);
    // The attacker's address stays refused for this email, even with the right password.
    const blocked = await signin(attacker, owner.email, owner.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({ status: 'failed' });
  });

  it('a successful sign-in clears the failures of its own address', async () => {
    const owner = await signupClient(server);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await signin(ip, owner.email, `typo-${i}-xx`)).status).toBe(401);
    expect((await signin(ip, owner.email, owner.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signin(ip, owner.email, `typo-${i}-yy`)).status).toBe(401);
    expect((await signin(ip, owner.email, owner.password)).status).toBe(200);
  });

  it('failures spread over many addresses slow the email down briefly for everyone', async () => {
    const owner = await signupClient(server);
    const perAddress = DEFAULT_AUTH_LIMITS.failuresPerEmailAndIp;
    const addresses = Math.ceil(DEFAULT_AUTH_LIMITS.failuresPerEmail / perAddress);
    for (let a = 0; a < addresses; a++) {
      const ip = freshIp();
      for (let i = 0; i < perAddress; i++)
        expect((await signin(ip, owner.email, `spread-${i}`)).status).toBe(401);
    }
    const slowed = await signin(freshIp(), owner.email, owner.password);
    expect(slowed.status).toBe(429);
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // A short pause, not the 15-minute lock-out of one address.
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_AUTH_LIMITS.emailWindowSeconds);
    // Other accounts are not affected.
    const other = await signupClient(server);
    expect((await signin(freshIp(), other.email, other.password)).status).toBe(200);
  });
});

describe('the admin login has its own counters', () => {
  it('client sign-in failures for an email do not block its admin login, nor the reverse', async () => {
    const admin = await createAccount(server, 'admin');
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await signin(ip, admin.email, `wrong-${i}-xx`);
    expect((await signin(ip, admin.email, admin.password)).status).toBe(429);
    expect((await adminLogin(ip, admin.email, admin.password)).status).toBe(200);

    const other = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await adminLogin(other, admin.email, `wrong-${i}-yy`)).status).toBe(401);
    expect((await adminLogin(other, admin.email, admin.password)).status).toBe(429);
    expect((await signin(other, admin.email, admin.password)).status).toBe(200);
  });

  it('an address over its sign-in ceiling can still use the admin login and the reset', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await signin(ip, uniqueEmail(), 'whatever-123', tight)).status).toBe(401);
    const limited = await signin(ip, uniqueEmail(), 'whatever-123', tight);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await adminLogin(ip, uniqueEmail(), 'whatever-123', tight)).status).toBe(401);
    const step1 = await from(tight, ip)(P.resetPassword, { emailValidation: true, email: uniqueEmail() });
    expect(step1.status).toBe(200);
    // Another address is not affected.
    expect((await signin(freshIp(), uniqueEmail(), 'whatever-123', tight)).status).toBe(401);
  });
});

describe('forgot-password answers are counted per email and client address', () => {
  it('50 wrong answers from one address do not stop the owner resetting from another', async () => {
    const owner = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await answer(attacker, owner.email, `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect((await answer(attacker, owner.email, 'Biscuit')).status).toBe(429);
    expect((await answer(freshIp(), owner.email, 'biscuit')).status).toBe(200);
  });
});

describe('sign-up', () => {
  it('limits sign-ups per client address with 429 and Retry-After', async () => {
    const ip = freshIp();
    const signup = (address: string) => from(tight, address)(P.signup, signupBody());
    expect((await signup(ip)).status).toBe(200);
    expect((await signup(ip)).status).toBe(200);
    const limited = await signup(ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ status: 'failed' });
    expect((await signup(freshIp())).status).toBe(200);
  });
});
