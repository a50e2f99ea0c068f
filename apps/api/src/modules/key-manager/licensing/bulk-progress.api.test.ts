import {
  BULK_PROGRESS_MEDIA_TYPE,
  type BulkLine,
  type ImportKeysResponse,
  type IssueKeysResponse,
  KEY_BULK_PATHS,
  KEY_PRODUCT_PATHS,
  keyLimitMessage,
  type PolicyResponse,
  type ProductResponse,
  ZBulkLine,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../../db/raw-rows.js';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';

// Issue 26: issue-keys and import-keys report their progress as NDJSON when asked, with the same
// work, transaction and final answer as the plain call.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function seller(plan: 'free' | 'unlimited' = 'unlimited') {
  const dev = await newDeveloper(server);
  if (plan === 'unlimited') await givePrivatePlan(server, dev.email, dev.productId, 1000);
  const user = await server.deps.accounts.findByEmail(dev.email);
  if (!user) throw new Error('no user');
  const product = await dev.request<ProductResponse>(KEY_PRODUCT_PATHS.products, {
    body: { code: 'app', name: 'App' },
    token: dev.token,
  });
  const policy = await dev.request<PolicyResponse>(KEY_PRODUCT_PATHS.policies, {
    body: { productId: product.body.product.id, name: 'Seat', maxActivations: 1 },
    token: dev.token,
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  return { dev, ownerId: user.id, policyId: policy.body.policy.id };
}

/** A call with `Accept: application/x-ndjson`: its status, content type and lines, each checked by the contract. */
async function streamed(path: string, token: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: BULK_PROGRESS_MEDIA_TYPE,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(text.endsWith('\n')).toBe(true);
  const lines: BulkLine[] = text
    .trimEnd()
    .split('\n')
    .map((line) => ZBulkLine.parse(JSON.parse(line)));
  return { status: response.status, type: response.headers.get('content-type'), lines };
}

const keysOf = async (ownerId: string) =>
  Number(
    (
      await rawRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from licence_keys where owner_id = ${ownerId}::uuid`,
      )
    )[0]?.n,
  );

describe('bulk progress (NDJSON)', () => {
  it('issue-keys: a progress line per 1,000 keys written, then the plain reply in the done line', async () => {
    const { dev, ownerId, policyId } = await seller();
    const reply = await streamed(KEY_BULK_PATHS.issueKeys, dev.token, { policyId, count: 2500 });
    expect(reply.status).toBe(200);
    expect(reply.type).toContain(BULK_PROGRESS_MEDIA_TYPE);
    const progress = reply.lines.filter((line) => line.type === 'progress');
    expect(progress).toEqual([
      { type: 'progress', phase: 'writing', done: 1000, total: 2500 },
      { type: 'progress', phase: 'writing', done: 2000, total: 2500 },
      { type: 'progress', phase: 'writing', done: 2500, total: 2500 },
    ]);
    const done = reply.lines.at(-1);
    expect(done).toMatchObject({ type: 'done', httpStatus: 200 });
    const body = (done as { body: IssueKeysResponse }).body;
    expect(body).toMatchObject({ status: 'ok', count: 2500, message: '2,500 keys issued' });
    expect(new Set(body.keys.map((key) => key.key)).size).toBe(2500);
    expect(await keysOf(ownerId)).toBe(2500);
  });

  it('a failure after the 200 is the done line’s status and envelope, and nothing is written', async () => {
    const { dev, ownerId, policyId } = await seller('free');
    const reply = await streamed(KEY_BULK_PATHS.issueKeys, dev.token, { policyId, count: 50 });
    expect(reply.status).toBe(200);
    expect(reply.lines).toHaveLength(1);
    const done = reply.lines[0] as { type: 'done'; httpStatus: number; body: unknown };
    expect(done.httpStatus).toBe(409);
    // Exactly what the plain call answers (bulk-keys.api.test.ts): the free plan holds 3 keys.
    expect(done.body).toEqual({ status: 'failed', code: 'conflict', message: keyLimitMessage(3) });
    expect(await keysOf(ownerId)).toBe(0);
  });

  it('bad input is still refused before any stream, with the usual 400', async () => {
    const { dev } = await seller();
    const response = await fetch(`${server.baseUrl}${KEY_BULK_PATHS.issueKeys}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${dev.token}`,
        'content-type': 'application/json',
        accept: BULK_PROGRESS_MEDIA_TYPE,
      },
      body: JSON.stringify({ count: 0 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'failed' });
  });

  it('import-keys: rows checked, then keys written, then the same reply as without progress', async () => {
    const { dev, ownerId } = await seller();
    const rows = Array.from({ length: 1500 }, (_, i) => `IMPORT-PROGRESS-${ownerId.slice(0, 8)}-${i},2`);
    const csv = `key,max_activations\n${rows.join('\n')}\n`;
    const dry = await streamed(KEY_BULK_PATHS.importKeys, dev.token, { csv, dryRun: true });
    expect(dry.lines.filter((line) => line.type === 'progress')).toEqual([
      { type: 'progress', phase: 'checking', done: 0, total: 1500 },
      { type: 'progress', phase: 'checking', done: 1000, total: 1500 },
      { type: 'progress', phase: 'checking', done: 1500, total: 1500 },
    ]);
    const dryBody = (dry.lines.at(-1) as { body: ImportKeysResponse }).body;
    expect(dryBody).toMatchObject({ status: 'ok', dryRun: true, rows: 1500, imported: 0, errorCount: 0 });
    expect(await keysOf(ownerId)).toBe(0);

    const run = await streamed(KEY_BULK_PATHS.importKeys, dev.token, { csv, dryRun: false });
    const phases = run.lines.flatMap((line) =>
      line.type === 'progress' ? [`${line.phase} ${line.done}`] : [],
    );
    expect(phases).toEqual(['checking 0', 'checking 1000', 'checking 1500', 'writing 1000', 'writing 1500']);
    expect(run.lines.at(-1)).toMatchObject({
      type: 'done',
      httpStatus: 200,
      body: { status: 'ok', dryRun: false, imported: 1500, message: '1,500 keys imported' },
    });
    expect(await keysOf(ownerId)).toBe(1500);
  });

  it('a reader who leaves does not stop the work: the transaction still commits every key', async () => {
    const { dev, ownerId, policyId } = await seller();
    const abort = new AbortController();
    const response = await fetch(`${server.baseUrl}${KEY_BULK_PATHS.issueKeys}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${dev.token}`,
        'content-type': 'application/json',
        accept: BULK_PROGRESS_MEDIA_TYPE,
      },
      body: JSON.stringify({ policyId, count: 3000 }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    abort.abort();
    await eventually(async () => (await keysOf(ownerId)) === 3000);
    // The server is still answering.
    const after = await dev.request<IssueKeysResponse>(KEY_BULK_PATHS.issueKeys, {
      body: { policyId, count: 1 },
      token: dev.token,
    });
    expect(after.status).toBe(200);
  });

  it('without the Accept header the routes answer as before (JSON)', async () => {
    const { dev, policyId } = await seller();
    const response = await dev.request<IssueKeysResponse>(KEY_BULK_PATHS.issueKeys, {
      body: { policyId, count: 2 },
      token: dev.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', count: 2 });
  });
});
