import { KEY_USAGE_PATHS, KEY_MANAGER_PATHS as P, type UsageRank, VALIDATION_CODES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { startSibling } from '../../../test/sibling-server.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';
import { concurrently, developerWithKeys, PLATFORMS, USAGE_TEST_ENV, VERSIONS } from './usage-kit.test.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: USAGE_TEST_ENV });
});
afterAll(async () => {
  await server.close();
});

const byValue = (ranks: UsageRank[]) =>
  Object.fromEntries(ranks.map((rank) => [rank.value ?? 'null', rank.calls]));

describe('verification analytics (decision 037)', () => {
  it('counts thousands of concurrent calls exactly across 3 products, 50 keys, 3 platforms and 2 app versions', async () => {
    const dev = await developerWithKeys(server, 3, [20, 20, 10]);
    const keys = dev.products.flatMap((product) => product.keys);
    expect(keys).toHaveLength(50);
    const call = httpClient(server.baseUrl);
    // 100 devices, two per key, each activated on its key first.
    await concurrently(
      Array.from({ length: 100 }, (_, d) => async () => {
        const response = await call(P.activateKey, {
          body: { key: keys[d % 50]?.key, fingerprint: `device-${d}`, platform: PLATFORMS[d % 3] },
          token: dev.apiKey,
        });
        expect(response.status).toBe(200);
      }),
    );
    const N = 2400;
    await concurrently(
      Array.from({ length: N }, (_, i) => async () => {
        const response = await call<{ code: string }>(P.validateKey, {
          body: {
            key: keys[i % 50]?.key,
            fingerprint: `device-${i % 100}`,
            platform: PLATFORMS[i % 3],
            appVersion: VERSIONS[i % 2],
          },
          token: dev.apiKey,
        });
        expect(response.body.code).toBe('VALID');
      }),
    );

    const all = await dev.analytics({ period: '24h' });
    expect(all.totals).toMatchObject({
      validations: N,
      activations: 100,
      refusals: 0,
      calls: N + 100,
      uniqueDevices: 100,
    });
    expect(all.series).toHaveLength(24);
    expect(all.series.reduce((sum, point) => sum + point.validations, 0)).toBe(N);
    expect(byValue(all.platforms)).toEqual({ windows: 834, macos: 833, linux: 833 });
    expect(byValue(all.appVersions)).toEqual({ '1.0.0': 1200, '2.0.0': 1200, null: 100 });
    expect(all.topKeys).toHaveLength(10);
    for (const rank of all.topKeys) expect(rank.calls).toBe(N / 50 + 2);
    expect(all.topKeys[0]?.label).toMatch(/…/);

    // Per product, and per key through the filters (each key: 48 validations + 2 activations).
    const [first, second, third] = dev.products;
    expect((await dev.analytics({ period: '24h', productId: first?.productId })).totals.validations).toBe(
      960,
    );
    expect((await dev.analytics({ period: '24h', productId: second?.productId })).totals.validations).toBe(
      960,
    );
    const small = await dev.analytics({ period: '24h', productId: third?.productId });
    expect(small.totals).toMatchObject({ validations: 480, uniqueDevices: 20 });
    const one = await dev.analytics({ period: '7d', keyId: third?.keys[0]?.id });
    expect(one.series).toHaveLength(7 * 24);
    expect(one.totals).toMatchObject({ validations: 48, activations: 2, uniqueDevices: 2 });

    // Every key in the CSV of top keys, exactly.
    const csv = await fetch(`${server.baseUrl}${KEY_USAGE_PATHS.analyticsCsv}?period=24h&view=top-keys`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('value,label,calls,refusals');
    expect(lines).toHaveLength(51);
    for (const line of lines.slice(1)) expect(line).toMatch(/,50,0$/);
    const series = await fetch(`${server.baseUrl}${KEY_USAGE_PATHS.analyticsCsv}?period=30d&view=series`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    const rows = (await series.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'at,validations,activations,deactivations,heartbeats,checkouts,information,other,refusals',
    );
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)).toMatch(new RegExp(`,${N},100,0,0,0,0,0,0$`));
  }, 300_000);

  it('counts refusals by their code and shows a refused validation’s code in the request log', async () => {
    const dev = await developerWithKeys(server, 1, [0]);
    const call = httpClient(server.baseUrl);
    const add = async (body: Record<string, unknown>) => {
      const added = await dev.request<{ key: { id: string; key: string } }>(P.addKey, {
        body,
        token: dev.token,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return added.body.key;
    };
    const soon = new Date(server.clock.now().getTime() + 60_000).toISOString();
    const expiring = await add({ maxActivations: 0, expiresAt: soon });
    const disabled = await add({ maxActivations: 0, isActivated: false });
    const single = await add({ maxActivations: 1 });
    server.clock.advance(2 * 60_000);
    const validate = (key: string) =>
      call<{ code: string }>(P.validateKey, { body: { key }, token: dev.apiKey });
    expect((await validate(expiring.key)).body.code).toBe('EXPIRED');
    expect((await validate(expiring.key)).body.code).toBe('EXPIRED');
    expect((await validate(disabled.key)).body.code).toBe('DISABLED');
    const activate = (key: string, fingerprint: string) =>
      call<{ code?: string }>(P.activateKey, { body: { key, fingerprint }, token: dev.apiKey });
    expect((await activate(disabled.key, 'a')).body.code).toBe('key_disabled');
    expect((await activate(single.key, 'a')).status).toBe(200);
    const limit = await activate(single.key, 'b');
    expect(limit.body.code).toBe('activation_limit_reached');
    // A call without a valid API key has no owner: not counted anywhere.
    expect((await call(P.validateKey, { body: { key: single.key }, token: 'km_live_nope' })).status).toBe(
      401,
    );

    const figures = await dev.analytics({ period: '24h' });
    expect(figures.totals).toMatchObject({ validations: 3, activations: 3, refusals: 5, calls: 6 });
    expect(byValue(figures.refusalReasons)).toEqual({
      EXPIRED: 2,
      DISABLED: 1,
      key_disabled: 1,
      activation_limit_reached: 1,
    });
    const expired = figures.refusalReasons.find((rank) => rank.value === 'EXPIRED');
    expect(expired?.label).toBe(VALIDATION_CODES.EXPIRED);
    expect(figures.refusalReasons.find((rank) => rank.value === 'key_disabled')?.label).toBe(
      'Key is disabled',
    );

    const refused = await dev.requestLog({ kind: 'refused', operation: 'validateKey' });
    expect(refused.entries.map((entry) => entry.outcome)).toEqual(['DISABLED', 'EXPIRED', 'EXPIRED']);
    expect(refused.entries[2]).toMatchObject({
      keyId: expiring.id,
      status: 200,
      apiKeyId: expect.any(String),
      apiKey: expect.stringMatching(/^km_live_/),
      maskedKey: `${expiring.key.slice(0, 4)}…${expiring.key.slice(-4)}`,
    });
    const limited = await dev.requestLog({ outcome: 'activation_limit_reached' });
    expect(limited.entries).toHaveLength(1);
    expect(limited.entries[0]).toMatchObject({ status: 409, keyId: single.id, operation: 'activateKey' });
  });

  it('counts the API-key guard’s refusals (rate limited) as the caller saw them', async () => {
    const dev = await newDeveloper(server);
    // 25 calls at 10 a minute: even split over two windows, at least 5 are refused.
    await givePrivatePlan(server, dev.email, dev.productId, 10);
    const apiKey = await dev.apiKey();
    const licence = await dev.addKey(0);
    const call = httpClient(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push((await call(P.validateKey, { body: { key: licence.key }, token: apiKey })).status);
    }
    const limited = statuses.filter((status) => status === 429).length;
    expect(limited).toBeGreaterThan(0);
    const response = await dev.request<{
      totals: { validations: number; refusals: number };
      refusalReasons: UsageRank[];
    }>(KEY_USAGE_PATHS.analytics, { body: { period: '24h' }, token: dev.token });
    expect(response.body.totals).toMatchObject({ validations: 25, refusals: limited });
    expect(byValue(response.body.refusalReasons)).toEqual({ rate_limited: limited });
  });

  it('keeps figures across a restart: a graceful stop writes what was counted', async () => {
    const dev = await developerWithKeys(server, 1, [2]);
    const sibling = await startSibling(server, { ...USAGE_TEST_ENV, JOBS_RUN_SCHEDULES: 'false' });
    const call = httpClient(sibling.baseUrl);
    const keys = dev.products[0]?.keys ?? [];
    await concurrently(
      Array.from(
        { length: 300 },
        (_, i) => () =>
          call(P.validateKey, {
            body: { key: keys[i % 2]?.key, appVersion: VERSIONS[i % 2] },
            token: dev.apiKey,
          }),
      ),
    );
    // Nothing is written before the stop (a flush every 60 s here); closing writes it all.
    await sibling.close();
    const figures = await dev.analytics({ period: '24h' });
    expect(figures.totals.validations).toBe(300);
    expect(byValue(figures.appVersions)).toEqual({ '1.0.0': 150, '2.0.0': 150 });
    expect((await dev.requestLog({ limit: 200 })).entries).toHaveLength(200);
  });

  it('never shows one owner’s figures to another, even filtered by the other’s ids', async () => {
    const owner = await developerWithKeys(server, 1, [1]);
    const other = await developerWithKeys(server, 1, [0]);
    const key = owner.products[0]?.keys[0];
    await httpClient(server.baseUrl)(P.validateKey, { body: { key: key?.key }, token: owner.apiKey });
    expect((await owner.analytics({ period: '24h', keyId: key?.id })).totals.validations).toBe(1);
    const peek = await other.analytics({
      period: '24h',
      keyId: key?.id,
      productId: owner.products[0]?.productId,
    });
    expect(peek.totals.calls).toBe(0);
    expect(peek.topKeys).toEqual([]);
    expect((await other.requestLog({ keyId: key?.id })).entries).toEqual([]);
    expect((await other.analytics({ period: '24h' })).totals.calls).toBe(0);
    // Without a session: 401.
    const anonymous = await httpClient(server.baseUrl)(KEY_USAGE_PATHS.analytics, { body: {} });
    expect(anonymous.status).toBe(401);
  });
});
