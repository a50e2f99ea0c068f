import { ACCOUNT_PATHS, OPERATIONS_PATHS } from '@app/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env.js';

/**
 * The mail the app captured (no SMTP in e2e: the outbox is the delivery), read through the admin's
 * Mail API as the Mail view reads it. One admin token per worker, renewed when it expires, so the
 * admin sign-in's per-address limit is not spent on every sign-up.
 */
let adminAccess: { token: string; at: number } | null = null;

async function adminToken(request: APIRequestContext): Promise<string> {
  if (adminAccess && Date.now() - adminAccess.at < 10 * 60 * 1000) return adminAccess.token;
  const response = await request.post(ACCOUNT_PATHS.adminAuthenticate, {
    data: { username: E2E_ADMIN.username, email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access } = (await response.json()) as { access: string };
  adminAccess = { token: access, at: Date.now() };
  return access;
}

interface MailSummary {
  id: string;
  to: string;
  subject: string;
}

/** The newest mail to `to` whose text matches `pattern`, polled until it is there; the first group. */
export async function mailedMatch(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await request.get(`${OPERATIONS_PATHS.mail}?limit=200`, { headers });
        const { mails } = (await list.json()) as { mails: MailSummary[] };
        for (const mail of mails.filter((candidate) => candidate.to === to)) {
          const message = await request.get(OPERATIONS_PATHS.mailMessage.replace(':id', mail.id), {
            headers,
          });
          const { mail: full } = (await message.json()) as { mail: { text: string } };
          const match = pattern.exec(full.text);
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to} matched ${pattern}`);
  return found;
}

const VERIFY_LINK = /(https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+)/;

/** The verification link mailed to `email` (the welcome mail's, or the newest resent one). */
export function verificationLink(page: Page, email: string): Promise<string> {
  return mailedMatch(page.request, email, VERIFY_LINK);
}

/**
 * Opens the verification link mailed to `email` in another tab of the page's browser, as the person
 * would from their mail, and closes it once the address is verified; the page stays where it was.
 */
export async function verifyEmailFromMail(page: Page, email: string): Promise<void> {
  const link = await verificationLink(page, email);
  const tab = await page.context().newPage();
  try {
    // The link names PUBLIC_URL; the test's server is the page's origin.
    const { pathname, search } = new URL(link);
    await tab.goto(new URL(`${pathname}${search}`, page.url()).toString());
    await expect(tab.getByRole('alert').filter({ hasText: /is verified|is already verified/ })).toBeVisible();
  } finally {
    await tab.close();
  }
}
