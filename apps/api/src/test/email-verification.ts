import { VERIFICATION_PATHS } from '@app/contract';
import type { TestServer } from './harness.js';
import { httpClient } from './http.js';
import { mailsTo } from './mail-outbox.js';

const LINK = /\/verify-email\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest verification link mailed to `email` (the welcome mail or a resent one). */
export async function verificationTokenOf(server: TestServer, email: string): Promise<string> {
  const mails = await mailsTo(server, email);
  for (const mail of mails.reverse()) {
    const token = LINK.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no verification link was mailed to ${email}`);
}

/** Opens the newest link mailed to `email`, as the web page does; throws unless it verified. */
export async function verifyEmailFromMail(server: TestServer, email: string): Promise<void> {
  const token = await verificationTokenOf(server, email);
  const response = await httpClient(server.baseUrl)(VERIFICATION_PATHS.verify, { body: { token } });
  if (response.status !== 200) throw new Error(`verification failed: ${JSON.stringify(response.body)}`);
}
