import { ACCOUNT_PATHS, type SecondFactorStep, type SecurityStatus, TWO_FACTOR_PATHS } from '@app/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { accountAuditEvents } from '../../../db/schema/index.js';
import { signupBody } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';

/** The origin the server's passkeys are bound to in these tests (PUBLIC_URL); its host is the RP id. */
export const TEST_ORIGIN = 'http://127.0.0.1:3999';

/** A code of the authenticator app at `at`, as the person's phone would show it. */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

export type TwoFactorKit = Awaited<ReturnType<typeof startTwoFactorServer>>;

/**
 * A test server for two-factor sign-in and the calls the tests make: sign-ups, enrolment, the two
 * sign-in steps. TRUST_PROXY: each test signs in from an address of its own (`newIp`), so the
 * sign-in limits never leak between tests.
 */
export async function startTwoFactorServer(env: Record<string, string> = {}) {
  const server: TestServer = await startTestServer({
    env: { TRUST_PROXY: 'true', PUBLIC_URL: TEST_ORIGIN, BRAND_NAME: 'Acme', ...env },
  });
  const request = httpClient(server.baseUrl);
  let ipCounter = 0;
  const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function signUp(firstName = 'Grace') {
    const body = signupBody({ firstName, securityQuestionAnswer: 'Biscuit' });
    const response = await request<{ access: string }>(ACCOUNT_PATHS.signup, {
      body,
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(response.status).toBe(200);
    return { email: body.data.email, password: body.data.password, access: response.body.access };
  }

  async function enrolTotp(access: string) {
    const setup = await request<{ secret: string; qrCode: string; otpauthUrl: string }>(
      TWO_FACTOR_PATHS.totpSetup,
      {
        token: access,
        body: {},
      },
    );
    expect(setup.status).toBe(200);
    const confirmed = await request<{ recoveryCodes: string[] }>(TWO_FACTOR_PATHS.totpConfirm, {
      token: access,
      body: { code: codeAt(setup.body.secret, server.clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes, setup: setup.body };
  }

  async function passwordStep(email: string, password: string, ip: string) {
    const response = await request<{ secondFactor?: SecondFactorStep; access?: string }>(
      ACCOUNT_PATHS.signin,
      {
        body: { email, password },
        headers: { 'x-forwarded-for': ip },
      },
    );
    expect(response.status).toBe(200);
    return response.body;
  }

  const secondStep = (challenge: string, proof: Record<string, unknown>, ip: string) =>
    request<{ access?: string; refresh?: string; user_type?: string; code?: string; message?: string }>(
      TWO_FACTOR_PATHS.secondFactor,
      { body: { challenge, proof }, headers: { 'x-forwarded-for': ip } },
    );

  const auditActions = async (accountId: string) =>
    (
      await server.database.db
        .select({ action: accountAuditEvents.action })
        .from(accountAuditEvents)
        .where(eq(accountAuditEvents.accountId, accountId))
    ).map((row) => row.action);

  const securityOf = async (access: string) =>
    (await request<{ security: SecurityStatus }>(TWO_FACTOR_PATHS.security, { token: access })).body.security;

  return {
    server,
    request,
    newIp,
    /** The next 30-second step: a code of the step just used is refused. */
    nextStep: () => server.clock.advance(30_000),
    codeNow: (secret: string) => codeAt(secret, server.clock.now()),
    signUp,
    enrolTotp,
    passwordStep,
    secondStep,
    auditActions,
    securityOf,
    userIdOf: async (email: string) => (await server.deps.accounts.findByEmail(email))?.id ?? '',
  };
}
