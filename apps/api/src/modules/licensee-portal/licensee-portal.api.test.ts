import {
  KEY_MANAGER_PATHS,
  KEY_PAGE_PATHS,
  type KeyHistoryResponse,
  PORTAL_CSRF_COOKIE,
  PORTAL_OWNER_PATHS,
  PORTAL_PATHS,
  PORTAL_SESSION_COOKIE,
  type PortalLicenceResponse,
  type PortalLicencesResponse,
  type PortalReleaseResponse,
  type PortalSettingsResponse,
  type PortalSignInsResponse,
  portalText,
  WEBHOOK_PATHS,
  type WebhookSecretResponse,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalSignInAttempts } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { WebhookReceiver } from '../../test/webhook-receiver.js';
import { freshToken } from '../key-manager/devices/devices-kit.test.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { newTeam } from '../teams/teams-kit.test.js';
import {
  codeFromMail,
  licenseeEmail,
  newOwner,
  PortalBrowser,
  settingsBody,
  signInByEmail,
} from './portal-kit.test.js';

// Decision 036, issue 29: the licensee portal as a licensee and an owner use it.

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({
    env: {
      TRUST_PROXY: 'true',
      JOBS_POLL_SECONDS: '0.5',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the whole flow', () => {
  // A whole flow: dozens of calls, most the first of their route on this server (each compiles its
  // schemas then); a clean-clone run at full load took past the 30 s default.
  it('an owner switches the portal on, a licensee signs in by mail, sees both licences, releases a device, and the app activates on a new one', {
    timeout: 120_000,
  }, async () => {
    const owner = await newOwner(server);
    const hook = await owner.request<WebhookSecretResponse>(WEBHOOK_PATHS.endpoints, {
      body: { url: receiver.url('/portal-flow'), events: ['device.released', 'key.deactivated'] },
      token: owner.token,
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const jane = licenseeEmail();
    const first = await owner.issue(jane, 1);
    server.clock.advance(1_000);
    const second = await owner.issue(jane.toUpperCase(), 2);
    const apiKey = await owner.apiKey();
    const app = (body: object) => owner.request(KEY_MANAGER_PATHS.activateKey, { body, token: apiKey });
    const old = await app({
      key: first.key,
      fingerprint: 'old-laptop',
      deviceName: 'Old laptop',
      platform: 'macos',
    });
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    // The licence is full: the new laptop is refused until the licensee frees a slot.
    expect((await app({ key: first.key, fingerprint: 'new-laptop' })).status).toBe(409);

    const browser = new PortalBrowser(server, owner.handle);
    const face = await browser.open();
    expect(face).toMatchObject({
      handle: owner.handle,
      displayName: 'Acme Apps',
      logoUrl: null,
      supportEmail: 'help@acme.test',
      allowRelease: true,
      allowCertificates: true,
    });
    expect(browser.cookies.get(PORTAL_CSRF_COOKIE)?.value).toBe(face.csrfToken);

    const asked = await browser.askCode(jane);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(portalText('codeRequested'));
    expect(asked.headers.get('cache-control')).toBe('no-store');
    const { code, link, mail } = await codeFromMail(server, jane);
    expect(mail.subject).toBe('Your sign-in code for Acme Apps');
    expect(link).toBe(
      `http://localhost:3000/portal/${owner.handle}#attempt=${asked.body.attemptId}&code=${code}`,
    );
    // The database keeps the code's hash, never the code.
    const [stored] = await server.database.db
      .select()
      .from(portalSignInAttempts)
      .where(eq(portalSignInAttempts.id, asked.body.attemptId));
    expect(stored?.email).toBe(jane);
    expect(JSON.stringify(stored)).not.toContain(code);

    const verified = await browser.verify(asked.body.attemptId, code, true);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.session).toMatchObject({ kind: 'email', email: jane, keyId: null });
    const cookie = verified.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${PORTAL_SESSION_COOKIE}=`));
    expect(cookie).toContain(`Path=/api/v1/portal/${owner.handle}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');

    const session = await browser.call(browser.path(PORTAL_PATHS.session));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ session: { kind: 'email', csrfToken: browser.csrf } });

    const listed = await browser.call<PortalLicencesResponse>(browser.path(PORTAL_PATHS.licences));
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.licences.map((licence) => licence.id)).toEqual([second.id, first.id]);
    expect(listed.body.licences[1]).toMatchObject({
      key: first.key,
      product: { code: 'default', name: 'Default product' },
      keyStatus: 'active',
      maxActivations: 1,
      activations: 1,
      releasesLeft: 3,
      nextReleaseAt: null,
      renewUrl: null,
    });

    const opened = await browser.call<PortalLicenceResponse>(browser.path(PORTAL_PATHS.licence, first.id));
    expect(opened.status).toBe(200);
    expect(opened.body.devices).toEqual([
      {
        id: expect.any(String),
        name: 'Old laptop',
        platform: 'macos',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
    ]);
    const device = opened.body.devices[0]!;

    const released = await browser.call<PortalReleaseResponse>(
      browser.path(PORTAL_PATHS.releaseDevice, first.id, device.id),
      { method: 'POST' },
    );
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.message).toBe(portalText('releaseDone', { device: 'Old laptop' }));
    expect(released.body.licence).toMatchObject({ activations: 0, releasesLeft: 2 });

    // The app on the new laptop activates with the owner's API key, nobody else doing anything.
    const fresh = await app({ key: first.key, fingerprint: 'new-laptop' });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);

    // The webhook says who released which device; key.deactivated is still sent.
    const delivered = await eventually(async () => {
      const bodies = receiver.at('/portal-flow').map((entry) => JSON.parse(entry.body));
      const releasedEvent = bodies.find((body) => body.type === 'device.released');
      const deactivated = bodies.find((body) => body.type === 'key.deactivated');
      return releasedEvent && deactivated ? { releasedEvent, deactivated } : undefined;
    });
    expect(delivered.releasedEvent.data).toMatchObject({
      key: { id: first.id, key: first.key },
      device: { id: device.id, name: 'Old laptop', platform: 'macos' },
      releasedBy: { kind: 'licensee', email: jane },
    });
    expect(delivered.deactivated.data).toMatchObject({ reason: 'released', fingerprint: 'old-laptop' });

    // The key's history names the licensee.
    const history = await owner.request<KeyHistoryResponse>(
      `${KEY_PAGE_PATHS.history.replace(':id', first.id)}`,
      { token: owner.token },
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.events.find((event) => event.action === 'release')).toMatchObject({
      actorName: `Licensee ${jane}`,
      ip: browser.ip,
    });

    // The owner's sign-in list shows it, as a link sign-in.
    const signIns = await owner.request<PortalSignInsResponse>(PORTAL_OWNER_PATHS.signIns, {
      token: owner.token,
    });
    expect(signIns.status).toBe(200);
    expect(signIns.body.signIns[0]).toMatchObject({
      method: 'link',
      email: jane,
      maskedKey: null,
      ip: browser.ip,
    });

    // Signing out ends the session: its cookie opens nothing any more.
    const cookieBefore = browser.cookies.get(PORTAL_SESSION_COOKIE);
    const out = await browser.call(browser.path(PORTAL_PATHS.session), { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(browser.cookies.has(PORTAL_SESSION_COOKIE)).toBe(false);
    if (cookieBefore) browser.cookies.set(PORTAL_SESSION_COOKIE, cookieBefore);
    const after = await browser.call(browser.path(PORTAL_PATHS.licences));
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'portal_session_ended', message: portalText('sessionEnded') });
  });

  it('the owner’s dashboard release sends device.released too, naming the member', async () => {
    const owner = await newOwner(server);
    const hook = await owner.request<WebhookSecretResponse>(WEBHOOK_PATHS.endpoints, {
      body: { url: receiver.url('/owner-release'), events: ['device.released'] },
      token: owner.token,
    });
    expect(hook.status).toBe(200);
    const licence = await owner.issue(licenseeEmail());
    const apiKey = await owner.apiKey();
    await owner.request(KEY_MANAGER_PATHS.activateKey, {
      body: { key: licence.key, fingerprint: 'desk', deviceName: 'Desk' },
      token: apiKey,
    });
    const devices = await owner.request<{ devices: { id: string }[] }>(KEY_MANAGER_PATHS.getDevices, {
      body: { keyId: licence.id },
      token: owner.token,
    });
    const deviceId = devices.body.devices[0]?.id;
    const release = await owner.request(KEY_MANAGER_PATHS.releaseDevice, {
      body: { keyId: licence.id, deviceId },
      token: owner.token,
    });
    expect(release.status).toBe(200);
    const event = await eventually(async () =>
      receiver
        .at('/owner-release')
        .map((entry) => JSON.parse(entry.body))
        .find((body) => body.type === 'device.released'),
    );
    expect(event.data).toMatchObject({
      device: { id: deviceId, name: 'Desk', platform: null },
      releasedBy: { kind: 'owner', name: 'Grace Hopper' },
    });
  });
});

