import { ACCOUNT_PATHS, type SecondFactorStep, TWO_FACTOR_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents } from '../../../db/schema/index.js';
import { createAccount } from '../../../test/fixtures.js';
import { mailsTo } from '../../../test/mail-outbox.js';
import { startTwoFactorServer, type TwoFactorKit } from './two-factor-kit.test-support.js';

/** Two-factor sign-in with an authenticator app: enrolment, the second step, recovery codes. */

let kit: TwoFactorKit;
let server: TwoFactorKit['server'];
let request: TwoFactorKit['request'];
let newIp: TwoFactorKit['newIp'];
let nextStep: TwoFactorKit['nextStep'];
let signUp: TwoFactorKit['signUp'];
let enrolTotp: TwoFactorKit['enrolTotp'];
let passwordStep: TwoFactorKit['passwordStep'];
let secondStep: TwoFactorKit['secondStep'];
let auditActions: TwoFactorKit['auditActions'];
let securityOf: TwoFactorKit['securityOf'];

beforeAll(async () => {
  kit = await startTwoFactorServer();
  ({
    server,
    request,
    newIp,
    nextStep,
    signUp,
    enrolTotp,
    passwordStep,
    secondStep,
    auditActions,
    securityOf,
  } = kit);
});
afterAll(async () => kit?.server.close());

