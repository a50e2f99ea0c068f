import {
  ACTIVATION_LIMIT_MESSAGE,
  API_KEY_REQUIRED_MESSAGE,
  DEVICE_NOT_FOUND_MESSAGE,
  DEVICE_RELEASED_MESSAGE,
  type Device,
  type DevicePolicyResponse,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  type GetDevicesResponse,
  HEARTBEAT_RECORDED_MESSAGE,
  INVALID_KEY_MESSAGE,
  KEY_ACTIVATED_MESSAGE,
  KEY_ALREADY_ACTIVATED_MESSAGE,
  KEY_TRANSFERRED_MESSAGE,
  KEY_MANAGER_PATHS as P,
  PUBLISHABLE_KEY_FINGERPRINT_MESSAGE,
  PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE,
  WEBHOOK_PATHS,
  type WebhookEventPayload,
  type WebhookSecretResponse,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEvents } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { freshToken, runLeaseJob, utcSecond } from './devices-kit.test.js';

// Decision 023: devices, leases with heartbeats, self-serve transfer.

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({
    env: { JOBS_POLL_SECONDS: '0.5', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

const MINUTE = 60_000;

const DAY = 86_400_000;
type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function devicesOf(dev: Developer, keyId: string) {
  const response = await dev.request<GetDevicesResponse>(P.getDevices, {
    body: { keyId },
    token: await freshToken(server, dev),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

function api(dev: Developer, token: string, userAgent = 'DeviceTest/1.0') {
  return (path: string, body: object) =>
    dev.request<Record<string, unknown>>(path, { body, token, headers: { 'user-agent': userAgent } });
}

describe('devices', () => {
  it('an activation with a fingerprint is a device: listed in the dashboard and, on request, by get-key-information', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const secret = api(dev, await dev.apiKey(), 'Studio/2.1 (Windows)');
    const activated = await secret(P.activateKey, {
      key: licence.key,
      fingerprint: 'laptop-1',
      deviceName: 'Ana’s laptop',
      platform: 'windows',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body).toMatchObject({ message: KEY_ACTIVATED_MESSAGE, currentActivations: 1 });
    const firstSeen = server.clock.now().toISOString();

    server.clock.advance(5 * MINUTE);
    // Activating again is idempotent: no second slot, the device is only seen again.
    const again = await secret(P.activateKey, { key: licence.key, fingerprint: 'laptop-1' });
    expect(again.body).toMatchObject({ message: KEY_ALREADY_ACTIVATED_MESSAGE, currentActivations: 1 });

    const listed = await devicesOf(dev, licence.id);
    expect(listed.devices).toEqual([
      {
        id: expect.any(String),
        fingerprint: 'laptop-1',
        name: 'Ana’s laptop',
        platform: 'windows',
        firstSeenAt: firstSeen,
        lastSeenAt: server.clock.now().toISOString(),
        ip: '127.0.0.1',
        userAgent: 'Studio/2.1 (Windows)',
        leaseExpiresAt: null,
      },
    ]);
    expect(listed.policy).toEqual({ leaseSeconds: 0, transfersPer30Days: 0, transferIdleSeconds: 0 });
    expect(listed.nextCursor).toBeNull();

    // get-key-information: unchanged without the opt-in field, devices with it.
    const plain = await secret(P.getKeyInformation, { key: licence.key });
    expect(plain.body).not.toHaveProperty('devices');
    const withDevices = await secret(P.getKeyInformation, { key: licence.key, includeDevices: true });
    expect(withDevices.status).toBe(200);
    expect(withDevices.body.devices).toEqual(listed.devices);

    // A publishable key sees the devices, but neither fingerprints nor addresses.
    const app = api(dev, await dev.apiKey('publishable'));
    const seenByApp = await app(P.getKeyInformation, { key: licence.key, includeDevices: true });
    expect(seenByApp.body.devices).toEqual([
      { ...listed.devices[0], fingerprint: null, ip: null, userAgent: null },
    ]);
  });

  it('the dashboard pages a key’s devices, most recently seen first', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(0);
    const secret = api(dev, await dev.apiKey());
    for (const fingerprint of ['a', 'b', 'c']) {
      expect((await secret(P.activateKey, { key: licence.key, fingerprint })).status).toBe(200);
      server.clock.advance(1_000);
    }
    const token = await freshToken(server, dev);
    const first = await dev.request<GetDevicesResponse>(P.getDevices, {
      body: { keyId: licence.id, limit: 2 },
      token,
    });
    expect(first.body.devices.map((d) => d.fingerprint)).toEqual(['c', 'b']);
    const second = await dev.request<GetDevicesResponse>(P.getDevices, {
      body: { keyId: licence.id, limit: 2, cursor: first.body.nextCursor },
      token,
    });
    expect(second.body.devices.map((d) => d.fingerprint)).toEqual(['a']);
    expect(second.body.nextCursor).toBeNull();
    const bad = await dev.request(P.getDevices, { body: { keyId: licence.id, cursor: 'nope' }, token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', field: 'cursor' });
  });

  it('the owner releases a device from the dashboard; nobody else can', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(2);
    const secret = api(dev, await dev.apiKey());
    await secret(P.activateKey, { key: licence.key, fingerprint: 'old-phone' });
    // Seen a second apart, so their order is defined (same times would order by the random id).
    server.clock.advance(1_000);
    await secret(P.activateKey, { key: licence.key, fingerprint: 'tablet' });
    const [tablet, phone] = (await devicesOf(dev, licence.id)).devices as [Device, Device];
    expect(phone.fingerprint).toBe('old-phone');

    const stranger = await newDeveloper(server);
    const foreign = await stranger.request(P.releaseDevice, {
      body: { keyId: licence.id, deviceId: phone.id },
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);

    const token = await freshToken(server, dev);
    const released = await dev.request(P.releaseDevice, {
      body: { keyId: licence.id, deviceId: phone.id },
      token,
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toEqual({ status: 'ok', message: DEVICE_RELEASED_MESSAGE });
    expect((await secret(P.getKeyInformation, { key: licence.key })).body).toMatchObject({
      currentActivations: 1,
    });
    expect((await devicesOf(dev, licence.id)).devices.map((d) => d.id)).toEqual([tablet.id]);
    const twice = await dev.request(P.releaseDevice, {
      body: { keyId: licence.id, deviceId: phone.id },
      token,
    });
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ status: 'failed', code: 'not_found', message: DEVICE_NOT_FOUND_MESSAGE });
    // The released device learns it on its next heartbeat.
    const beat = await secret(P.heartbeat, { key: licence.key, fingerprint: 'old-phone' });
    expect(beat.status).toBe(409);
    expect(beat.body).toEqual({
      status: 'failed',
      code: 'device_not_activated',
      message: FINGERPRINT_NOT_ACTIVATED_MESSAGE,
    });
  });
});

describe('leases', () => {
  it('a heartbeat keeps a device; without one past the lease the job releases it and sends lease.expired', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await dev.request<WebhookSecretResponse>(WEBHOOK_PATHS.endpoints, {
      body: { url: receiver.url('/leases'), events: ['lease.expired'] },
      token: dev.token,
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    // The owner's policy: a 10-minute lease for every key that does not set its own.
    const policy = await dev.request<DevicePolicyResponse>(P.setDevicePolicy, {
      body: { leaseSeconds: 600, transfersPer30Days: 0, transferIdleSeconds: 0 },
      token: dev.token,
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const read = await dev.request<DevicePolicyResponse>(P.getDevicePolicy, { body: {}, token: dev.token });
    expect(read.body.policy.leaseSeconds).toBe(600);

    const licence = await dev.addKey(2);
    const app = api(dev, await dev.apiKey('publishable'));
    await app(P.activateKey, { key: licence.key, fingerprint: 'kept' });
    await app(P.activateKey, { key: licence.key, fingerprint: 'silent' });

    server.clock.advance(7 * MINUTE);
    const beat = await app(P.heartbeat, { key: licence.key, fingerprint: 'kept' });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    const expiresAt = new Date(server.clock.now().getTime() + 600_000).toISOString();
    expect(beat.body).toMatchObject({
      status: 'ok',
      message: HEARTBEAT_RECORDED_MESSAGE,
      currentActivations: 2,
      leaseSeconds: 600,
      leaseExpiresAt: expiresAt,
    });

    // 'silent' is 11 minutes old, 'kept' 4: only 'silent' lapsed.
    server.clock.advance(4 * MINUTE);
    await runLeaseJob(server);
    expect((await app(P.getKeyInformation, { key: licence.key })).body.currentActivations).toBe(1);
    const left = await devicesOf(dev, licence.id);
    expect(left.devices.map((d) => [d.fingerprint, d.leaseExpiresAt])).toEqual([['kept', expiresAt]]);
    const lapsed = await app(P.heartbeat, { key: licence.key, fingerprint: 'silent' });
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.message).toBe(FINGERPRINT_NOT_ACTIVATED_MESSAGE);

    // The webhook event and its delivery are recorded, and the endpoint receives it.
    const events = await server.database.db
      .select({ id: webhookEvents.id, data: webhookEvents.data })
      .from(webhookEvents)
      .where(
        and(eq(webhookEvents.type, 'lease.expired'), eq(webhookEvents.ownerId, (await ownerId(dev)) ?? '')),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      key: { id: licence.id, currentActivations: 1 },
      device: { fingerprint: 'silent' },
    });
    const deliveries = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, events[0]?.id ?? ''));
    expect(deliveries).toHaveLength(1);
    await eventually(async () => receiver.at('/leases').length === 1);
    const payload = JSON.parse(receiver.at('/leases')[0]?.body ?? '{}') as WebhookEventPayload;
    expect(payload).toMatchObject({ type: 'lease.expired', data: { device: { fingerprint: 'silent' } } });

    // A key's own lease wins over the owner's: 0 makes it permanent.
    const own = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: licence.id, leaseSeconds: 0, transfersPer30Days: null, transferIdleSeconds: null },
      token: await freshToken(server, dev),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    server.clock.advance(DAY);
    await runLeaseJob(server);
    expect((await app(P.getKeyInformation, { key: licence.key })).body.currentActivations).toBe(1);
  });
});

async function ownerId(dev: Developer) {
  return (await server.deps.accounts.findByEmail(dev.email))?.id;
}

describe('self-serve transfer', () => {
  it('a reinstall (new fingerprint) takes the idle device’s slot, counts one transfer, and past the allowance is told when', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(1);
    const set = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: licence.id, leaseSeconds: null, transfersPer30Days: 1, transferIdleSeconds: 3600 },
      token: dev.token,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const app = api(dev, await dev.apiKey('publishable'));
    expect((await app(P.activateKey, { key: licence.key, fingerprint: 'install-1' })).status).toBe(200);
    const oldSeen = server.clock.now().getTime();

    // Ten minutes later the old install is not idle long enough yet: refused, with when.
    server.clock.advance(10 * MINUTE);
    const early = await app(P.activateKey, { key: licence.key, fingerprint: 'install-2' });
    expect(early.status).toBe(409);
    const idleAt = new Date(oldSeen + 3600_000).toISOString();
    expect(early.body).toEqual({
      status: 'failed',
      code: 'activation_limit_reached',
      message: `Activation limit reached. This licence can move to a new device from ${utcSecond(idleAt)}; until then, release a device or ask the seller to.`,
      nextTransferAt: idleAt,
    });
    expect(String(early.body.message).startsWith(ACTIVATION_LIMIT_MESSAGE)).toBe(true);

    // After an hour idle, the reinstall takes the slot.
    server.clock.advance(51 * MINUTE);
    const moved = await app(P.activateKey, {
      key: licence.key,
      fingerprint: 'install-2',
      deviceName: 'New PC',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      message: KEY_TRANSFERRED_MESSAGE,
      currentActivations: 1,
      maxActivations: 1,
      transfer: { releasedDeviceId: expect.any(String), transfersUsed: 1, transfersPer30Days: 1 },
    });
    const transferredAt = server.clock.now().getTime();
    // Idempotent as ever: the same fingerprint again is no new activation and no transfer.
    const repeat = await app(P.activateKey, { key: licence.key, fingerprint: 'install-2' });
    expect(repeat.body).toMatchObject({ message: KEY_ALREADY_ACTIVATED_MESSAGE, currentActivations: 1 });
    expect(repeat.body).not.toHaveProperty('transfer');
    const after = await devicesOf(dev, licence.id);
    expect(after.devices.map((d) => [d.fingerprint, d.name])).toEqual([['install-2', 'New PC']]);
    expect(after.transfersUsed).toBe(1);
    const nextAt = new Date(transferredAt + 30 * DAY).toISOString();
    expect(after.nextTransferAt).toBe(nextAt);
    // The old install's heartbeat tells it the slot is gone.
    expect((await app(P.heartbeat, { key: licence.key, fingerprint: 'install-1' })).status).toBe(409);

    // Two days on, a third install: the allowance (1 per 30 days) is used up until nextAt.
    server.clock.advance(2 * DAY);
    const third = await app(P.activateKey, { key: licence.key, fingerprint: 'install-3' });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ nextTransferAt: nextAt });
    expect(third.body.message).toContain(utcSecond(nextAt));
    expect((await devicesOf(dev, licence.id)).devices.map((d) => d.fingerprint)).toEqual(['install-2']);

    // Once the first transfer leaves the 30-day window, the next one is allowed.
    server.clock.set(new Date(transferredAt + 30 * DAY + MINUTE));
    const later = await app(P.activateKey, { key: licence.key, fingerprint: 'install-3' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body).toMatchObject({ message: KEY_TRANSFERRED_MESSAGE, transfer: { transfersUsed: 1 } });
  });

  it('without an allowance the limit refusal stays the plain message', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(1);
    const secret = api(dev, await dev.apiKey());
    await secret(P.activateKey, { key: licence.key, fingerprint: 'one' });
    server.clock.advance(DAY);
    const refused = await secret(P.activateKey, { key: licence.key, fingerprint: 'two' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'activation_limit_reached',
      message: ACTIVATION_LIMIT_MESSAGE,
    });
  });
});

describe('key types and input', () => {
  it('a publishable key may heartbeat, but not release other devices', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(2);
    const secret = api(dev, await dev.apiKey());
    const publishable = await dev.apiKey('publishable');
    const app = api(dev, publishable);
    await secret(P.activateKey, { key: licence.key, fingerprint: 'someone-else' });
    server.clock.advance(1_000);
    await app(P.activateKey, { key: licence.key, fingerprint: 'mine' });

    expect((await app(P.heartbeat, { key: licence.key, fingerprint: 'mine' })).status).toBe(200);
    // Another device's fingerprint is not in what it can read…
    const seen = await app(P.getKeyInformation, { key: licence.key, includeDevices: true });
    expect((seen.body.devices as Device[]).map((d) => d.fingerprint)).toEqual([null, null]);
    // …an anonymous deactivation is refused…
    const anonymous = await app(P.deactivateKey, { key: licence.key });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe(PUBLISHABLE_KEY_FINGERPRINT_MESSAGE);
    // …and the dashboard's release takes a signed-in owner, not an API key.
    const devices = await devicesOf(dev, licence.id);
    const other = devices.devices.find((d) => d.fingerprint === 'someone-else');
    const release = await dev.request(P.releaseDevice, {
      body: { keyId: licence.id, deviceId: other?.id },
      token: publishable,
    });
    expect(release.status).toBe(401);
    expect((await secret(P.getKeyInformation, { key: licence.key })).body.currentActivations).toBe(2);
    // It still may not do a secret key's work.
    const disable = await app(P.markKeyAsActive, { key: licence.key, isActive: false });
    expect(disable.status).toBe(403);
    expect(disable.body.message).toBe(PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE);
  });

  it('heartbeat and policies validate their input; unknown keys and missing keys are named', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(1);
    const secret = api(dev, await dev.apiKey());
    const noFingerprint = await secret(P.heartbeat, { key: licence.key });
    expect(noFingerprint.status).toBe(400);
    expect(noFingerprint.body).toMatchObject({ status: 'failed', field: 'fingerprint' });
    const unknown = await secret(P.heartbeat, { key: 'NOPE-NOPE', fingerprint: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(INVALID_KEY_MESSAGE);
    const noApiKey = await dev.request(P.heartbeat, { body: { key: licence.key, fingerprint: 'x' } });
    expect(noApiKey.status).toBe(401);
    expect(noApiKey.body.message).toBe(API_KEY_REQUIRED_MESSAGE);
    const tooShort = await dev.request(P.setDevicePolicy, {
      body: { leaseSeconds: 30, transfersPer30Days: 0, transferIdleSeconds: 0 },
      token: dev.token,
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toMatchObject({ status: 'failed', field: 'leaseSeconds' });
    const foreignKey = await dev.request(P.setKeyDevicePolicy, {
      body: {
        keyId: '00000000-0000-4000-8000-000000000000',
        leaseSeconds: null,
        transfersPer30Days: null,
        transferIdleSeconds: null,
      },
      token: dev.token,
    });
    expect(foreignKey.status).toBe(404);
  });
});
