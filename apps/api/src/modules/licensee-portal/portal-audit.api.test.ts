import {
  type AuditResponse,
  KEY_AUDIT_PATHS,
  KEY_MANAGER_PATHS,
  PORTAL_PATHS,
  type PortalLicenceResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { licenseeEmail, newOwner, PortalBrowser, signInByEmail } from './portal-kit.test.js';

// The licensee's actions in the portal on the owner's audit log (decision 037): area 'portal', the
// licensee named by their email; the owner's portal settings as before → after.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('the audit log of the licensee portal', () => {
  it('names the licensee for a sign-in, a device release and a certificate download', async () => {
    const owner = await newOwner(server);
    const email = licenseeEmail();
    const licence = await owner.issue(email, 3);
    const apiKey = await owner.apiKey();
    const activated = await owner.request(KEY_MANAGER_PATHS.activateKey, {
      body: { key: licence.key, fingerprint: 'laptop-1', deviceName: 'Old laptop' },
      token: apiKey,
    });
    expect(activated.status).toBe(200);
    const browser = new PortalBrowser(server, owner.handle);
    await signInByEmail(server, browser, email);
    const opened = await browser.call<PortalLicenceResponse>(browser.path(PORTAL_PATHS.licence, licence.id));
    const device = opened.body.devices[0];
    if (!device) throw new Error('no device');
    const certificate = await browser.call(browser.path(PORTAL_PATHS.certificate, licence.id, device.id), {
      method: 'POST',
    });
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(200);
    const released = await browser.call(browser.path(PORTAL_PATHS.releaseDevice, licence.id, device.id), {
      method: 'POST',
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);

    const log = await owner.request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, {
      body: {},
      token: owner.token,
    });
    const portal = log.body.events.filter((event) => event.area === 'portal');
    expect(portal.map((event) => [event.action, event.actorName, event.target])).toEqual([
      ['portal.device_released', email, licence.key],
      ['portal.certificate_downloaded', email, licence.key],
      ['portal.signed_in', email, owner.handle],
    ]);
    expect(portal[0]?.before).toEqual({ device: 'Old laptop', platform: null });
    expect(portal[0]?.after).toBeNull();
    expect(portal[0]?.detail).toMatchObject({ keyId: licence.id, deviceId: device.id });
    expect(portal[2]?.detail).toMatchObject({ method: 'email' });
  });

  it('records the owner’s portal settings changes with the fields before → after', async () => {
    const owner = await newOwner(server);
    await owner.settings({ allowRelease: false });
    const log = await owner.request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, {
      body: { action: 'portal_settings.changed' },
      token: owner.token,
    });
    const [latest] = log.body.events;
    expect(latest).toMatchObject({ area: 'key-manager', target: owner.handle });
    expect(latest?.before).toEqual({ allowRelease: true });
    expect(latest?.after).toEqual({ allowRelease: false });
  });
});
