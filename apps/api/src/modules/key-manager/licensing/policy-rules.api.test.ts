import { randomBytes } from 'node:crypto';
import {
  type AddKeyResponse,
  type CheckoutLicenseResponse,
  type CreatePolicyRequest,
  type Device,
  type GetDevicesResponse,
  type GetKeyInformationResponse,
  type HeartbeatResponse,
  KEY_PRODUCT_PATHS,
  KEY_MANAGER_PATHS as P,
  type PolicyResponse,
  type ProductResponse,
  type ValidateKeyResponse,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { freshToken } from '../devices/devices-kit.test.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';

/**
 * The rules a policy gives its keys (decision 032), each over real HTTP against a real database with
 * the server's clock moved by the test: expiry that allows or refuses, grace days, a clock that starts
 * at the first activation (and only once when two first activations race), validate-key's device
 * answers (NOT_ACTIVATED or TOO_MANY_DEVICES), and validation as the device's heartbeat.
 */
let server: TestServer;
beforeAll(async () => {
  // As many connections as production: the racing activations below really run side by side.
  server = await startTestServer({ poolSize: 8 });
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
const SECOND = 1000;

/** A developer with one product (`app`), one policy with these fields, and both API keys. */
async function sellerWith(fields: Omit<CreatePolicyRequest, 'productId' | 'name'>) {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 1000);
  const product = await dev.request<ProductResponse>(KEY_PRODUCT_PATHS.products, {
    body: { code: 'app', name: 'App' },
    token: dev.token,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  const policy = await dev.request<PolicyResponse>(KEY_PRODUCT_PATHS.policies, {
    body: { productId: product.body.product.id, name: 'Policy', ...fields },
    token: dev.token,
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  const secret = await dev.apiKey('secret');
  const publishable = await dev.apiKey('publishable');
  const call = <T = Record<string, unknown>>(path: string, body: unknown, apiKey = publishable) =>
    dev.request<T>(path, { body, token: apiKey });
  return {
    dev,
    policy: policy.body.policy,
    secret,
    call,
    /** A key issued from the policy on the dashboard (the session is fresh: the clock may have moved). */
    issue: async () => {
      const added = await dev.request<AddKeyResponse>(P.addKey, {
        body: { policyId: policy.body.policy.id },
        token: await freshToken(server, dev),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return added.body.key;
    },
    validate: async (key: string, fingerprint?: string) =>
      (await call<ValidateKeyResponse>(P.validateKey, { key, ...(fingerprint ? { fingerprint } : {}) })).body,
    information: async (key: string) =>
      (await call<GetKeyInformationResponse>(P.getKeyInformation, { key, includeDevices: true }, secret))
        .body,
  };
}

const fingerprint = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

describe('expiry behaviour allow: the key keeps working, reported expired', () => {
  it('validates as EXPIRED but valid, and still activates, heartbeats and checks out after expiry', async () => {
    const seller = await sellerWith({
      maxActivations: 3,
      duration: { count: 30, unit: 'day' },
      expiryBehaviour: 'allow',
    });
    const licence = await seller.issue();
    const expiresAt = Date.parse(licence.expires_at ?? '');
    expect(expiresAt).toBe(server.clock.now().getTime() + 30 * DAY);
    const laptop = fingerprint('laptop');
    expect((await seller.call(P.activateKey, { key: licence.key, fingerprint: laptop })).status).toBe(200);

    server.clock.set(new Date(expiresAt + DAY));
    expect(await seller.validate(licence.key, laptop)).toMatchObject({
      valid: true,
      code: 'EXPIRED',
      key: { keyStatus: 'expired', expiresAt: licence.expires_at },
    });
    // A new device may still join (the version bought keeps running), and the old one stays alive.
    const desktop = fingerprint('desktop');
    const joined = await seller.call(P.activateKey, { key: licence.key, fingerprint: desktop });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ currentActivations: 2, keyStatus: 'expired' });
    const beat = await seller.call<HeartbeatResponse>(P.heartbeat, { key: licence.key, fingerprint: laptop });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    // Its certificate keeps the lifetime asked: the key may run after its expiry.
    const checkout = await seller.call<CheckoutLicenseResponse>(P.checkoutLicense, {
      key: licence.key,
      fingerprint: desktop,
      ttlSeconds: 7 * 86_400,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.license.expiresAt).toBe(checkout.body.license.issuedAt + 7 * 86_400);
    // A year on, the same.
    server.clock.advance(365 * DAY);
    expect(await seller.validate(licence.key, desktop)).toMatchObject({ valid: true, code: 'EXPIRED' });
  });

  it('a refusing policy, by contrast, refuses the same moment', async () => {
    const seller = await sellerWith({ maxActivations: 3, duration: { count: 30, unit: 'day' } });
    const licence = await seller.issue();
    server.clock.set(new Date(Date.parse(licence.expires_at ?? '') + DAY));
    expect(await seller.validate(licence.key)).toMatchObject({ valid: false, code: 'EXPIRED' });
    const refused = await seller.call(P.activateKey, { key: licence.key, fingerprint: fingerprint('pc') });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'key_expired' });
  });
});

describe('grace days: a refusing policy keeps working for its grace after expiry', () => {
  it('answers EXPIRED but valid during grace, activation and heartbeat allowed; key_expired from its last moment', async () => {
    const seller = await sellerWith({
      maxActivations: 5,
      duration: { count: 10, unit: 'day' },
      graceDays: 5,
    });
    const licence = await seller.issue();
    const expiresAt = Date.parse(licence.expires_at ?? '');
    const graceEnds = expiresAt + 5 * DAY;
    const laptop = fingerprint('laptop');
    expect((await seller.call(P.activateKey, { key: licence.key, fingerprint: laptop })).status).toBe(200);

    // Two days into the grace: still runs, told it expired.
    server.clock.set(new Date(expiresAt + 2 * DAY));
    expect(await seller.validate(licence.key, laptop)).toMatchObject({
      valid: true,
      code: 'EXPIRED',
      key: { keyStatus: 'expired' },
    });
    const desktop = fingerprint('desktop');
    const joined = await seller.call(P.activateKey, { key: licence.key, fingerprint: desktop });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((await seller.call(P.heartbeat, { key: licence.key, fingerprint: laptop })).status).toBe(200);
    // A certificate checked out now ends with the grace, not later.
    const checkout = await seller.call<CheckoutLicenseResponse>(P.checkoutLicense, {
      key: licence.key,
      fingerprint: laptop,
      ttlSeconds: 30 * 86_400,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.license.expiresAt).toBe(Math.floor(graceEnds / 1000));

    // The last millisecond of the grace: the TypeScript rule and the activation's SQL both allow it.
    server.clock.set(new Date(graceEnds - 1));
    expect(await seller.validate(licence.key, laptop)).toMatchObject({ valid: true, code: 'EXPIRED' });
    const lastMoment = await seller.call(P.activateKey, {
      key: licence.key,
      fingerprint: fingerprint('tablet'),
    });
    expect(lastMoment.status, JSON.stringify(lastMoment.body)).toBe(200);

    // The grace is over: refused everywhere with key_expired (validation: not valid, EXPIRED).
    server.clock.set(new Date(graceEnds));
    expect(await seller.validate(licence.key, laptop)).toMatchObject({
      valid: false,
      code: 'EXPIRED',
      key: { keyStatus: 'expired' },
    });
    for (const [path, body] of [
      [P.activateKey, { key: licence.key, fingerprint: fingerprint('phone') }],
      [P.heartbeat, { key: licence.key, fingerprint: laptop }],
      [P.checkoutLicense, { key: licence.key, fingerprint: laptop }],
    ] as const) {
      const refused = await seller.call(path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body, path).toMatchObject({ status: 'failed', code: 'key_expired' });
    }
    // Deactivation is never refused for expiry: the device gives its slot back.
    const released = await seller.call(P.deactivateKey, { key: licence.key, fingerprint: desktop });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
  });
});

describe('clock starts at the first activation', () => {
  it('has no expiry until the first activation, then expires its duration after it (once)', async () => {
    const seller = await sellerWith({
      maxActivations: 3,
      duration: { count: 30, unit: 'day' },
      clockStarts: 'activation',
    });
    const licence = await seller.issue();
    expect(licence.expires_at).toBeNull();
    // Months on a shelf: still no expiry, still valid.
    server.clock.advance(100 * DAY);
    expect(await seller.validate(licence.key)).toMatchObject({
      valid: true,
      code: 'VALID',
      key: { keyStatus: 'active', expiresAt: null },
    });
    expect(await seller.information(licence.key)).toMatchObject({ expiresAt: null });

    const activatedAt = server.clock.now().getTime();
    const first = await seller.call(P.activateKey, { key: licence.key, fingerprint: fingerprint('laptop') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const expiry = new Date(activatedAt + 30 * DAY).toISOString();
    expect(first.body).toMatchObject({ expiresAt: expiry, keyStatus: 'active' });
    expect(await seller.information(licence.key)).toMatchObject({ expiresAt: expiry });

    // A later activation does not restart it.
    server.clock.advance(10 * DAY);
    const second = await seller.call(P.activateKey, {
      key: licence.key,
      fingerprint: fingerprint('desktop'),
    });
    expect(second.body).toMatchObject({ expiresAt: expiry, currentActivations: 2 });

    // It then ends like any key of a refusing policy.
    server.clock.set(new Date(Date.parse(expiry)));
    expect(await seller.validate(licence.key)).toMatchObject({ valid: false, code: 'EXPIRED' });
    const late = await seller.call(P.activateKey, { key: licence.key, fingerprint: fingerprint('tablet') });
    expect(late.body).toMatchObject({ code: 'key_expired' });
  });

  it('two first activations racing start the clock once, at the first of them', async () => {
    const seller = await sellerWith({
      maxActivations: 0,
      duration: { count: 30, unit: 'day' },
      clockStarts: 'activation',
    });
    const licence = await seller.issue();
    // Every reading of the clock is a millisecond later than the one before, so each activation's
    // moment differs: a second start of the clock would leave a later expiry than the first's.
    const clock = server.clock;
    const manualNow = clock.now.bind(clock);
    clock.now = () => {
      clock.advance(1);
      return manualNow();
    };
    const racers = Array.from({ length: 6 }, (_, n) => fingerprint(`racer-${n}`));
    const replies = await Promise.all(
      racers.map((racer) => seller.call(P.activateKey, { key: licence.key, fingerprint: racer })),
    ).finally(() => {
      clock.now = manualNow;
    });
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    const info = await seller.information(licence.key);
    expect(info.currentActivations).toBe(racers.length);
    const started = Date.parse(info.expiresAt ?? '') - 30 * DAY;
    // Each activation records its device, then counts it (starting the clock) under the key's lock:
    // the clock started after the first device came and before any other did.
    const firstSeen = (info.devices ?? [])
      .map((device: Device) => Date.parse(device.firstSeenAt))
      .sort((a, b) => a - b);
    expect(firstSeen).toHaveLength(racers.length);
    expect(started).toBeGreaterThanOrEqual(firstSeen[0] ?? Number.NaN);
    expect(started).toBeLessThan(firstSeen[1] ?? Number.NaN);
    // Every reply saw the one expiry it set.
    for (const reply of replies) expect(reply.body).toMatchObject({ expiresAt: info.expiresAt });
  });
});

describe('validate-key: NOT_ACTIVATED or TOO_MANY_DEVICES for a device the key does not hold', () => {
  it('says TOO_MANY_DEVICES only when no slot is free', async () => {
    const seller = await sellerWith({ maxActivations: 2 });
    const licence = await seller.issue();
    const [a, b, c] = [fingerprint('a'), fingerprint('b'), fingerprint('c')];
    expect(await seller.validate(licence.key, c)).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
    await seller.call(P.activateKey, { key: licence.key, fingerprint: a });
    expect(await seller.validate(licence.key, c)).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
    await seller.call(P.activateKey, { key: licence.key, fingerprint: b });
    expect(await seller.validate(licence.key, c)).toMatchObject({
      valid: false,
      code: 'TOO_MANY_DEVICES',
      message: 'This device is not activated and the key has no free activation.',
      key: { currentActivations: 2, maxActivations: 2 },
    });
    // The devices it holds are valid; validation never activates.
    expect(await seller.validate(licence.key, a)).toMatchObject({ valid: true, code: 'VALID' });
    expect((await seller.information(licence.key)).currentActivations).toBe(2);
    // A slot given back: this device may activate, so it is only not activated.
    await seller.call(P.deactivateKey, { key: licence.key, fingerprint: b });
    expect(await seller.validate(licence.key, c)).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
  });

  it('counts a slot whose lease lapsed as free, as an activation would (leases at read time)', async () => {
    const seller = await sellerWith({ maxActivations: 1, leaseSeconds: 600 });
    const licence = await seller.issue();
    const [old, fresh] = [fingerprint('old'), fingerprint('new')];
    await seller.call(P.activateKey, { key: licence.key, fingerprint: old });
    expect(await seller.validate(licence.key, fresh)).toMatchObject({ code: 'TOO_MANY_DEVICES' });

    server.clock.advance(601 * SECOND);
    // The old device's lease lapsed: its slot is free, for the new device and for itself.
    const fresher = await seller.validate(licence.key, fresh);
    expect(fresher).toMatchObject({ valid: false, code: 'NOT_ACTIVATED', key: { currentActivations: 0 } });
    expect(await seller.validate(licence.key, old)).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
    const taken = await seller.call(P.activateKey, { key: licence.key, fingerprint: fresh });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ currentActivations: 1 });
  });
});

describe('validate-key is the device’s heartbeat', () => {
  it('moves a leased device’s last-seen time and lease, so an app that only validates keeps its slot', async () => {
    const lease = 600;
    const seller = await sellerWith({ maxActivations: 1, leaseSeconds: lease });
    const licence = await seller.issue();
    const laptop = fingerprint('laptop');
    await seller.call(P.activateKey, { key: licence.key, fingerprint: laptop });
    const devices = async () => {
      const listed = await seller.dev.request<GetDevicesResponse>(P.getDevices, {
        body: { keyId: licence.id },
        token: await freshToken(server, seller.dev),
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return listed.body.devices;
    };
    const [before] = await devices();

    // Eight minutes later the app validates (no heartbeat call): the lease now runs from here.
    server.clock.advance(480 * SECOND);
    const validatedAt = server.clock.now();
    expect(await seller.validate(licence.key, laptop)).toMatchObject({ valid: true, code: 'VALID' });
    const [after] = await devices();
    expect(after?.lastSeenAt).toBe(validatedAt.toISOString());
    expect(after?.leaseExpiresAt).toBe(new Date(validatedAt.getTime() + lease * SECOND).toISOString());
    expect(Date.parse(after?.leaseExpiresAt ?? '')).toBeGreaterThan(Date.parse(before?.leaseExpiresAt ?? ''));

    // Another eight minutes (sixteen since the activation, more than the lease): still held.
    server.clock.advance(480 * SECOND);
    expect(await seller.validate(licence.key, laptop)).toMatchObject({ valid: true, code: 'VALID' });
    const other = await seller.call(P.activateKey, { key: licence.key, fingerprint: fingerprint('other') });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'activation_limit_reached' });

    // Without a fingerprint it is no heartbeat: the lease lapses eleven minutes after the last one.
    server.clock.advance(660 * SECOND);
    expect(await seller.validate(licence.key)).toMatchObject({ valid: true, code: 'VALID' });
    expect(await seller.validate(licence.key, laptop)).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });
  });
});

afterEach(() => {
  // Each test moves the clock where it needs it; the next starts from the real time again.
  server.clock.set(new Date());
});
