import {
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  KEY_ACTIVATED_MESSAGE,
  KEY_MANAGER_PATHS as P,
  WEBHOOK_PATHS,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyEvents, webhookEvents } from '../../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { newDeveloper } from '../key-manager-kit.test.js';

// A lease is enforced when it matters, not only by the minute job (decision 023, "Leases at read
// time"): the moment it lapses, the next activation of the key may take the slot, and the lapsed
// device's heartbeat is refused and frees it. No lease job runs in this file.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

type Developer = Awaited<ReturnType<typeof newDeveloper>>;
const LEASE_SECONDS = 600;

/** A developer with a one-slot key whose devices hold a 10-minute lease. */
async function oneSlotLeasedKey(): Promise<{ dev: Developer; licence: { id: string; key: string } }> {
  const dev = await newDeveloper(server);
  const licence = await dev.addKey(1);
  const set = await dev.request(P.setKeyDevicePolicy, {
    body: { keyId: licence.id, leaseSeconds: LEASE_SECONDS, transfersPer30Days: 0, transferIdleSeconds: 0 },
    token: dev.token,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { dev, licence };
}

const call = (dev: Developer, token: string) => (path: string, body: object) =>
  dev.request<Record<string, unknown>>(path, { body, token });

describe('leases at read time', () => {
  it('a new device takes a lapsed device’s slot at once, with the same key event and webhook event as the job', async () => {
    const { dev, licence } = await oneSlotLeasedKey();
    const endpoint = await dev.request(WEBHOOK_PATHS.endpoints, {
      body: { url: 'http://127.0.0.1:9/never', events: ['lease.expired'] },
      token: dev.token,
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const app = call(dev, await dev.apiKey('publishable'));
    expect((await app(P.activateKey, { key: licence.key, fingerprint: 'old-laptop' })).status).toBe(200);

    // One second before the lease lapses the slot is still held.
    server.clock.advance((LEASE_SECONDS - 1) * 1000);
    expect((await app(P.activateKey, { key: licence.key, fingerprint: 'new-laptop' })).status).toBe(409);

    server.clock.advance(2000);
    const taken = await app(P.activateKey, { key: licence.key, fingerprint: 'new-laptop' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ message: KEY_ACTIVATED_MESSAGE, currentActivations: 1 });
    expect(taken.body).not.toHaveProperty('transfer');

    const owner = (await server.deps.accounts.findByEmail(dev.email))?.id ?? '';
    const expired = await server.database.db
      .select({ delta: keyEvents.delta })
      .from(keyEvents)
      .where(and(eq(keyEvents.keyId, licence.id), eq(keyEvents.action, 'expire')));
    expect(expired).toEqual([{ delta: -1 }]);
    const events = await server.database.db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.ownerId, owner), eq(webhookEvents.type, 'lease.expired')));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ device: { fingerprint: 'old-laptop' } });

    // The old device learns it on its next heartbeat.
    const beat = await app(P.heartbeat, { key: licence.key, fingerprint: 'old-laptop' });
    expect(beat.status).toBe(409);
    expect(beat.body.message).toBe(FINGERPRINT_NOT_ACTIVATED_MESSAGE);
  });

  it('an activation without a fingerprint (secret key) also reclaims a lapsed slot', async () => {
    const { dev, licence } = await oneSlotLeasedKey();
    const secret = call(dev, await dev.apiKey());
    expect((await secret(P.activateKey, { key: licence.key, fingerprint: 'kiosk' })).status).toBe(200);
    server.clock.advance((LEASE_SECONDS + 1) * 1000);
    const anonymous = await secret(P.activateKey, { key: licence.key });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(200);
    expect(anonymous.body).toMatchObject({ currentActivations: 1 });
  });

  it('a lapsed device’s heartbeat is refused, never revives the lease, and frees the slot', async () => {
    const { dev, licence } = await oneSlotLeasedKey();
    const app = call(dev, await dev.apiKey('publishable'));
    expect((await app(P.activateKey, { key: licence.key, fingerprint: 'tablet' })).status).toBe(200);
    server.clock.advance((LEASE_SECONDS + 1) * 1000);
    const late = await app(P.heartbeat, { key: licence.key, fingerprint: 'tablet' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(FINGERPRINT_NOT_ACTIVATED_MESSAGE);
    expect((await app(P.getKeyInformation, { key: licence.key })).body).toMatchObject({
      currentActivations: 0,
    });
    // Activating again is how a device comes back.
    expect((await app(P.activateKey, { key: licence.key, fingerprint: 'tablet' })).body).toMatchObject({
      message: KEY_ACTIVATED_MESSAGE,
      currentActivations: 1,
    });
  });
});
