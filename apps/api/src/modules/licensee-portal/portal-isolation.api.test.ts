import {
  KEY_MANAGER_PATHS,
  PORTAL_CSRF_COOKIE,
  PORTAL_PATHS,
  PORTAL_SESSION_COOKIE,
  type PortalLicenceResponse,
  type PortalLicencesResponse,
  portalPath,
  portalText,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { licenseeEmail, newOwner, type Owner, PortalBrowser, signInByEmail } from './portal-kit.test.js';

/**
 * Decision 036's isolation matrix: two owners, two licensees each (one of them a licensee of both
 * owners), email and key sessions, every portal route. A session reads and changes only what is its
 * own on its own owner's portal; anyone else's ids are "not found" (never "forbidden"); a cookie of
 * one portal opens nothing on another. And CSRF on every state-changing route.
 */
let server: TestServer;

interface Licence {
  id: string;
  key: string;
  deviceId: string;
}
interface World {
  owner: Owner;
  /** Licensee A's two licences and B's one, each with one device. */
  a: Licence[];
  b: Licence;
}
let shared: string;
let worlds: [World, World];

async function licenceWithDevice(owner: Owner, email: string, apiKey: string): Promise<Licence> {
  const licence = await owner.issue(email, 3);
  const activated = await owner.request(KEY_MANAGER_PATHS.activateKey, {
    body: { key: licence.key, fingerprint: `device-${licence.id}`, deviceName: 'Laptop' },
    token: apiKey,
  });
  expect(activated.status).toBe(200);
  const devices = await owner.request<{ devices: { id: string }[] }>(KEY_MANAGER_PATHS.getDevices, {
    body: { keyId: licence.id },
    token: owner.token,
  });
  return { ...licence, deviceId: devices.body.devices[0]?.id ?? '' };
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  // Licensee A holds licences of both owners under one email; B only of each owner.
  shared = licenseeEmail();
  const make = async (): Promise<World> => {
    const owner = await newOwner(server);
    const apiKey = await owner.apiKey();
    const a = [
      await licenceWithDevice(owner, shared, apiKey),
      await licenceWithDevice(owner, shared, apiKey),
    ];
    const b = await licenceWithDevice(owner, licenseeEmail(), apiKey);
    return { owner, a, b };
  };
  worlds = [await make(), await make()];
});
afterAll(async () => {
  await server?.close();
});

/** Every portal route a session may call about one licence and device, with its method. */
const licenceRoutes = (browser: PortalBrowser, licence: Licence) => [
  { method: 'GET', path: browser.path(PORTAL_PATHS.licence, licence.id) },
  { method: 'POST', path: browser.path(PORTAL_PATHS.releaseDevice, licence.id, licence.deviceId) },
  { method: 'POST', path: browser.path(PORTAL_PATHS.certificate, licence.id, licence.deviceId) },
];

async function activations(world: World, licence: Licence) {
  const browser = new PortalBrowser(server, world.owner.handle);
  await browser.open();
  await browser.keySignIn(licence.key);
  const read = await browser.call<PortalLicenceResponse>(browser.path(PORTAL_PATHS.licence, licence.id));
  return read.body.licence.activations;
}

