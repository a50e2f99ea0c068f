import { ACCOUNT_PATHS, PROJECT_PATHS, type SecondFactorStep, TWO_FACTOR_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents, accountMembers, userSessions } from '../../../db/schema/index.js';
import { createAccount } from '../../../test/fixtures.js';
import { startTestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { SoftwareAuthenticator } from './software-authenticator.test-support.js';
import {
  codeAt,
  startTwoFactorServer,
  TEST_ORIGIN,
  type TwoFactorKit,
} from './two-factor-kit.test-support.js';

/** The second factor beyond sign-in: the reset, passkeys, an account's rule and the company's. */

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

describe('security-question reset', () => {
  it('asks for the second factor after a right answer, and changes nothing until it is given', async () => {
    const person = await signUp();
    const { secret } = await enrolTotp(person.access);
    const ip = newIp();
    const step2 = {
      email: person.email,
      answer: 'Biscuit',
      password1: 'brand-new-pass-7',
      password2: 'brand-new-pass-7',
    };
    const asked = await request<{ secondFactor?: SecondFactorStep; message?: string }>(
      ACCOUNT_PATHS.resetPassword,
      {
        body: step2,
        headers: { 'x-forwarded-for': ip },
      },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.secondFactor?.methods).toContain('totp');
    // Nothing changed: the old password still gets the sign-in's second step.
    expect((await passwordStep(person.email, person.password, ip)).secondFactor).toBeDefined();
    const challenge = asked.body.secondFactor?.challenge ?? '';
    const wrong = await request(ACCOUNT_PATHS.resetPassword, {
      body: { ...step2, secondFactor: { challenge, proof: { method: 'totp', code: '222222' } } },
      headers: { 'x-forwarded-for': ip },
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'second_factor_invalid' } });
    // A sign-in challenge does not do for a reset.
    const signinStep = await passwordStep(person.email, person.password, ip);
    nextStep();
    const crossed = await request(ACCOUNT_PATHS.resetPassword, {
      body: {
        ...step2,
        secondFactor: {
          challenge: signinStep.secondFactor?.challenge,
          proof: { method: 'totp', code: kit.codeNow(secret) },
        },
      },
      headers: { 'x-forwarded-for': ip },
    });
    expect(crossed.status).toBe(401);
    const done = await request<{ message?: string }>(ACCOUNT_PATHS.resetPassword, {
      body: {
        ...step2,
        secondFactor: { challenge, proof: { method: 'totp', code: kit.codeNow(secret) } },
      },
      headers: { 'x-forwarded-for': ip },
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password has been changed/);
    const old = await request(ACCOUNT_PATHS.signin, {
      body: { email: person.email, password: person.password },
      headers: { 'x-forwarded-for': ip },
    });
    expect(old.status).toBe(401);
    expect((await passwordStep(person.email, 'brand-new-pass-7', ip)).secondFactor).toBeDefined();
  });

  it('keeps the spec steps for a person without a second factor', async () => {
    const person = await signUp();
    const done = await request<{ message?: string; secondFactor?: unknown }>(ACCOUNT_PATHS.resetPassword, {
      body: {
        email: person.email,
        answer: 'Biscuit',
        password1: 'brand-new-pass-8',
        password2: 'brand-new-pass-8',
      },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(done.status).toBe(200);
    expect(done.body.secondFactor).toBeUndefined();
  });
});

describe('passkeys', () => {
  it('adds, names, signs in with and removes a passkey (a software authenticator)', async () => {
    const person = await signUp();
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    const options = await request<{ options: { challenge: string; rp: { id: string } } }>(
      TWO_FACTOR_PATHS.passkeyOptions,
      { token: person.access, body: {} },
    );
    expect(options.status).toBe(200);
    expect(options.body.options.rp.id).toBe('127.0.0.1');
    const added = await request<{ passkey: { id: string; name: string }; recoveryCodes: string[] }>(
      TWO_FACTOR_PATHS.passkeys,
      {
        token: person.access,
        body: {
          name: 'Laptop',
          attestation: authenticator.register(options.body.options.challenge, '127.0.0.1'),
        },
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.passkey.name).toBe('Laptop');
    expect(added.body.recoveryCodes).toHaveLength(10);
    const renamed = await request<{ passkey: { name: string } }>(
      TWO_FACTOR_PATHS.passkey.replace(':id', added.body.passkey.id),
      { token: person.access, method: 'PATCH', body: { name: 'Work laptop' } },
    );
    expect(renamed.body.passkey.name).toBe('Work laptop');

    const ip = newIp();
    const step = await passwordStep(person.email, person.password, ip);
    expect(step.secondFactor?.methods).toEqual(['recovery', 'passkey']);
    const webauthnChallenge = step.secondFactor?.passkeyOptions?.challenge ?? '';
    const forged = authenticator.assert(webauthnChallenge, '127.0.0.1', { tamper: true });
    const refused = await secondStep(
      step.secondFactor?.challenge ?? '',
      { method: 'passkey', assertion: forged },
      ip,
    );
    expect(refused.status).toBe(401);
    const assertion = authenticator.assert(webauthnChallenge, '127.0.0.1');
    const signedIn = await secondStep(
      step.secondFactor?.challenge ?? '',
      { method: 'passkey', assertion },
      ip,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.access).toEqual(expect.any(String));

    const removed = await request(TWO_FACTOR_PATHS.passkey.replace(':id', added.body.passkey.id), {
      token: person.access,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const userId = (await server.deps.accounts.findByEmail(person.email))?.id ?? '';
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(['passkey.added', 'passkey.removed', 'sign_in']),
    );
    expect((await passwordStep(person.email, person.password, ip)).access).toEqual(expect.any(String));
  });
});

describe('policies', () => {
  it("an account owner's rule refuses members without a second factor; turning it on needs one's own", async () => {
    const owner = await signUp('Olive');
    const early = await request(TWO_FACTOR_PATHS.accountPolicy, {
      token: owner.access,
      method: 'PUT',
      body: { required: true },
    });
    expect(early.status).toBe(400);
    await enrolTotp(owner.access);
    const on = await request(TWO_FACTOR_PATHS.accountPolicy, {
      token: owner.access,
      method: 'PUT',
      body: { required: true },
    });
    expect(on).toMatchObject({ status: 200, body: { required: true } });
    const ownerRow = await server.deps.accounts.findByEmail(owner.email);
    const member = await createAccount(server, 'client');
    await server.database.db
      .insert(accountMembers)
      .values({ accountId: ownerRow?.id ?? '', userId: member.id, role: 'admin' });
    // The member's session acts for the owner's account (as the switcher does).
    const [session] = await server.database.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.userId, member.id))
      .limit(1);
    await server.deps.sessions.switchAccount(member.id, session?.id ?? '', ownerRow?.id ?? '');
    const refused = await request(TWO_FACTOR_PATHS.accountPolicy, {
      token: member.access,
      method: 'PUT',
      body: { required: false },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'two_factor_required' } });
    // Security stays open to them, naming the account's rule.
    expect(await securityOf(member.access)).toMatchObject({ account: { requiresTwoFactor: true } });
    await enrolTotp(member.access);
    const allowed = await request(TWO_FACTOR_PATHS.accountPolicy, {
      token: member.access,
      method: 'PUT',
      body: { required: false },
    });
    expect(allowed.status).toBe(200);
    const events = await server.database.db
      .select({ action: accountAuditEvents.action })
      .from(accountAuditEvents)
      .where(
        and(
          eq(accountAuditEvents.accountId, ownerRow?.id ?? ''),
          eq(accountAuditEvents.action, 'account.two_factor_policy'),
        ),
      );
    expect(events).toHaveLength(2);
  });

  it('STAFF_TWO_FACTOR=required holds staff and admins to Security and their profile until they enrol', async () => {
    const strict = await startTestServer({ env: { STAFF_TWO_FACTOR: 'required', PUBLIC_URL: TEST_ORIGIN } });
    try {
      const call = httpClient(strict.baseUrl);
      const staff = await createAccount(strict, 'staff');
      const client = await createAccount(strict, 'client');
      const refused = await call(PROJECT_PATHS.staffProjects, { token: staff.access });
      expect(refused).toMatchObject({ status: 403, body: { code: 'two_factor_required' } });
      expect((await call(ACCOUNT_PATHS.userInformationGet, { token: staff.access })).status).toBe(200);
      expect((await call(TWO_FACTOR_PATHS.security, { token: staff.access })).body).toMatchObject({
        security: { requiredBySite: true },
      });
      expect((await call(ACCOUNT_PATHS.userInformationGet, { token: client.access })).status).toBe(200);
      const setup = await call<{ secret: string }>(TWO_FACTOR_PATHS.totpSetup, {
        token: staff.access,
        body: {},
      });
      const confirmed = await call(TWO_FACTOR_PATHS.totpConfirm, {
        token: staff.access,
        body: { code: codeAt(setup.body.secret, strict.clock.now()) },
      });
      expect(confirmed.status).toBe(200);
      expect((await call(PROJECT_PATHS.staffProjects, { token: staff.access })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
