import { ACCOUNT_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

/** The owner hears of every password change they did not necessarily make themselves (decision 018). */
let server: TestServer;
let request: ReturnType<typeof httpClient>;
const SUBJECT = 'Your Acme Studio password was changed';

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

async function signUp(firstName: string) {
  const body = signupBody({ firstName, securityQuestionAnswer: 'Marmalade the cat' });
  const response = await request<{ access: string }>(ACCOUNT_PATHS.signup, { body });
  expect(response.status).toBe(200);
  return { email: body.data.email, password: body.data.password, access: response.body.access };
}

const passwordMails = async (email: string) =>
  (await mailsTo(server, email)).filter((mail) => mail.subject === SUBJECT);

/** Nothing secret in either part: not the old or new password, not the security answer. */
function expectNoSecrets(mail: { text: string; html: string | null }, secrets: string[]) {
  for (const secret of secrets) {
    expect(mail.text.toLowerCase()).not.toContain(secret.toLowerCase());
    expect((mail.html ?? '').toLowerCase()).not.toContain(secret.toLowerCase());
  }
}

describe('password changed mail', () => {
  it('a change in Settings mails the owner when and how, what to do if it was not them, and no secret', async () => {
    const owner = await signUp('Ada');
    server.clock.set(new Date('2026-03-04T05:06:00Z'));
    const wrong = await request(ACCOUNT_PATHS.settingsPassword, {
      token: owner.access,
      body: {
        currentPassword: 'not-my-password',
        password1: 'brand-new-pass-9',
        password2: 'brand-new-pass-9',
      },
    });
    expect(wrong.status).toBe(400);
    expect(await passwordMails(owner.email)).toEqual([]);

    const changed = await request(ACCOUNT_PATHS.settingsPassword, {
      token: owner.access,
      body: { currentPassword: owner.password, password1: 'brand-new-pass-9', password2: 'brand-new-pass-9' },
    });
    expect(changed.status).toBe(200);
    const mails = await passwordMails(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no mail');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(
      `(${owner.email}) was changed on 4 March 2026 at 05:06 UTC, in your account settings`,
    );
    expect(mail.text).toContain('If it was not you');
    expect(mail.text).toContain('https://site.example/signin');
    expect(mail.text).toContain('https://site.example/profile?tab=settings');
    expect(mail.text).toContain('help@acme.example');
    expect(mail.html).toContain('href="https://site.example/signin"');
    expect(mail.html).toContain('>Acme Studio</div>');
    expectNoSecrets(mail, [owner.password, 'brand-new-pass-9', 'Marmalade']);
  });

  it('a reset with the security question mails the owner too; a wrong answer mails nothing', async () => {
    const owner = await signUp('Grace');
    server.clock.set(new Date('2026-07-08T21:30:00Z'));
    const wrong = await request(ACCOUNT_PATHS.resetPassword, {
      body: { email: owner.email, answer: 'a dog', password1: 'reset-pass-77', password2: 'reset-pass-77' },
    });
    expect(wrong.status).toBe(400);
    expect(await passwordMails(owner.email)).toEqual([]);

    const reset = await request(ACCOUNT_PATHS.resetPassword, {
      body: {
        email: owner.email,
        answer: 'Marmalade the cat',
        password1: 'reset-pass-77',
        password2: 'reset-pass-77',
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const mails = await passwordMails(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no mail');
    expect(mail.text).toContain('was changed on 8 July 2026 at 21:30 UTC, with "Forgot password?"');
    expect(mail.text).toContain('Every other device signed in to your account was signed out.');
    expectNoSecrets(mail, [owner.password, 'reset-pass-77', 'Marmalade']);
  });
});
