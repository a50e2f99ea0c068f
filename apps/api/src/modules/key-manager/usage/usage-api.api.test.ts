import {
  KEY_USAGE_PATHS,
  KEY_MANAGER_PATHS as P,
  type UsageResponse,
  type UsageSettingsResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { onPostgres, twoInstances } from '../../../test/two-instances.js';
import { concurrently, developerWithKeys, PLATFORMS, USAGE_TEST_ENV } from './usage-kit.test.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: USAGE_TEST_ENV });
});
afterAll(async () => {
  await server.close();
});
const startTwoInstances = twoInstances({ env: USAGE_TEST_ENV });
const HOUR = 3_600_000;

describe('usage over the public REST interface (decision 037)', () => {
  it('answers a secret API key with hourly or daily counts, and refuses a publishable key', async () => {
    const dev = await developerWithKeys(server, 1, [2]);
    const keys = dev.products[0]?.keys ?? [];
    const call = httpClient(server.baseUrl);
    const publishable = await dev.newApiKey('publishable');
    const start = server.clock.now().getTime();
    for (let i = 0; i < 6; i += 1)
      await call(P.validateKey, { body: { key: keys[0]?.key }, token: dev.apiKey });
    server.clock.advance(2 * HOUR);
    for (let i = 0; i < 4; i += 1)
      await call(P.validateKey, { body: { key: keys[1]?.key }, token: dev.apiKey });
    await call(P.heartbeat, { body: { key: keys[1]?.key, fingerprint: 'not-here' }, token: dev.apiKey });

    const from = new Date(start - HOUR).toISOString();
    const hourly = await call<UsageResponse>(P.getUsage, {
      body: { from, granularity: 'hour' },
      token: dev.apiKey,
    });
    expect(hourly.status, JSON.stringify(hourly.body)).toBe(200);
    expect(hourly.body.granularity).toBe('hour');
    expect(hourly.body.series.map((point) => point.validations)).toEqual([0, 6, 0, 4]);
    expect(hourly.body.totals).toMatchObject({ validations: 10, heartbeats: 1, refusals: 1, calls: 11 });
    const daily = await call<UsageResponse>(P.getUsage, {
      body: { from, keyId: keys[1]?.id },
      token: dev.apiKey,
    });
    expect(daily.body.totals).toMatchObject({ validations: 4, heartbeats: 1 });
    // The usage calls themselves count as `other`.
    const again = await call<UsageResponse>(P.getUsage, { body: { from }, token: dev.apiKey });
    expect(again.body.totals.other).toBe(2);

    const refused = await call(P.getUsage, { body: { from }, token: publishable });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('publishable_key_not_allowed');
    const backwards = await call(P.getUsage, { body: { from, to: from }, token: dev.apiKey });
    expect(backwards.status).toBe(400);
    const tooLong = await call(P.getUsage, {
      body: { from: new Date(start - 40 * 24 * HOUR).toISOString(), granularity: 'hour' },
      token: dev.apiKey,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('from');
    expect((await call(P.getUsage, { body: {}, token: dev.apiKey })).status).toBe(400);
  });

  it('keeps the weekly-mail setting, off until the owner turns it on', async () => {
    const dev = await developerWithKeys(server, 0, []);
    const get = () =>
      dev.request<UsageSettingsResponse>(KEY_USAGE_PATHS.usageSettings, { method: 'GET', token: dev.token });
    expect((await get()).body.settings).toEqual({ weeklyMail: false });
    const set = await dev.request<UsageSettingsResponse>(KEY_USAGE_PATHS.usageSettings, {
      body: { weeklyMail: true },
      token: dev.token,
    });
    expect(set.body.settings).toEqual({ weeklyMail: true });
    expect((await get()).body.settings).toEqual({ weeklyMail: true });
    const bad = await dev.request(KEY_USAGE_PATHS.usageSettings, {
      body: { weeklyMail: 'yes' },
      token: dev.token,
    });
    expect(bad.status).toBe(400);
  });

  it.skipIf(!onPostgres)(
    'two instances on one PostgreSQL database record into the same figures exactly (skipped without TEST_DATABASE_URL)',
    async () => {
      const [a, b] = await startTwoInstances();
      const dev = await developerWithKeys(a, 2, [3, 2]);
      const keys = dev.products.flatMap((product) => product.keys);
      const onA = httpClient(a.baseUrl);
      const onB = httpClient(b.baseUrl);
      await concurrently(
        Array.from(
          { length: 600 },
          (_, i) => () =>
            (i % 2 === 0 ? onA : onB)(P.validateKey, {
              body: { key: keys[i % 5]?.key, platform: PLATFORMS[i % 3] },
              token: dev.apiKey,
            }),
        ),
      );
      // A read on B flushes B's figures (one JWT secret for both test servers); A's read flushes A's.
      const onBDashboard = await onB(KEY_USAGE_PATHS.analytics, { body: {}, token: dev.token });
      expect(onBDashboard.status).toBe(200);
      const figures = await dev.analytics({ period: '24h' });
      expect(figures.totals.validations).toBe(600);
      expect(Object.fromEntries(figures.platforms.map((rank) => [rank.value, rank.calls]))).toEqual({
        windows: 200,
        macos: 200,
        linux: 200,
      });
      expect(figures.topKeys.map((rank) => rank.calls)).toEqual([120, 120, 120, 120, 120]);
    },
    120_000,
  );
});
