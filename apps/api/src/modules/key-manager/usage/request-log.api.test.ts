import {
  KEY_USAGE_PATHS,
  KEY_MANAGER_PATHS as P,
  type RequestLogEntry,
  type UsageResponse,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { USAGE_RETENTION_JOB } from './retention.js';
import { developerWithKeys, USAGE_TEST_ENV } from './usage-kit.test.js';

// Its own database: the retention job deletes across owners, by this server's (moved) clock.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    isolatedDatabase: true,
    env: { ...USAGE_TEST_ENV, KEY_REQUEST_LOG_MAX_PER_OWNER: '30' },
  });
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

async function runRetention() {
  const id = await server.deps.jobs.enqueue(USAGE_RETENTION_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(USAGE_RETENTION_JOB, id);
    if (job?.state === 'failed') throw new Error(JSON.stringify(job.output));
    return job?.state === 'completed';
  });
}

async function count(table: 'key_request_log' | 'key_usage_hourly', ownerId?: string) {
  const where = ownerId ? sql` where owner_id = ${ownerId}::uuid` : sql``;
  const result = (await server.database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)}${where}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe('request log (decision 037)', () => {
  it('pages newest first by (time, id), filters on the server, and exports the same rows as CSV', async () => {
    const dev = await developerWithKeys(server, 2, [1, 1]);
    const [a, b] = dev.products;
    const keyA = a?.keys[0];
    const keyB = b?.keys[0];
    const call = httpClient(server.baseUrl);
    for (let i = 0; i < 7; i += 1) {
      await call(P.validateKey, {
        body: { key: keyA?.key, platform: 'linux', appVersion: '3.1' },
        token: dev.apiKey,
        headers: { 'user-agent': 'demo-app/3.1' },
      });
      server.clock.advance(1000);
    }
    for (let i = 0; i < 3; i += 1) {
      await call(P.getKeyInformation, { body: { key: keyB?.key }, token: dev.apiKey });
      await call(P.activateKey, { body: { key: 'no-such-key', fingerprint: 'x' }, token: dev.apiKey });
    }

    const seen: RequestLogEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await dev.requestLog({ limit: 4, ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(13);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(13);
    const order = seen.map((entry) => [entry.at, Number(entry.id)] as const);
    const sorted = [...order].sort((x, y) => (x[0] === y[0] ? y[1] - x[1] : y[0].localeCompare(x[0])));
    expect(order).toEqual(sorted);
    const newestValidation = seen.find((entry) => entry.operation === 'validateKey');
    expect(newestValidation).toMatchObject({
      keyId: keyA?.id,
      productId: a?.productId,
      outcome: 'VALID',
      status: 200,
      platform: 'linux',
      appVersion: '3.1',
      userAgent: 'demo-app/3.1',
      ip: '127.0.0.1',
      country: null,
    });
    expect(newestValidation?.latencyMs).toBeGreaterThanOrEqual(0);

    expect((await dev.requestLog({ productId: a?.productId })).entries).toHaveLength(7);
    expect((await dev.requestLog({ keyId: keyB?.id })).entries).toHaveLength(3);
    expect((await dev.requestLog({ operation: 'getKeyInformation' })).entries).toHaveLength(3);
    const refused = await dev.requestLog({ kind: 'refused' });
    expect(refused.entries).toHaveLength(3);
    expect(refused.entries[0]).toMatchObject({
      outcome: 'key_not_found',
      status: 404,
      keyId: null,
      maskedKey: 'no-s…-key',
    });
    expect((await dev.requestLog({ kind: 'success' })).entries).toHaveLength(10);
    const firstAt = seen.at(-1)?.at ?? '';
    expect(
      (await dev.requestLog({ to: new Date(new Date(firstAt).getTime() + 1).toISOString() })).entries,
    ).toHaveLength(1);
    const bad = await dev.request(KEY_USAGE_PATHS.requestLog, {
      body: { cursor: 'bm9wZQ' },
      token: dev.token,
    });
    expect(bad.status).toBe(400);

    const csv = await fetch(`${server.baseUrl}${KEY_USAGE_PATHS.requestLogCsv}?operation=validateKey`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="request-log-/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,operation,key_id,masked_key,api_key_id,api_key,product_id,outcome,status,latency_ms,ip,user_agent,country,platform,app_version',
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain(',validateKey,');
    expect(lines[1]).toContain(',VALID,200,');
  });

  it('drops rows past 30 days and the oldest beyond the per-owner cap, and figures past 90 days', async () => {
    const dev = await developerWithKeys(server, 1, [1]);
    const key = dev.products[0]?.keys[0];
    const call = httpClient(server.baseUrl);
    const ownerId = (await server.deps.accounts.findByEmail(dev.email))?.id ?? '';
    const validate = async (n: number) => {
      for (let i = 0; i < n; i += 1)
        await call(P.validateKey, { body: { key: key?.key }, token: dev.apiKey });
    };
    // The public usage call (secret API key: no session to expire as the clock moves) flushes first.
    const validations = async () => {
      const from = new Date(server.clock.now().getTime() - 90 * DAY).toISOString();
      const usage = await call<UsageResponse>(P.getUsage, { body: { from }, token: dev.apiKey });
      expect(usage.status, JSON.stringify(usage.body)).toBe(200);
      return usage.body.totals.validations;
    };
    await validate(10);
    server.clock.advance(29 * DAY);
    await validate(25);
    expect(await validations()).toBe(35);
    // 35 rows (the usage call's own row is counted after its flush, so written by the next), cap 30.
    expect(await count('key_request_log', ownerId)).toBe(35);
    await runRetention();
    expect(await count('key_request_log', ownerId)).toBe(30);
    const oldest = (await server.database.db.execute(
      sql`select count(*)::int as n from key_request_log where owner_id = ${ownerId}::uuid and at < ${new Date(server.clock.now().getTime() - DAY).toISOString()}::timestamptz`,
    )) as unknown as { rows: { n: number }[] };
    expect(oldest.rows[0]?.n).toBe(5);
    // Day 31: the first day's remaining rows are past 30 days.
    server.clock.advance(2 * DAY);
    await runRetention();
    expect(await count('key_request_log', ownerId)).toBe(25);
    const row = (await server.database.db.execute(
      sql`select request_log_rows as n from key_usage_owners where owner_id = ${ownerId}::uuid`,
    )) as unknown as { rows: { n: number }[] };
    expect(row.rows[0]?.n).toBe(25);
    // Figures stay for 90 days: both days still counted, until the first is past 90 days.
    expect(await validations()).toBe(35);
    server.clock.advance(60 * DAY);
    await runRetention();
    expect(await validations()).toBe(25);
    await runRetention();
    expect(await count('key_request_log', ownerId)).toBe(0);
    expect(await count('key_usage_hourly', ownerId)).toBe(3);
  });
});