describe('authenticator app (TOTP)', () => {
  it('enrols with a QR code and a first code, shows ten recovery codes once, mails and audits it', async () => {
    const person = await signUp();
    expect(await securityOf(person.access)).toMatchObject({ totpEnabled: false, passkeys: [] });
    const { secret, recoveryCodes, setup } = await enrolTotp(person.access);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.otpauthUrl).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await securityOf(person.access)).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    const mails = (await mailsTo(server, person.email)).filter((mail) =>
      mail.subject.startsWith('Two-factor sign-in changed'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toContain(secret);
    const me = await request<{ userInformation: unknown }>(ACCOUNT_PATHS.userInformationGet, {
      token: person.access,
    });
    expect(me.status).toBe(200);
  });

  it('refuses a wrong first code and a second set-up once it is on', async () => {
    const person = await signUp();
    await request(TWO_FACTOR_PATHS.totpSetup, { token: person.access, body: {} });
    const wrong = await request(TWO_FACTOR_PATHS.totpConfirm, {
      token: person.access,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const bad = await request(TWO_FACTOR_PATHS.totpConfirm, { token: person.access, body: { code: '12ab' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    await enrolTotp(person.access);
    const again = await request(TWO_FACTOR_PATHS.totpSetup, { token: person.access, body: {} });
    expect(again.status).toBe(409);
  });

  it('a password alone gets the second step and no tokens; a code signs in once', async () => {
    const person = await signUp();
    const { secret } = await enrolTotp(person.access);
    const ip = newIp();
    const step = await passwordStep(person.email, person.password, ip);
    expect(step.access).toBeUndefined();
    expect(step.secondFactor?.methods).toEqual(['totp', 'recovery']);
    // The code that confirmed the app is spent.
    const reused = await secondStep(
      step.secondFactor?.challenge ?? '',
      { method: 'totp', code: kit.codeNow(secret) },
      ip,
    );
    expect(reused).toMatchObject({ status: 401, body: { code: 'second_factor_invalid' } });
    nextStep();
    const code = kit.codeNow(secret);
    const signedIn = await secondStep(step.secondFactor?.challenge ?? '', { method: 'totp', code }, ip);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user_type: 'c', access: expect.any(String) });
    // The challenge is spent, and the code is good once even with a new challenge.
    const spent = await secondStep(step.secondFactor?.challenge ?? '', { method: 'totp', code }, ip);
    expect(spent).toMatchObject({ status: 401, body: { code: 'second_factor_required' } });
    const fresh = await passwordStep(person.email, person.password, ip);
    const reuse = await secondStep(fresh.secondFactor?.challenge ?? '', { method: 'totp', code }, ip);
    expect(reuse).toMatchObject({ status: 401, body: { code: 'second_factor_invalid' } });
    const me = await request(ACCOUNT_PATHS.userInformationGet, { token: signedIn.body.access ?? '' });
    expect(me.status).toBe(200);
  });

  it('counts wrong codes: a challenge takes five, then it is spent; failures are audited and limited', async () => {
    const person = await signUp();
    const { secret } = await enrolTotp(person.access);
    const ip = newIp();
    const step = await passwordStep(person.email, person.password, ip);
    const challenge = step.secondFactor?.challenge ?? '';
    for (let i = 0; i < 5; i++) {
      const wrong = await secondStep(challenge, { method: 'totp', code: '111111' }, ip);
      expect(wrong.status).toBe(401);
    }
    // The pair (email, address) is now over its failures: refused before the code is looked at.
    nextStep();
    const limited = await secondStep(challenge, { method: 'totp', code: kit.codeNow(secret) }, ip);
    expect(limited.status).toBe(429);
    // From another address the challenge is still out of attempts.
    const spent = await secondStep(challenge, { method: 'totp', code: kit.codeNow(secret) }, newIp());
    expect(spent).toMatchObject({ status: 401, body: { code: 'second_factor_required' } });
    const me = await request<{ userInformation: { accountInformation: { email: string } } }>(
      ACCOUNT_PATHS.userInformationGet,
      { token: person.access },
    );
    expect(me.status).toBe(200);
    const userId = (await server.deps.accounts.findByEmail(person.email))?.id ?? '';
    const actions = await auditActions(userId);
    expect(actions.filter((action) => action === 'sign_in.failed_second_factor')).toHaveLength(5);
    expect(actions).toContain('two_factor.enabled');
  });

  it('a recovery code signs in once', async () => {
    const person = await signUp();
    const { recoveryCodes } = await enrolTotp(person.access);
    const ip = newIp();
    const code = recoveryCodes[3] ?? '';
    const first = await passwordStep(person.email, person.password, ip);
    const ok = await secondStep(
      first.secondFactor?.challenge ?? '',
      { method: 'recovery', code: code.toUpperCase() },
      ip,
    );
    expect(ok.status).toBe(200);
    const second = await passwordStep(person.email, person.password, ip);
    const again = await secondStep(second.secondFactor?.challenge ?? '', { method: 'recovery', code }, ip);
    expect(again).toMatchObject({ status: 401, body: { code: 'second_factor_invalid' } });
    expect(await securityOf(person.access)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('regenerating recovery codes needs the password and replaces the old ones', async () => {
    const person = await signUp();
    const { recoveryCodes } = await enrolTotp(person.access);
    const wrong = await request(TWO_FACTOR_PATHS.recoveryCodes, {
      token: person.access,
      body: { password: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    const fresh = await request<{ recoveryCodes: string[] }>(TWO_FACTOR_PATHS.recoveryCodes, {
      token: person.access,
      body: { password: person.password },
    });
    expect(fresh.status).toBe(200);
    const ip = newIp();
    const step = await passwordStep(person.email, person.password, ip);
    const old = await secondStep(
      step.secondFactor?.challenge ?? '',
      { method: 'recovery', code: recoveryCodes[0] },
      ip,
    );
    expect(old.status).toBe(401);
    const step2 = await passwordStep(person.email, person.password, ip);
    const ok = await secondStep(
      step2.secondFactor?.challenge ?? '',
      { method: 'recovery', code: fresh.body.recoveryCodes[0] },
      ip,
    );
    expect(ok.status).toBe(200);
  });

  it('Security takes ten wrong passwords or codes a quarter of an hour, then 429', async () => {
    const person = await signUp();
    await enrolTotp(person.access);
    for (let i = 0; i < 10; i++) {
      const wrong = await request(TWO_FACTOR_PATHS.totpDisable, {
        token: person.access,
        body: { code: '999999' },
      });
      expect(wrong.status).toBe(401);
    }
    const limited = await request(TWO_FACTOR_PATHS.recoveryCodes, {
      token: person.access,
      body: { password: person.password },
    });
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(await securityOf(person.access)).toMatchObject({ totpEnabled: true });
  });

  it('turning the app off takes the password or a code; sign-in is a password again', async () => {
    const person = await signUp();
    const { secret } = await enrolTotp(person.access);
    const wrong = await request(TWO_FACTOR_PATHS.totpDisable, {
      token: person.access,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    nextStep();
    const off = await request(TWO_FACTOR_PATHS.totpDisable, {
      token: person.access,
      body: { code: kit.codeNow(secret) },
    });
    expect(off.status).toBe(200);
    expect(await securityOf(person.access)).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
    const plain = await passwordStep(person.email, person.password, newIp());
    expect(plain.access).toEqual(expect.any(String));
    expect(plain.secondFactor).toBeUndefined();
    // Every sign-in is on the person's trail, with how it was made.
    const userId = (await server.deps.accounts.findByEmail(person.email))?.id ?? '';
    const signIns = await server.database.db
      .select({ detail: accountAuditEvents.detail })
      .from(accountAuditEvents)
      .where(and(eq(accountAuditEvents.accountId, userId), eq(accountAuditEvents.action, 'sign_in')));
    expect(signIns.map((row) => row.detail)).toContainEqual({ method: 'password' });
  });
});

describe('the second step', () => {
  it('the admin login asks an admin with a second factor for it, then issues an admin session', async () => {
    const admin = await createAccount(server, 'admin');
    const { secret } = await enrolTotp(admin.access);
    const ip = newIp();
    const login = await request<{ secondFactor?: SecondFactorStep; access?: string }>(
      ACCOUNT_PATHS.adminAuthenticate,
      {
        body: { username: 'admin user', email: admin.email, password: admin.password },
        headers: { 'x-forwarded-for': ip },
      },
    );
    expect(login.status).toBe(200);
    expect(login.body.access).toBeUndefined();
    nextStep();
    const done = await secondStep(
      login.body.secondFactor?.challenge ?? '',
      { method: 'totp', code: kit.codeNow(secret) },
      ip,
    );
    expect(done).toMatchObject({ status: 200, body: { user_type: 'a' } });
  });

  it('a challenge lasts five minutes, and one code used twice at once signs in once', async () => {
    const person = await signUp();
    const { secret } = await enrolTotp(person.access);
    const ip = newIp();
    const old = await passwordStep(person.email, person.password, ip);
    server.clock.advance(5 * 60_000 + 1_000);
    const code = kit.codeNow(secret);
    const expired = await secondStep(old.secondFactor?.challenge ?? '', { method: 'totp', code }, ip);
    expect(expired).toMatchObject({ status: 401, body: { code: 'second_factor_required' } });
    const [a, b] = await Promise.all([
      passwordStep(person.email, person.password, ip),
      passwordStep(person.email, person.password, ip),
    ]);
    const results = await Promise.all([
      secondStep(a.secondFactor?.challenge ?? '', { method: 'totp', code }, ip),
      secondStep(b.secondFactor?.challenge ?? '', { method: 'totp', code }, ip),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('refuses malformed proofs with 400 naming the field', async () => {
    const bad = [
      { challenge: 'x', proof: { method: 'totp', code: '12' } },
      { challenge: 'x', proof: { method: 'sms', code: '123456' } },
      { challenge: '', proof: { method: 'totp', code: '123456' } },
      { challenge: 'x', proof: { method: 'totp', code: '123456', extra: 1 } },
    ];
    for (const body of bad) {
      const response = await request(TWO_FACTOR_PATHS.secondFactor, { body });
      expect(response).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    }
  });
});
