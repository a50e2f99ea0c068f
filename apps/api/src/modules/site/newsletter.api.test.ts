import { SITE_PATHS } from '@app/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, newsletterSubscriptions } from '../../db/schema/index.js';
import { createAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { SUBSCRIBE_LIMIT } from './newsletter-service.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let ipCounter = 0;
// TRUST_PROXY lets each test come from its own client IP, so the per-IP limit is tested in isolation.
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://site.example' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const subscribe = (email: unknown, ip = freshIp()) =>
  request(SITE_PATHS.subscribe, { body: { email }, headers: { 'x-forwarded-for': ip } });

async function lastMailTo(email: string) {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

function linkToken(text: string, page: 'confirm' | 'unsubscribe'): string {
  const match = text.match(new RegExp(`/newsletter/${page}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${page} link in mail`);
  return match[1];
}

const confirmedCount = async (email: string) =>
  (
    await server.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.email, email), eq(newsletterSubscriptions.status, 'confirmed')))
  ).length;

describe('newsletter subscribe', () => {
  it('answers the spec message and mails a confirm link with one-click unsubscribe headers', async () => {
    const email = uniqueEmail('news');
    const response = await subscribe(`  ${email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', message: 'Subscription successful!' });

    const mail = await lastMailTo(email);
    expect(mail.subject).toContain('Confirm your subscription');
    expect(mail.text).toMatch(/https:\/\/site\.example\/newsletter\/confirm\?token=[\w-]{40,}/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/site\.example\/api\/v1\/anonymous\/newsletter\/one-click-unsubscribe\?token=[\w-]{40,}>$/,
    );
    // Not yet a subscriber until the link is used (double opt-in).
    expect(await confirmedCount(email)).toBe(0);
  });

  it('keeps one record when the same address subscribes twice, and stores only token hashes', async () => {
    const email = uniqueEmail('twice');
    await subscribe(email);
    const second = await subscribe(email.toUpperCase());
    expect(second.body).toMatchObject({ message: 'Subscription successful!' });
    const rows = await server.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    const token = linkToken((await lastMailTo(email)).text, 'confirm');
    expect(rows[0]?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.confirmTokenHash).not.toContain(token);
  });

  it('refuses bad input with a 400 envelope, never a 500', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }, { email: 'a@b.co', extra: 1 }]) {
      const response = await request(SITE_PATHS.subscribe, {
        body,
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
    }
    const long = await subscribe(`${'a'.repeat(250)}@example.com`);
    expect(long.status).toBe(400);
    const malformed = await request(SITE_PATHS.subscribe, { body: '{"email":', headers: {} });
    expect(malformed.status).toBe(400);
  });

  it('limits subscriptions per IP with a 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < SUBSCRIBE_LIMIT.points; i++) {
      expect((await subscribe(uniqueEmail('burst'), ip)).status).toBe(200);
    }
    const limited = await subscribe(uniqueEmail('burst'), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'failed' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await subscribe(uniqueEmail('other'))).status).toBe(200);
  });
});

describe('double opt-in and unsubscribe', () => {
  it('confirms with the mailed link, then the admin list shows the address', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(email);
    const token = linkToken((await lastMailTo(email)).text, 'confirm');
    const confirmed = await request(SITE_PATHS.confirmSubscription, { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'ok',
      message: 'Thanks! Your subscription is confirmed.',
    });
    expect(await confirmedCount(email)).toBe(1);
    const again = await request(SITE_PATHS.confirmSubscription, { body: { token } });
    expect(again.body).toMatchObject({ message: 'Your subscription is already confirmed.' });

    // A confirmed address subscribing again gets no second mail and stays one record.
    const mailsBefore = (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))
      .length;
    await subscribe(email);
    const mailsAfter = (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))
      .length;
    expect(mailsAfter).toBe(mailsBefore);

    const admin = await createAccount(server, 'admin');
    const list = await request<{ subscribers: { email: string }[] }>(SITE_PATHS.adminSubscribers, {
      token: admin.access,
    });
    expect(list.status).toBe(200);
    expect(list.body.subscribers.map((s) => s.email)).toContain(email);
  });

  it('unsubscribes in one click through the List-Unsubscribe POST (form-encoded)', async () => {
    const email = uniqueEmail('oneclick');
    await subscribe(email);
    const mail = await lastMailTo(email);
    await request(SITE_PATHS.confirmSubscription, { body: { token: linkToken(mail.text, 'confirm') } });
    expect(await confirmedCount(email)).toBe(1);

    const target = mail.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
    const url = new URL(target);
    const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await confirmedCount(email)).toBe(0);
    // A retry by the mail client answers the same.
    const retry = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(retry.status).toBe(200);
  });

  it('takes the one-click unsubscribe as multipart/form-data too (RFC 8058 §3.2)', async () => {
    const email = uniqueEmail('multipart');
    await subscribe(email);
    const mail = await lastMailTo(email);
    await request(SITE_PATHS.confirmSubscription, { body: { token: linkToken(mail.text, 'confirm') } });
    expect(await confirmedCount(email)).toBe(1);
    const url = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await confirmedCount(email)).toBe(0);
    // Every mail carries an HTML part as well as the text.
    expect(mail.html).toContain('<a href=');
  });

  it('unsubscribes through the web page call, and the old confirm link cannot resubscribe', async () => {
    const email = uniqueEmail('webunsub');
    await subscribe(email);
    const text = (await lastMailTo(email)).text;
    const confirmToken = linkToken(text, 'confirm');
    await request(SITE_PATHS.confirmSubscription, { body: { token: confirmToken } });
    const response = await request(SITE_PATHS.unsubscribe, {
      body: { token: linkToken(text, 'unsubscribe') },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok' });
    expect(await confirmedCount(email)).toBe(0);
    expect((await request(SITE_PATHS.confirmSubscription, { body: { token: confirmToken } })).status).toBe(
      409,
    );

    // Subscribing again starts a new opt-in with new links.
    await subscribe(email);
    const fresh = linkToken((await lastMailTo(email)).text, 'confirm');
    expect(fresh).not.toBe(confirmToken);
    expect((await request(SITE_PATHS.confirmSubscription, { body: { token: fresh } })).status).toBe(200);
  });

  it('refuses unknown, malformed and expired links with 4xx', async () => {
    const unknown = await request(SITE_PATHS.confirmSubscription, { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'failed' });
    expect((await request(SITE_PATHS.unsubscribe, { body: { token: 'short' } })).status).toBe(400);
    expect((await request(SITE_PATHS.unsubscribe, { body: {} })).status).toBe(400);
    const noToken = await fetch(`${server.baseUrl}${SITE_PATHS.oneClickUnsubscribe}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(noToken.status).toBe(400);

    const email = uniqueEmail('expired');
    await subscribe(email);
    const token = linkToken((await lastMailTo(email)).text, 'confirm');
    server.clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      const expired = await request(SITE_PATHS.confirmSubscription, { body: { token } });
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ message: expect.stringContaining('expired') });
    } finally {
      server.clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });
});

describeRoleMatrix('newsletter admin', () => server, [
  { method: 'GET', path: SITE_PATHS.adminSubscribers, allowed: ['admin'] },
]);