describe('isolation matrix', () => {
  it('an email session sees its own licences of this owner only; every other licence is 404 on every route', async () => {
    for (const [index, world] of worlds.entries()) {
      const other = worlds[1 - index]!;
      const browser = new PortalBrowser(server, world.owner.handle);
      await signInByEmail(server, browser, shared);
      const listed = await browser.call<PortalLicencesResponse>(browser.path(PORTAL_PATHS.licences));
      expect(listed.body.licences.map((licence) => licence.id).sort()).toEqual(
        world.a.map((l) => l.id).sort(),
      );
      for (const mine of world.a) {
        expect((await browser.call(browser.path(PORTAL_PATHS.licence, mine.id))).status).toBe(200);
      }
      // Licensee B's licence of this owner, and licensee A's own licences of the other owner.
      for (const foreign of [world.b, ...other.a, other.b]) {
        for (const route of licenceRoutes(browser, foreign)) {
          const reply = await browser.call(route.path, { method: route.method });
          expect(reply.status, `${route.method} ${route.path}`).toBe(404);
          expect(reply.body).toMatchObject({ code: 'not_found', message: portalText('licenceNotFound') });
        }
      }
      // A device of another licence, under one's own licence id: 404 too.
      const mixed = browser.path(PORTAL_PATHS.releaseDevice, world.a[0]!.id, world.b.deviceId);
      expect((await browser.call(mixed, { method: 'POST' })).status).toBe(404);
    }
    // Nothing was released anywhere.
    for (const world of worlds) {
      for (const licence of [...world.a, world.b]) expect(await activations(world, licence)).toBe(1);
    }
  });

  it('a key session opens only its key: no list, other ids 404 on every route', async () => {
    const [world, other] = worlds;
    const browser = new PortalBrowser(server, world.owner.handle);
    await browser.open();
    const mine = world.a[0]!;
    expect((await browser.keySignIn(mine.key)).status).toBe(200);
    const list = await browser.call(browser.path(PORTAL_PATHS.licences));
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      status: 'failed',
      code: 'portal_action_off',
      message: portalText('keySessionOnly'),
    });
    expect((await browser.call(browser.path(PORTAL_PATHS.licence, mine.id))).status).toBe(200);
    for (const foreign of [world.a[1]!, world.b, ...other.a, other.b]) {
      for (const route of licenceRoutes(browser, foreign)) {
        const reply = await browser.call(route.path, { method: route.method });
        expect(reply.status, `${route.method} ${route.path}`).toBe(404);
      }
    }
    // Another owner's key does not sign in here at all.
    const elsewhere = new PortalBrowser(server, world.owner.handle);
    await elsewhere.open();
    expect((await elsewhere.keySignIn(other.b.key)).status).toBe(404);
  });

  it('a cookie of owner A’s portal opens nothing on owner B’s handle, even sent there by hand', async () => {
    const [first, second] = worlds;
    const browser = new PortalBrowser(server, first.owner.handle);
    await signInByEmail(server, browser, shared);
    const session = browser.cookies.get(PORTAL_SESSION_COOKIE);
    expect(session?.path).toBe(`/api/v1/portal/${first.owner.handle}`);
    // The same cookie and CSRF token, sent to the other portal's paths.
    const thief = new PortalBrowser(server, second.owner.handle);
    thief.cookies.set(PORTAL_SESSION_COOKIE, { value: session!.value, path: '/' });
    thief.csrf = browser.csrf;
    const routes = [
      { method: 'GET', path: thief.path(PORTAL_PATHS.session) },
      { method: 'GET', path: thief.path(PORTAL_PATHS.licences) },
      { method: 'GET', path: thief.path(PORTAL_PATHS.licence, second.a[0]!.id) },
    ];
    for (const route of routes) {
      const reply = await thief.call(route.path, { method: route.method });
      expect(reply.status, route.path).toBe(401);
      expect(reply.body).toMatchObject({ code: 'portal_session_ended' });
    }
    for (const route of licenceRoutes(thief, second.a[0]!).slice(1)) {
      const reply = await thief.call(route.path, { method: route.method });
      // No session there, so its CSRF token is no one's: refused before anything runs.
      expect(reply.status, route.path).toBe(403);
      expect(reply.body).toMatchObject({ code: 'csrf_failed' });
    }
    expect(await activations(second, second.a[0]!)).toBe(1);
  });

  it('unknown handles and switched-off portals are 404 on every route', async () => {
    const off = await newOwner(server, { enabled: false });
    for (const handle of ['no-such-portal', off.handle]) {
      for (const [name, route] of Object.entries(PORTAL_PATHS)) {
        const path = portalPath(route, handle, worlds[0].a[0]!.id, worlds[0].a[0]!.deviceId);
        const method = /requestCode|verifyCode|keySignIn|releaseDevice|certificate/.test(name)
          ? 'POST'
          : 'GET';
        const reply = await fetch(`${server.baseUrl}${path}`, { method });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(await reply.json()).toMatchObject({ message: portalText('portalNotFound') });
      }
    }
  });
});

describe('CSRF', () => {
  it('every state-changing route refuses a missing or wrong token, and a foreign Origin', async () => {
    const [world] = worlds;
    const licence = world.a[1]!;
    const browser = new PortalBrowser(server, world.owner.handle);
    await signInByEmail(server, browser, shared);
    const cookieToken = browser.cookies.get(PORTAL_CSRF_COOKIE)?.value;
    const changes = [
      { method: 'POST', path: browser.path(PORTAL_PATHS.requestCode), body: { email: shared } },
      {
        method: 'POST',
        path: browser.path(PORTAL_PATHS.verifyCode),
        body: { attemptId: '00000000-0000-4000-8000-000000000000', code: '123456' },
      },
      { method: 'POST', path: browser.path(PORTAL_PATHS.keySignIn), body: { licenseKey: licence.key } },
      { method: 'POST', path: browser.path(PORTAL_PATHS.releaseDevice, licence.id, licence.deviceId) },
      { method: 'POST', path: browser.path(PORTAL_PATHS.certificate, licence.id, licence.deviceId) },
      { method: 'DELETE', path: browser.path(PORTAL_PATHS.session) },
    ];
    for (const change of changes) {
      for (const csrf of [null, 'wrong-token', `${browser.csrf}x`]) {
        const reply = await browser.call(change.path, { method: change.method, body: change.body, csrf });
        expect(reply.status, `${change.method} ${change.path} with ${csrf}`).toBe(403);
        expect(reply.body).toEqual({
          status: 'failed',
          code: 'csrf_failed',
          message: portalText('csrfFailed'),
        });
      }
      const foreign = await browser.call(change.path, {
        method: change.method,
        body: change.body,
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.status, `${change.method} ${change.path} from evil`).toBe(403);
    }
    // The sign-in cookie's token opens the sign-in calls only, never a licensee's action.
    const release = changes[3]!;
    const withCookieToken = await browser.call(release.path, { method: 'POST', csrf: cookieToken });
    expect(withCookieToken.status).toBe(403);
    // Nothing changed, and the session still works with its own token and the app's own origin.
    expect(await activations(world, licence)).toBe(1);
    const ok = await browser.call(release.path, {
      method: 'POST',
      headers: { origin: server.baseUrl },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