describe('sign-in', () => {
  it('an unknown email gets the same reply and status as a known one, and no mail', async () => {
    const owner = await newOwner(server);
    const known = licenseeEmail();
    await owner.issue(known);
    const unknown = licenseeEmail();
    const browser = new PortalBrowser(server, owner.handle);
    await browser.open();
    const a = await browser.askCode(known);
    const b = await browser.askCode(unknown);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    expect(b.body.message).toBe(a.body.message);
    expect(b.body.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await mailsTo(server, known)).toHaveLength(1);
    expect(await mailsTo(server, unknown)).toHaveLength(0);
    // Any six digits for the unknown address's attempt are simply wrong.
    const wrong = await browser.verify(b.body.attemptId, '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'portal_code_invalid' });
  });

  it('a code expires after 10 minutes and works once', async () => {
    const owner = await newOwner(server);
    const email = licenseeEmail();
    await owner.issue(email);
    const browser = new PortalBrowser(server, owner.handle);
    await browser.open();
    const asked = await browser.askCode(email);
    const { code } = await codeFromMail(server, email);
    server.clock.advance(10 * 60_000 + 1);
    const late = await browser.verify(asked.body.attemptId, code);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({
      status: 'failed',
      code: 'portal_code_expired',
      message: portalText('codeExpired'),
      field: 'code',
    });

    const again = await browser.askCode(email);
    const second = await codeFromMail(server, email);
    expect((await browser.verify(again.body.attemptId, second.code)).status).toBe(200);
    const other = new PortalBrowser(server, owner.handle);
    await other.open();
    const reused = await other.verify(again.body.attemptId, second.code);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'portal_code_expired' });
  });

  it('50 wrong codes spend only that attempt: a new one for the same email works, another licensee is untouched', async () => {
    const owner = await newOwner(server);
    const email = licenseeEmail();
    const bystander = licenseeEmail();
    await owner.issue(email);
    await owner.issue(bystander);
    const attacker = new PortalBrowser(server, owner.handle);
    await attacker.open();
    const bystanderBrowser = new PortalBrowser(server, owner.handle);
    await bystanderBrowser.open();
    const bystanderAttempt = await bystanderBrowser.askCode(bystander);
    const attempt = await attacker.askCode(email);
    const { code } = await codeFromMail(server, email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const reply = await attacker.verify(attempt.body.attemptId, wrongCode);
      expect(reply.status).toBe(401);
      codes.push(String((reply.body as { code?: string }).code ?? ''));
    }
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('portal_code_invalid'));
    expect(new Set(codes.slice(4))).toEqual(new Set(['portal_attempt_spent']));
    // Even the right code no longer opens the spent attempt.
    const spent = await attacker.verify(attempt.body.attemptId, code);
    expect(spent.body).toEqual({
      status: 'failed',
      code: 'portal_attempt_spent',
      message: portalText('codeSpent'),
      field: 'code',
    });

    // A fresh attempt for the same email works.
    const licensee = new PortalBrowser(server, owner.handle);
    await signInByEmail(server, licensee, email);
    // The other licensee's attempt was never touched.
    const theirs = await codeFromMail(server, bystander);
    expect((await bystanderBrowser.verify(bystanderAttempt.body.attemptId, theirs.code)).status).toBe(200);
  });

  it('codes are limited per email and per address (429 with the portal’s sentence)', async () => {
    const owner = await newOwner(server);
    const email = licenseeEmail();
    await owner.issue(email);
    // Per email: 5 an hour, whatever the address.
    for (let i = 0; i < 5; i++) {
      const browser = new PortalBrowser(server, owner.handle);
      await browser.open();
      expect((await browser.askCode(email)).status).toBe(200);
    }
    const sixth = new PortalBrowser(server, owner.handle);
    await sixth.open();
    const refused = await sixth.askCode(email);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: portalText('tooManyCodes') });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    // Per address: 20 an hour, whatever the email.
    const one = new PortalBrowser(server, owner.handle);
    await one.open();
    for (let i = 0; i < 20; i++) expect((await one.askCode(licenseeEmail())).status).toBe(200);
    const over = await one.askCode(licenseeEmail());
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: portalText('tooManyCodes') });
    // An hour later it may ask again.
    server.clock.advance(DAY);
  });

  it('a licence key opens that one licence; an unknown key is 404; key sign-ins are limited per address', async () => {
    const owner = await newOwner(server);
    const licence = await owner.issue(licenseeEmail());
    const browser = new PortalBrowser(server, owner.handle);
    await browser.open();
    const unknown = await browser.keySignIn('NO-SUCH-KEY-HERE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: portalText('keyUnknown') });
    const signedIn = await browser.keySignIn(licence.key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.session).toMatchObject({ kind: 'key', email: null, keyId: licence.id });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${PORTAL_SESSION_COOKIE}=`));
    expect(cookie).toMatch(/Max-Age=7200/);

    const flood = new PortalBrowser(server, owner.handle);
    await flood.open();
    for (let i = 0; i < 20; i++) expect((await flood.keySignIn(`WRONG-${i}`)).status).toBe(404);
    const limited = await flood.keySignIn(licence.key);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: portalText('tooManyKeyTries') });
  });

  it('the mail carries the owner’s subject and wording; the sign-in is recorded as a code sign-in', async () => {
    const owner = await newOwner(server, {
      mailSenderName: 'Acme Support',
      mailSubject: 'Your Acme code',
      mailIntro: 'Hello from Acme. Here is your code for {portal}.',
    });
    const email = licenseeEmail();
    await owner.issue(email);
    const browser = new PortalBrowser(server, owner.handle);
    await signInByEmail(server, browser, email);
    const { mail } = await codeFromMail(server, email);
    expect(mail.subject).toBe('Your Acme code');
    expect(mail.fromName).toBe('Acme Support');
    expect(mail.text).toContain('Hello from Acme. Here is your code for Acme Apps.');
    expect(mail.text).toContain(portalText('mailNotYou'));
    const signIns = await owner.request<PortalSignInsResponse>(PORTAL_OWNER_PATHS.signIns, {
      token: owner.token,
    });
    expect(signIns.body.signIns[0]).toMatchObject({ method: 'code', email });
  });
});

describe('what the portal allows', () => {
  async function licenseeWithDevice(changes: Parameters<typeof newOwner>[1] = {}) {
    const owner = await newOwner(server, changes);
    const email = licenseeEmail();
    const licence = await owner.issue(email, 5);
    const apiKey = await owner.apiKey();
    for (const fingerprint of ['a', 'b', 'c', 'd', 'e']) {
      const activated = await owner.request(KEY_MANAGER_PATHS.activateKey, {
        body: { key: licence.key, fingerprint, deviceName: `Device ${fingerprint}` },
        token: apiKey,
      });
      expect(activated.status).toBe(200);
    }
    const browser = new PortalBrowser(server, owner.handle);
    await signInByEmail(server, browser, email);
    const opened = await browser.call<PortalLicenceResponse>(browser.path(PORTAL_PATHS.licence, licence.id));
    return { owner, email, licence, browser, devices: opened.body.devices };
  }

  it('release off and certificates off are 403 portal_action_off', async () => {
    const { licence, browser, devices } = await licenseeWithDevice({
      allowRelease: false,
      allowCertificates: false,
    });
    const device = devices[0]!;
    const release = await browser.call(browser.path(PORTAL_PATHS.releaseDevice, licence.id, device.id), {
      method: 'POST',
    });
    expect(release.status).toBe(403);
    expect(release.body).toEqual({
      status: 'failed',
      code: 'portal_action_off',
      message: portalText('releaseOff'),
    });
    const certificate = await browser.call(browser.path(PORTAL_PATHS.certificate, licence.id, device.id), {
      method: 'POST',
    });
    expect(certificate.status).toBe(403);
    expect(certificate.body).toMatchObject({
      code: 'portal_action_off',
      message: portalText('certificatesOff'),
    });
    const listed = await browser.call<PortalLicencesResponse>(browser.path(PORTAL_PATHS.licences));
    expect(listed.body.licences[0]).toMatchObject({ releasesLeft: 0, nextReleaseAt: null });
  });

  it('the 30-day allowance: over it is 409 with the date, and a release leaving the window makes room', async () => {
    const { owner, email, licence, browser, devices } = await licenseeWithDevice({ releasesPer30Days: 2 });
    const release = (deviceId: string) =>
      browser.call<PortalReleaseResponse>(browser.path(PORTAL_PATHS.releaseDevice, licence.id, deviceId), {
        method: 'POST',
      });
    const firstAt = server.clock.now();
    expect((await release(devices[0]!.id)).status).toBe(200);
    server.clock.advance(HOUR);
    const second = await release(devices[1]!.id);
    expect(second.body.licence).toMatchObject({ releasesLeft: 0 });
    const next = new Date(firstAt.getTime() + 30 * DAY);
    expect(second.body.licence.nextReleaseAt).toBe(next.toISOString());
    const refused = await release(devices[2]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'release_limit_reached',
      message: portalText('releaseLimit', { date: next.toISOString().slice(0, 10) }),
      nextReleaseAt: next.toISOString(),
    });
    server.clock.set(new Date(next.getTime() + 1_000));
    // Email sessions last 12 hours: after a month the licensee signs in again, and may release one more.
    expect((await browser.call(browser.path(PORTAL_PATHS.licences))).status).toBe(401);
    const later = new PortalBrowser(server, owner.handle);
    await signInByEmail(server, later, email);
    const third = await later.call<PortalReleaseResponse>(
      later.path(PORTAL_PATHS.releaseDevice, licence.id, devices[2]!.id),
      { method: 'POST' },
    );
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.licence).toMatchObject({ releasesLeft: 0, activations: 2 });
  });

  it('an expired licence shows the owner’s renewal page and gets no certificate', async () => {
    const { owner, licence, browser, devices } = await licenseeWithDevice();
    const expired = await owner.request(KEY_MANAGER_PATHS.changeKey, {
      body: { id: licence.id, expires_at: new Date(server.clock.now().getTime() - DAY).toISOString() },
      token: await freshToken(server, owner),
    });
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);
    const opened = await browser.call<PortalLicenceResponse>(browser.path(PORTAL_PATHS.licence, licence.id));
    expect(opened.body.licence).toMatchObject({ keyStatus: 'expired', renewUrl: 'https://acme.test/buy' });
    const certificate = await browser.call(
      browser.path(PORTAL_PATHS.certificate, licence.id, devices[0]!.id),
      {
        method: 'POST',
      },
    );
    expect(certificate.status).toBe(409);
    expect(certificate.body).toMatchObject({ code: 'key_expired' });
  });

  it('a certificate downloads as a file, signed for the device, recorded in the key’s history', async () => {
    const { owner, licence, browser, devices } = await licenseeWithDevice();
    const device = devices[0]!;
    const reply = await browser.call<{
      certificate: string;
      license: { keyId: string; fingerprint: string };
    }>(browser.path(PORTAL_PATHS.certificate, licence.id, device.id), { method: 'POST' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="default-licence.json"');
    expect(reply.body.certificate).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(reply.body.license).toMatchObject({ keyId: licence.id });
    const token = await freshToken(server, owner);
    const history = await owner.request<KeyHistoryResponse>(
      KEY_PAGE_PATHS.history.replace(':id', licence.id),
      {
        token,
      },
    );
    expect(history.body.events[0]).toMatchObject({
      action: 'certificate',
      actorName: expect.stringMatching(/^Licensee /),
    });
  });
});

describe('owner settings', () => {
  it('members act for the account: a viewer reads the settings and sign-ins but cannot change them', async () => {
    const team = await newTeam(server);
    const request = httpClient(server.baseUrl);
    const handle = `team-${Math.random().toString(36).slice(2, 10)}`;
    const save = (token: string) =>
      request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, {
        method: 'PUT',
        body: settingsBody(handle),
        token,
      });
    const viewer = team.members.viewer.access;
    const refused = await save(viewer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'role_not_allowed' });
    const logo = await request(PORTAL_OWNER_PATHS.logo, { method: 'DELETE', token: viewer });
    expect(logo.status).toBe(403);
    const saved = await save(team.members.developer.access);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The account's settings, whoever reads them.
    const read = await request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, { token: viewer });
    expect(read.status).toBe(200);
    expect(read.body.settings).toMatchObject({ handle, saved: true });
    expect((await request(PORTAL_OWNER_PATHS.signIns, { token: viewer })).status).toBe(200);
    const owners = await request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, {
      token: team.owner.access,
    });
    expect(owners.body.settings.handle).toBe(handle);
    expect((await request(PORTAL_OWNER_PATHS.settings, {})).status).toBe(401);
  });

  it('never saved: defaults with a free handle; a handle is unique across owners (409 on handle)', async () => {
    const dev = await newDeveloper(server);
    const fresh = await dev.request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, {
      token: dev.token,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.settings).toMatchObject({
      saved: false,
      enabled: false,
      handle: expect.stringMatching(/^grace-hopper/),
    });
    const other = await newOwner(server);
    const taken = await dev.request(PORTAL_OWNER_PATHS.settings, {
      method: 'PUT',
      body: settingsBody(other.handle),
      token: dev.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'conflict', field: 'handle' });
    const bad = await dev.request(PORTAL_OWNER_PATHS.settings, {
      method: 'PUT',
      body: settingsBody('1-bad handle'),
      token: dev.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'handle' });
    const mine = await dev.request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, {
      method: 'PUT',
      body: settingsBody(fresh.body.settings.handle, { enabled: false }),
      token: dev.token,
    });
    expect(mine.body.settings).toMatchObject({
      saved: true,
      url: `http://localhost:3000/portal/${fresh.body.settings.handle}`,
    });
    // Switched off: the portal is not found.
    const browser = new PortalBrowser(server, fresh.body.settings.handle);
    const off = await browser.call(browser.path(PORTAL_PATHS.portal));
    expect(off.status).toBe(404);
    expect(off.body).toMatchObject({ code: 'not_found', message: portalText('portalNotFound') });
  });

  it('a logo: png, jpeg or webp judged from the bytes, at most 256 KB; served by the portal; removed', async () => {
    const owner = await newOwner(server);
    const upload = (bytes: Uint8Array, name = 'logo.png') => {
      const form = new FormData();
      form.append('logo', new Blob([bytes]), name);
      return owner.request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.logo, {
        method: 'PUT',
        body: form,
        token: owner.token,
      });
    };
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const notImage = await upload(Buffer.from('just text, named png'));
    expect(notImage.status).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(256 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ message: 'Logo is larger than 256 KB' });
    const saved = await upload(png);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.hasLogo).toBe(true);
    const browser = new PortalBrowser(server, owner.handle);
    const face = await browser.open();
    expect(face.logoUrl).toBe(`/api/v1/portal/${owner.handle}/logo`);
    const image = await fetch(`${server.baseUrl}${face.logoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    const removed = await owner.request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.logo, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.body.settings.hasLogo).toBe(false);
    expect((await fetch(`${server.baseUrl}${face.logoUrl}`)).status).toBe(404);
  });
});
