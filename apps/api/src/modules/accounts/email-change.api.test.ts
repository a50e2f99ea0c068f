import { EMAIL_LINK_EXPIRED_MESSAGE, VERIFICATION_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationTokenOf } from '../../test/email-verification.js';
import { createAccount, signupClient, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

/** Settings → email: the new address is verified by its link, and the old one is told (decision 033). */
let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      PUBLIC_URL: 'https://site.example/',
      BRAND_NAME: 'Acme Studio',
      CONTACT_EMAIL: 'help@acme.example',
    },
  });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const change = (token: string, email: string, currentPassword: string) =>
  request<{ message: string }>(VERIFICATION_PATHS.changeEmail, { token, body: { email, currentPassword } });
const verify = (token: string) =>
  request<{ message: string; email: string; alreadyVerified: boolean }>(VERIFICATION_PATHS.verify, {
    body: { token },
  });
const signIn = (email: string, password: string) =>
  request('/api/v1/user/authenticate/signin', { body: { email, password, rememberMe: false } });

describe('changing the email address', () => {
  it('the new address gets a link; opening it changes and verifies the address, and the old one is told', async () => {
    const person = await signupClient(server, { firstName: 'Ada' }, { verify: false });
    const signupLink = await verificationTokenOf(server, person.email);
    const next = uniqueEmail('new');
    const asked = await change(person.access, next.toUpperCase(), person.password);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toBe(
      `We sent a link to ${next}: your address changes when you open it. Until then it stays ${person.email}`,
    );
    // Nothing changed yet.
    expect((await signIn(person.email, person.password)).status).toBe(200);
    const [confirm] = await mailsTo(server, next);
    expect(confirm?.subject).toBe('Confirm your new email address for Acme Studio');
    expect(confirm?.text).toContain(`until then your account keeps ${person.email}`);

    server.clock.set(new Date('2026-09-10T11:12:00Z'));
    const opened = await verify(await verificationTokenOf(server, next));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      email: next,
      alreadyVerified: false,
      message: `Thank you: your email address is now ${next}`,
    });
    expect((await signIn(next, person.password)).status).toBe(200);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    const status = await request<{ email: string; verified: boolean }>(VERIFICATION_PATHS.status, {
      token: person.access,
    });
    expect(status.body).toMatchObject({ email: next, verified: true });

    const told = (await mailsTo(server, person.email)).filter(
      (mail) => mail.subject === 'Your Acme Studio email address was changed',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      `was changed from ${person.email} to ${next} on 10 September 2026 at 11:12 UTC`,
    );
    expect(told[0]?.text).toContain('help@acme.example');

    // The old address's link can neither verify it nor change the address back.
    const old = await verify(signupLink);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'invalid_input', message: EMAIL_LINK_EXPIRED_MESSAGE });
  });

  it('refuses a wrong password, the same address and one another account has', async () => {
    const person = await createAccount(server, 'client');
    const other = await createAccount(server, 'client');
    const wrong = await change(person.access, uniqueEmail('x'), 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_input', field: 'currentPassword' });
    const same = await change(person.access, person.email, person.password);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ field: 'email', message: 'That is already your email address' });
    const taken = await change(person.access, other.email, person.password);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'conflict', field: 'email' });
    const bad = await change(person.access, 'not-an-email', person.password);
    expect(bad.status).toBe(400);
    expect(
      (
        await request(VERIFICATION_PATHS.changeEmail, {
          body: { email: uniqueEmail(), currentPassword: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('a newer request ends the older link; an address taken meanwhile is refused when the link is opened', async () => {
    const person = await createAccount(server, 'client');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await change(person.access, first, person.password)).status).toBe(200);
    const firstLink = await verificationTokenOf(server, first);
    expect((await change(person.access, second, person.password)).status).toBe(200);
    expect((await verify(firstLink)).status).toBe(400);

    // Someone signs up with the second address before the link is opened.
    await signupClient(server, { email: second }, { verify: false });
    const links = (await mailsTo(server, second)).filter((mail) =>
      mail.subject.startsWith('Confirm your new'),
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(links[0]?.text ?? '')?.[1] ?? '';
    const taken = await verify(token);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'conflict',
      message: 'An account with this email already exists',
    });
    expect((await signIn(person.email, person.password)).status).toBe(200);
  });

  it('is limited to 5 requests an hour per person', async () => {
    const person = await createAccount(server, 'client');
    for (let i = 0; i < 5; i += 1)
      expect((await change(person.access, uniqueEmail(), 'wrong-password')).status).toBe(400);
    const limited = await change(person.access, uniqueEmail(), person.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
  });
});
