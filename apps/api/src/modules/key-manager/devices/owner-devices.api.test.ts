import {
  type AddKeyResponse,
  KEY_PRODUCT_PATHS,
  type ListDevicesResponse,
  OWNER_DEVICES_PATHS,
  KEY_MANAGER_PATHS as P,
  type ProductResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { describeRoleMatrix } from '../../../test/role-matrix.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { freshToken } from './devices-kit.test.js';

// Issue 26: the owner's devices across keys, filtered by product, key search and lease status.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const MINUTE = 60_000;
type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function list(dev: Developer, body: Record<string, unknown> = {}) {
  const response = await dev.request<ListDevicesResponse>(OWNER_DEVICES_PATHS.listDevices, {
    body,
    token: await freshToken(server, dev),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A seller with a key of the default product (two devices) and one of product `app` (one device, 60 s lease). */
async function seller() {
  const dev = await newDeveloper(server);
  const product = await dev.request<ProductResponse>(KEY_PRODUCT_PATHS.products, {
    body: { code: 'app', name: 'App' },
    token: dev.token,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  const plain = await dev.addKey(5);
  const added = await dev.request<AddKeyResponse>(P.addKey, {
    body: { maxActivations: 2, productId: product.body.product.id, name: 'Leased seat' },
    token: dev.token,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const leased = added.body.key;
  const lease = await dev.request(P.setKeyDevicePolicy, {
    body: { keyId: leased.id, leaseSeconds: 60, transfersPer30Days: null, transferIdleSeconds: null },
    token: dev.token,
  });
  expect(lease.status, JSON.stringify(lease.body)).toBe(200);
  const secret = await dev.apiKey('secret');
  const activate = async (key: string, fingerprint: string) => {
    const response = await dev.request(P.activateKey, {
      body: { key, fingerprint, deviceName: `Device ${fingerprint}`, platform: 'linux' },
      token: secret,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    server.clock.advance(1000);
  };
  await activate(plain.key, 'desk-1');
  await activate(plain.key, 'desk-2');
  await activate(leased.key, 'phone-1');
  return { dev, plain, leased, productId: product.body.product.id, secret };
}

describe('list-devices: every device of the owner', () => {
  it('lists the owner’s devices across keys, newest seen first, with their key and product, and no one else’s', async () => {
    const { dev, plain, leased, productId } = await seller();
    const other = await seller();
    const page = await list(dev);
    expect(page.devices.map((d) => d.name)).toEqual(['Device phone-1', 'Device desk-2', 'Device desk-1']);
    expect(page.nextCursor).toBeNull();
    expect(page.devices[0]).toMatchObject({
      name: 'Device phone-1',
      maskedFingerprint: 'ph…',
      platform: 'linux',
      status: 'active',
      keyId: leased.id,
      maskedKey: `${leased.key.slice(0, 4)}…${leased.key.slice(-4)}`,
      keyName: 'Leased seat',
      productId,
      productCode: 'app',
      productName: 'App',
    });
    expect(page.devices[2]).toMatchObject({ keyId: plain.id, productCode: 'default', leaseExpiresAt: null });
    // The other seller's devices are theirs alone.
    const theirs = await list(other.dev);
    expect(theirs.devices.map((d) => d.keyId).sort()).toEqual(
      [other.plain.id, other.plain.id, other.leased.id].sort(),
    );
  });

  it('filters by product, by a search of the key, and by lease status', async () => {
    const { dev, plain, leased, productId } = await seller();
    expect((await list(dev, { productId })).devices.map((d) => d.name)).toEqual(['Device phone-1']);
    const fragment = plain.key.slice(6, 14);
    expect((await list(dev, { search: fragment })).devices.map((d) => d.name)).toEqual([
      'Device desk-2',
      'Device desk-1',
    ]);
    expect((await list(dev, { search: 'Leased' })).devices.map((d) => d.keyId)).toEqual([leased.id]);
    expect((await list(dev, { status: 'lapsed' })).devices).toEqual([]);

    // The 60-second lease passes: that device is lapsed, the permanent ones stay active.
    server.clock.advance(2 * MINUTE);
    const lapsed = await list(dev, { status: 'lapsed' });
    expect(lapsed.devices.map((d) => [d.name, d.status])).toEqual([['Device phone-1', 'lapsed']]);
    expect((await list(dev, { status: 'active' })).devices.map((d) => d.name)).toEqual([
      'Device desk-2',
      'Device desk-1',
    ]);
    // Filters combine.
    expect((await list(dev, { status: 'active', productId })).devices).toEqual([]);
  });

  it('pages by cursor without repeats or gaps, and a released device leaves the list', async () => {
    const { dev, plain } = await seller();
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page: ListDevicesResponse = await list(dev, { limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.devices.length).toBeLessThanOrEqual(1);
      seen.push(...page.devices.map((d) => d.name ?? ''));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Device phone-1', 'Device desk-2', 'Device desk-1']);

    const desk = (await list(dev)).devices.find((d) => d.name === 'Device desk-1');
    const released = await dev.request(P.releaseDevice, {
      body: { keyId: plain.id, deviceId: desk?.id },
      token: await freshToken(server, dev),
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await list(dev)).devices.map((d) => d.name)).toEqual(['Device phone-1', 'Device desk-2']);
  });

  it('refuses a bad cursor, status, product id or a search under 3 characters with 400', async () => {
    const { dev } = await seller();
    const token = await freshToken(server, dev);
    for (const body of [
      { cursor: 'bm90LWEtY3Vyc29y' },
      { status: 'gone' },
      { productId: 'x' },
      { search: 'ab' },
    ]) {
      const response = await dev.request(OWNER_DEVICES_PATHS.listDevices, { body, token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
    }
  });
});

describeRoleMatrix('key-manager list-devices', () => server, [
  { method: 'POST', path: OWNER_DEVICES_PATHS.listDevices, body: {}, allowed: ['client', 'staff', 'admin'] },
]);
