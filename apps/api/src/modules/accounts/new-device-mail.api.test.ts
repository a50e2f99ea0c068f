import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { createAccount, signupBody } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

const CHROME_131 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_132 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SUBJECT = 'New sign-in to your Acme Studio account';
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://site.example/',
      BRAND_NAME: 'Acme Studio',
      CONTACT_EMAIL: 'help@acme.example',
    },
  });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const from = (agent: string, ip: string) => ({ 'user-agent': agent, 'x-forwarded-for': ip });

async function signIn(email: string, password: string, headers: Record<string, string>) {
  const response = await request('/api/v1/user/authenticate/signin', {
    body: { email, password, rememberMe: false },
    headers,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const newDeviceMails = async (email: string) =>
  (await mailsTo(server, email)).filter((mail) => mail.subject === SUBJECT);

describe('new-device sign-in mail', () => {
  it('mails a sign-in from a browser family and address not seen in 90 days, and nothing else', async () => {
    server.clock.set(new Date('2026-05-06T07:08:00Z'));
    const body = signupBody({ firstName: 'Ada' });
    const signup = await request('/api/v1/user/authenticate/signup', {
      body,
      headers: from(CHROME_131, '203.0.113.1'),
    });
    expect(signup.status).toBe(200);
    const { email, password } = body.data;

    // The same browser (updated) from the same address: not new.
    await signIn(email, password, from(CHROME_132, '203.0.113.1'));
    expect(await newDeviceMails(email)).toEqual([]);

    // Another browser and system from that address: new.
    await signIn(email, password, from(FIREFOX_WINDOWS, '203.0.113.1'));
    let mails = await newDeviceMails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain(
      `(${email}) was signed in to on 6 May 2026 at 07:08 UTC with Firefox 120 on Windows 10 from the address 203.0.113.1`,
    );
    expect(mail?.text).toContain('https://site.example/profile?tab=sessions');
    expect(mail?.text).toContain('help@acme.example');
    expect(mail?.text).not.toContain(password);

    // The known browser from a new address: new.
    await signIn(email, password, from(CHROME_131, '198.51.100.20'));
    mails = await newDeviceMails(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('with Chrome 131 on Linux from the address 198.51.100.20');

    // Seen again the same day: nothing.
    await signIn(email, password, from(FIREFOX_WINDOWS, '203.0.113.1'));
    expect(await newDeviceMails(email)).toHaveLength(2);

    // 91 days later the device counts as new again.
    server.clock.advance(91 * DAY);
    await signIn(email, password, from(CHROME_131, '203.0.113.1'));
    expect(await newDeviceMails(email)).toHaveLength(3);
  });

  it('the first sign-in that records its origin sets the baseline: no mail for it', async () => {
    const account = await createAccount(server, 'client');
    await signIn(account.email, account.password, from(CHROME_131, '203.0.113.2'));
    expect(await newDeviceMails(account.email)).toEqual([]);
    await signIn(account.email, account.password, from(FIREFOX_WINDOWS, '203.0.113.2'));
    expect(await newDeviceMails(account.email)).toHaveLength(1);
  });

  it('a mail that cannot be recorded never fails the sign-in', async () => {
    const account = await createAccount(server, 'client');
    await signIn(account.email, account.password, from(CHROME_131, '203.0.113.3'));
    const mailer = server.deps.mailer;
    const send = mailer.send;
    mailer.send = async (_message: MailMessage) => {
      throw new Error('outbox down');
    };
    try {
      await signIn(account.email, account.password, from(FIREFOX_WINDOWS, '203.0.113.4'));
    } finally {
      mailer.send = send;
    }
    expect(await newDeviceMails(account.email)).toEqual([]);
  });
});
