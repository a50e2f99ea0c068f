import { USER_ADMIN_PATHS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, SendOptions } from '../../platform/mail/mailer.js';
import { createAccount, signupBody, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

const SIGNUP = '/api/v1/user/authenticate/signup';
const SIGNIN = '/api/v1/user/authenticate/signin';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: 'https://site.example/', BRAND_NAME: 'Acme Studio' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe('welcome mail', () => {
  it('sign-up mails one welcome with the next steps, in text and HTML, linking with PUBLIC_URL', async () => {
    const body = signupBody({ firstName: 'Ada' });
    expect((await request(SIGNUP, { body })).status).toBe(200);
    const mails = await mailsTo(server, body.data.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Welcome to Acme Studio, Ada');
    expect(mail?.text).toContain('Hello Ada,');
    for (const link of [
      'https://site.example/profile',
      'https://site.example/orders',
      'https://site.example/orders/create',
      'https://site.example/store/key-manager',
    ]) {
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(`href="${link}"`);
    }
    expect(mail?.text).not.toContain('site.example//');
  });

  it('a refused sign-up (email taken) sends nothing more', async () => {
    const body = signupBody();
    expect((await request(SIGNUP, { body })).status).toBe(200);
    expect((await request(SIGNUP, { body })).status).toBe(409);
    expect(await mailsTo(server, body.data.email)).toHaveLength(1);
  });

  it('accounts an admin creates for staff get no welcome mail', async () => {
    const admin = await createAccount(server, 'admin');
    const email = uniqueEmail('staff');
    const created = await request(USER_ADMIN_PATHS.createStaff, {
      token: admin.access,
      body: {
        firstName: 'Sam',
        lastName: 'Staff',
        email,
        password: 'staff-password-1',
        designation: 'Developer',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await mailsTo(server, email)).toEqual([]);
  });

  it('a mail that cannot be recorded does not fail the sign-up', async () => {
    const mailer = server.deps.mailer;
    const send = mailer.send;
    // The database refuses the mail's write inside the sign-up transaction.
    mailer.send = async (_message: MailMessage, options?: SendOptions) => {
      await options?.db?.execute(sql`select 1 / 0`);
      return '';
    };
    try {
      const body = signupBody();
      const response = await request(SIGNUP, { body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const signin = await request(SIGNIN, {
        body: { email: body.data.email, password: body.data.password, rememberMe: false },
      });
      expect(signin.status).toBe(200);
      expect(await mailsTo(server, body.data.email)).toEqual([]);
    } finally {
      mailer.send = send;
    }
  });
});
