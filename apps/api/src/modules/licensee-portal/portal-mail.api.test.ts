import { PORTAL_LIMITS, portalText } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { closedPort } from '../../test/ports.js';
import { SmtpSink } from '../../test/smtp-sink.js';
import { licenseeEmail, newOwner, PortalBrowser } from './portal-kit.test.js';

/**
 * Decision 036: the sign-in mail goes through the job queue to a real SMTP server this test runs,
 * with the owner's sender name (MAIL_FROM's address kept), subject and wording, the code and the link.
 */
let server: TestServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = new SmtpSink(await closedPort());
  await sink.start();
  server = await startTestServer({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Northwind Licences <licences@northwind.test>',
      PUBLIC_URL: 'https://licences.northwind.test',
      JOBS_POLL_SECONDS: '0.5',
      MAIL_RETRY_DELAY_SECONDS: '1',
      TRUST_PROXY: 'true',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

describe('the sign-in mail over SMTP', () => {
  it('arrives with the owner’s sender name, subject and wording, the code and the sign-in link', async () => {
    const owner = await newOwner(server, {
      displayName: 'Acme Apps',
      mailSenderName: 'Acme Support',
      mailSubject: 'Your Acme sign-in code',
      mailIntro: 'Hi! Use this code to manage your Acme licences.',
    });
    const email = licenseeEmail();
    await owner.issue(email);
    const browser = new PortalBrowser(server, owner.handle);
    await browser.open();
    const asked = await browser.askCode(email);
    expect(asked.status).toBe(200);

    const mail = await eventually(async () => sink.to(email)[0], 30_000);
    expect(mail.subject).toBe('Your Acme sign-in code');
    const raw = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(raw).toMatch(/^From: "?Acme Support"? <licences@northwind\.test>/m);
    expect(raw).toContain('Hi! Use this code to manage your Acme licences.');
    const code = /Your code: (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(raw).toContain(
      `https://licences.northwind.test/portal/${owner.handle}#attempt=${asked.body.attemptId}&code=${code}`,
    );
    expect(raw).toContain(portalText('mailExpiry', { minutes: PORTAL_LIMITS.codeTtlMinutes }));

    // The code from the delivered mail signs in; over https the cookie is Secure.
    const verified = await browser.verify(asked.body.attemptId, code ?? '');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.headers.getSetCookie().join('\n')).toMatch(/nw_portal=[^;]+;.*Secure/);
  });

  it('without the owner’s words the mail uses the portal’s own, from MAIL_FROM', async () => {
    const owner = await newOwner(server, { displayName: 'Plain Tools' });
    const email = licenseeEmail();
    await owner.issue(email);
    const browser = new PortalBrowser(server, owner.handle);
    await browser.open();
    expect((await browser.askCode(email)).status).toBe(200);
    const mail = await eventually(async () => sink.to(email)[0], 30_000);
    expect(mail.subject).toBe(portalText('mailSubject', { portal: 'Plain Tools' }));
    const raw = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(raw).toMatch(/^From: Northwind Licences <licences@northwind\.test>/m);
    expect(raw).toContain(portalText('mailIntro', { portal: 'Plain Tools' }));
  });
});
