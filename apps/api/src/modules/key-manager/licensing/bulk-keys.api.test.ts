import { randomUUID } from 'node:crypto';
import {
  BULK_LIMITS,
  type CreatePolicyRequest,
  EXPORT_COLUMNS,
  type ImportKeysResponse,
  type IssueKeysResponse,
  KEY_BULK_PATHS,
  KEY_PRODUCT_PATHS,
  keyLimitMessage,
  keysIssuedMessage,
  NO_PLAN_MESSAGE,
  POLICY_NOT_FOUND_MESSAGE,
  type PolicyResponse,
  type ProductResponse,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../../db/raw-rows.js';
import { parseCsv } from '../../../platform/csv/csv.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { describeRoleMatrix } from '../../../test/role-matrix.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';
import { KeyManagerPlans } from '../plans.js';
import { generateLicenceKey } from '../secrets.js';
import { type BulkKey, insertKeysUnderPlan, KEY_TAKEN_MESSAGE } from './bulk-insert.js';
import { bareTerms } from './key-terms.js';
import { KeyProducts } from './products.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const DAY_MS = 86_400_000;

/** A developer on the free plan (3 keys), an unlimited private one, or none; products and policies by their routes. */
async function developer(plan: 'free' | 'unlimited' | 'none' = 'unlimited') {
  const dev = await newDeveloper(server, { plan: plan === 'none' ? 'none' : 'free' });
  if (plan === 'unlimited') await givePrivatePlan(server, dev.email, dev.productId, 1000);
  const user = await server.deps.accounts.findByEmail(dev.email);
  if (!user) throw new Error('no user');
  let token = dev.token;
  async function created<T>(path: string, body: unknown): Promise<T> {
    const response = await dev.request<T>(path, { body, token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }
  return {
    ...dev,
    ownerId: user.id,
    /** A fresh access token, after the test clock moved past the first one's 15 minutes. */
    signInAgain: async () => {
      token = (await server.deps.sessions.issue(user, false)).access;
    },
    product: async (code: string) =>
      (await created<ProductResponse>(KEY_PRODUCT_PATHS.products, { code, name: `Product ${code}` })).product,
    policy: async (body: CreatePolicyRequest) =>
      (await created<PolicyResponse>(KEY_PRODUCT_PATHS.policies, body)).policy,
    issue: (body: Record<string, unknown>) =>
      dev.request<IssueKeysResponse>(KEY_BULK_PATHS.issueKeys, { body, token }),
    import: (body: Record<string, unknown>) =>
      dev.request<ImportKeysResponse>(KEY_BULK_PATHS.importKeys, { body, token }),
    export: (query = '') => fetchText(`${KEY_BULK_PATHS.exportKeys}${query}`, token),
  };
}

/** A reply read as text (the CSV replies), with its headers. */
async function fetchText(path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** An export's rows as objects by column name (the header checked). */
function exportedRows(text: string) {
  const parsed = parseCsv(text);
  expect(parsed.error).toBeNull();
  const [header, ...records] = parsed.records;
  expect(header?.fields).toEqual([...EXPORT_COLUMNS]);
  return records.map((record) =>
    Object.fromEntries(EXPORT_COLUMNS.map((column, i) => [column, record.fields[i]])),
  );
}

async function countersOf(ownerId: string) {
  const [row] = await rawRows<{ keys: number }>(
    server.database.db,
    sql`select keys from licence_key_counters where owner_id = ${ownerId}::uuid`,
  );
  return row?.keys ?? 0;
}

async function keysOf(ownerId: string) {
  const [row] = await rawRows<{ keys: string; events: string }>(
    server.database.db,
    sql`select (select count(*) from licence_keys where owner_id = ${ownerId}::uuid) as keys,
               (select count(*) from key_events where owner_id = ${ownerId}::uuid and action = 'create') as events`,
  );
  return { keys: Number(row?.keys), events: Number(row?.events) };
}

const timings = (label: string, ms: number) => {
  if (process.env.BULK_TIMINGS) process.stdout.write(`bulk timing: ${label} ${ms.toFixed(0)} ms\n`);
};

describe('issue-keys', () => {
  it('issues 10,000 keys from a yearly policy in one call, and the export finds them by customer', async () => {
    const dev = await developer();
    const product = await dev.product('studio');
    const policy = await dev.policy({
      productId: product.id,
      name: 'Studio Yearly',
      maxActivations: 2,
      duration: { count: 1, unit: 'year' },
      entitlements: { pro: true },
    });
    const started = performance.now();
    const issued = await dev.issue({
      policyId: policy.id,
      count: BULK_LIMITS.issueMax,
      name: 'Spring batch',
      customerName: 'Acme Ltd',
      customerEmail: 'Buyer@Acme.test',
      customerRef: 'ACME-1',
    });
    timings('issue 10,000 (HTTP round trip)', performance.now() - started);
    expect(issued.status, JSON.stringify(issued.body).slice(0, 300)).toBe(200);
    expect(issued.body).toMatchObject({ status: 'ok', message: keysIssuedMessage(10_000), count: 10_000 });
    expect(new Set(issued.body.keys.map((key) => key.key)).size).toBe(10_000);
    expect(issued.body.keys[0]?.key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);
    // Counters, one 'create' event per key, and the policy's terms on every key.
    expect(await countersOf(dev.ownerId)).toBe(10_000);
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 10_000, events: 10_000 });
    const [terms] = await rawRows<Record<string, unknown>>(
      server.database.db,
      sql`select count(*)::int as n, count(distinct expires_at)::int as expiries,
                 (extract(epoch from min(expires_at)) * 1000)::float8 as expires_ms,
                 bool_and(policy_id = ${policy.id}::uuid and product_id = ${product.id}::uuid and max_activations = 2
                          and duration = 'P1Y' and entitlements = '{"pro": true}'::jsonb and name = 'Spring batch'
                          and customer_email = 'buyer@acme.test' and is_active and not trial) as all_terms
          from licence_keys where owner_id = ${dev.ownerId}::uuid`,
    );
    expect(terms).toMatchObject({ n: 10_000, expiries: 1, all_terms: true });
    const expires = Number(terms?.expires_ms);
    const inAYear = new Date(server.clock.now());
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(Math.abs(expires - inAYear.getTime())).toBeLessThan(1000);

    const exportStarted = performance.now();
    const exported = await dev.export('?customer=buyer@acme.test');
    timings('export 10,000 (HTTP round trip)', performance.now() - exportStarted);
    expect(exported.status).toBe(200);
    const rows = exportedRows(exported.text);
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(issued.body.keys.map((key) => key.key)));
    expect(rows[0]).toMatchObject({
      name: 'Spring batch',
      product: 'studio',
      policy: 'Studio Yearly',
      status: 'active',
      is_active: 'true',
      suspended: 'false',
      trial: 'false',
      max_activations: '2',
      current_activations: '0',
      customer_name: 'Acme Ltd',
      customer_email: 'buyer@acme.test',
      customer_ref: 'ACME-1',
      expires_at: new Date(expires).toISOString(),
    });
    // By the developer's customer id, and by product, too.
    expect(exportedRows((await dev.export('?customer=ACME-1')).text)).toHaveLength(10_000);
    expect(exportedRows((await dev.export(`?product_id=${product.id}&status=active`)).text)).toHaveLength(
      10_000,
    );
    expect(exportedRows((await dev.export('?customer=someone@else.test')).text)).toHaveLength(0);
  }, 120_000);

  it('refuses a batch the plan has no room for and writes nothing; a batch that fits is issued', async () => {
    const dev = await developer('free');
    const product = await dev.product('tool');
    const policy = await dev.policy({ productId: product.id, name: 'Basic', maxActivations: 1 });
    await dev.addKey(1);
    const refused = await dev.issue({ policyId: policy.id, count: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'failed', code: 'conflict', message: keyLimitMessage(3) });
    expect(await countersOf(dev.ownerId)).toBe(1);
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 1, events: 1 });
    const fits = await dev.issue({ policyId: policy.id, count: 2 });
    expect(fits.status).toBe(200);
    expect(fits.body.count).toBe(2);
    expect(await countersOf(dev.ownerId)).toBe(3);
  });

  it('refuses without a plan', async () => {
    const dev = await developer('none');
    const response = await dev.issue({ policyId: randomUUID(), count: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ status: 'failed', code: 'conflict', message: NO_PLAN_MESSAGE });
  });

  it('answers text/csv with a header row and an attachment named after the policy', async () => {
    const dev = await developer();
    const product = await dev.product('suite');
    const policy = await dev.policy({
      productId: product.id,
      name: 'Suite — Pro (2 seats)!',
      maxActivations: 2,
    });
    const reply = await fetchText(KEY_BULK_PATHS.issueKeys, dev.token, {
      policyId: policy.id,
      count: 5,
      format: 'csv',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const date = server.clock.now().toISOString().slice(0, 10);
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="keys-suite-pro-2-seats-${date}.csv"`,
    );
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    const lines = reply.text.split('\r\n');
    expect(lines[0]).toBe('id,key');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toHaveLength(5);
    const [id, key] = lines[1]?.split(',') ?? [];
    const [stored] = await rawRows<{ key: string }>(
      server.database.db,
      sql`select key from licence_keys where id = ${id}::uuid and owner_id = ${dev.ownerId}::uuid`,
    );
    expect(stored?.key).toBe(key);
  });

  it('answers 400 for bad input and 404 for a policy that is not the caller’s', async () => {
    const dev = await developer();
    const other = await developer();
    const product = await other.product('theirs');
    const theirs = await other.policy({ productId: product.id, name: 'Theirs' });
    for (const [body, field] of [
      [{ policyId: theirs.id, count: 0 }, 'count'],
      [{ policyId: theirs.id, count: BULK_LIMITS.issueMax + 1 }, 'count'],
      [{ policyId: theirs.id, count: 1.5 }, 'count'],
      [{ policyId: theirs.id }, 'count'],
      [{ policyId: 'not-a-uuid', count: 1 }, 'policyId'],
      [{ policyId: theirs.id, count: 1, format: 'xml' }, 'format'],
      [{ policyId: theirs.id, count: 1, customerEmail: 'nope' }, 'customerEmail'],
      [{ policyId: theirs.id, count: 1, extra: true }, 'extra'],
    ] as const) {
      const response = await dev.issue(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({
        status: 'failed',
        code: 'invalid_input',
        field,
      });
    }
    const notMine = await dev.issue({ policyId: theirs.id, count: 1 });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ status: 'failed', code: 'not_found', message: POLICY_NOT_FOUND_MESSAGE });
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 0, events: 0 });
    expect(await keysOf(other.ownerId)).toEqual({ keys: 0, events: 0 });
  });
});

describe('import-keys', () => {
  it('checks first (bad rows by line, nothing written), then imports all rows in one go', async () => {
    const dev = await developer();
    const product = await dev.product('studio');
    const key1 = `IMP-${randomUUID()}`;
    const key2 = `IMP-${randomUUID()}`;
    const header = 'key,name,product,max_activations,is_active,expires_at,customer_email\r\n';
    const bad =
      `${header}${key1},"First, with comma",studio,3,true,2030-01-01T00:00:00Z,Ann@Example.com\r\n` +
      `${key2},Second,studio,lots,false,,\r\n` +
      `,Third,no-such-product,1,,,\r\n`;
    const checked = await dev.import({ csv: bad });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toEqual({
      status: 'ok',
      message: '2 of 3 rows cannot be imported',
      dryRun: true,
      rows: 3,
      imported: 0,
      errorCount: 2,
      errors: [
        {
          line: 3,
          field: 'max_activations',
          message: 'Max activations must be a whole number, 0 (unlimited) or more',
        },
        { line: 4, field: 'product', message: 'No product with that code: "no-such-product"' },
      ],
    });
    // Committing a file with bad rows writes nothing either.
    const refused = await dev.import({ csv: bad, dryRun: false });
    expect(refused.body).toMatchObject({ dryRun: false, imported: 0, errorCount: 2 });
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 0, events: 0 });

    const good = bad.replace(',lots,', ',4,').replace('no-such-product', '');
    const dry = await dev.import({ csv: good });
    expect(dry.body).toMatchObject({
      message: '3 rows can be imported',
      rows: 3,
      errorCount: 0,
      imported: 0,
    });
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 0, events: 0 });
    const done = await dev.import({ csv: good, dryRun: false, productId: product.id });
    expect(done.body).toEqual({
      status: 'ok',
      message: '3 keys imported',
      dryRun: false,
      rows: 3,
      imported: 3,
      errorCount: 0,
      errors: [],
    });
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 3, events: 3 });
    expect(await countersOf(dev.ownerId)).toBe(3);
    const rows = await rawRows<Record<string, unknown>>(
      server.database.db,
      sql`select key, name, max_activations, is_active, customer_email, product_id, policy_id,
                 to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD') as expires
          from licence_keys where owner_id = ${dev.ownerId}::uuid order by name`,
    );
    expect(rows).toEqual([
      {
        key: key1,
        name: 'First, with comma',
        max_activations: 3,
        is_active: true,
        customer_email: 'ann@example.com',
        product_id: product.id,
        policy_id: null,
        expires: '2030-01-01',
      },
      expect.objectContaining({
        key: key2,
        name: 'Second',
        max_activations: 4,
        is_active: false,
        expires: null,
      }),
      // No key in the row: one is generated; no product: the import's.
      expect.objectContaining({ name: 'Third', product_id: product.id, is_active: true }),
    ]);
    expect(String(rows[2]?.key)).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);

    // The same keys again, by this owner or any other: every row names its taken key.
    const again = await dev.import({ csv: good });
    expect(again.body).toMatchObject({ errorCount: 2 });
    expect(again.body.errors).toEqual([
      { line: 2, field: 'key', message: KEY_TAKEN_MESSAGE },
      { line: 3, field: 'key', message: KEY_TAKEN_MESSAGE },
    ]);
    const stranger = await developer();
    const theirs = await stranger.import({ csv: `key,max_activations\n${key1},1\n`, dryRun: false });
    expect(theirs.body).toMatchObject({ imported: 0, errorCount: 1, errors: [{ line: 2, field: 'key' }] });
    expect(await keysOf(stranger.ownerId)).toEqual({ keys: 0, events: 0 });
  });

  it('refuses a repeated key within the file, and an import over the plan limit, writing nothing', async () => {
    const dev = await developer('free');
    const twice = await dev.import({
      csv: 'key,max_activations\nSAME-KEY-1,1\nSAME-KEY-1,1\n',
      dryRun: false,
    });
    expect(twice.body.errors).toEqual([{ line: 3, field: 'key', message: 'This key is also on line 2' }]);
    const four = `max_activations\n${'1\n'.repeat(4)}`;
    for (const dryRun of [true, false]) {
      const response = await dev.import({ csv: four, dryRun });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ status: 'failed', code: 'conflict', message: keyLimitMessage(3) });
    }
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 0, events: 0 });
  });

  it('answers 400 for bad input and 404 for another owner’s product', async () => {
    const dev = await developer();
    const other = await developer();
    const theirs = await other.product('theirs');
    for (const [body, field] of [
      [{ csv: '' }, 'csv'],
      [{}, 'csv'],
      [{ csv: 'max_activations\n1\n', productId: 'nope' }, 'productId'],
      [{ csv: 'max_activations\n1\n', dryRun: 'no' }, 'dryRun'],
      [{ csv: `max_activations\n${'1\n'.repeat(BULK_LIMITS.importRowsMax + 1)}` }, 'csv'],
    ] as const) {
      const response = await dev.import(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', code: 'invalid_input', field });
    }
    const notMine = await dev.import({ csv: 'max_activations\n1\n', productId: theirs.id });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ code: 'not_found' });
  });
});

describe('export-keys', () => {
  it('streams every key newest first across pages, quoting cells and neutralising formulas', async () => {
    const dev = await developer();
    const product = await dev.product('app');
    const monthly = await dev.policy({
      productId: product.id,
      name: 'Monthly',
      maxActivations: 1,
      duration: { count: 1, unit: 'day' },
    });
    // 2,500 keys over three moments: three keyset pages of 1,000, the last partly filled.
    for (const count of [1200, 1200]) {
      expect((await dev.issue({ policyId: monthly.id, count })).status).toBe(200);
      server.clock.advance(1000);
    }
    const csv =
      'key,name,max_activations,customer_name,customer_ref\r\n' +
      `F-1,"=HYPERLINK(""http://evil.test"")",1,"Smith, ""Jo""",+44 20\r\n` +
      `F-2,"two\r\nlines",1,@team,-5\r\n`;
    expect((await dev.import({ csv, dryRun: false })).body).toMatchObject({ imported: 2 });
    // Two days on the day-long policy's keys have expired; the imported ones never expire.
    server.clock.advance(2 * DAY_MS);
    await dev.signInAgain();

    const reply = await dev.export();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-length')).toBeNull();
    expect(reply.headers.get('transfer-encoding')).toBe('chunked');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="keys-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = exportedRows(reply.text);
    expect(rows).toHaveLength(2402);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2402);
    const times = rows.map((row) => String(row.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    // The raw text: formulas behind an apostrophe, quotes doubled, the line end inside quotes.
    expect(reply.text).toContain(`,"'=HYPERLINK(""http://evil.test"")",`);
    expect(reply.text).toContain(`,"Smith, ""Jo""",,'+44 20,`);
    expect(reply.text).toContain(`,"two\r\nlines",`);
    expect(reply.text).toContain(",'@team,,'-5,");
    // The imported pair share the newest moment, so they come first (in either order).
    const imported = rows.slice(0, 2).map((row) => [row.key, row.name, row.status, row.product, row.policy]);
    expect(imported.sort()).toEqual([
      ['F-1', `'=HYPERLINK("http://evil.test")`, 'active', 'default', ''],
      ['F-2', 'two\r\nlines', 'active', 'default', ''],
    ]);
    expect(rows[2]).toMatchObject({ status: 'expired', product: 'app', policy: 'Monthly' });

    // The status filter is applied to the rows as they are read.
    expect(exportedRows((await dev.export('?status=expired')).text)).toHaveLength(2400);
    expect(exportedRows((await dev.export('?status=active')).text)).toHaveLength(2);
    expect(exportedRows((await dev.export('?status=suspended')).text)).toHaveLength(0);
  }, 60_000);

  it('exports only the caller’s keys, and refuses bad filters', async () => {
    const dev = await developer();
    const other = await developer();
    const theirs = await other.product('theirs');
    await other.import({ csv: 'max_activations\n1\n1\n', dryRun: false });
    expect(exportedRows((await dev.export()).text)).toHaveLength(0);
    expect(exportedRows((await other.export()).text)).toHaveLength(2);
    const notMine = await dev.export(`?product_id=${theirs.id}`);
    expect(notMine.status).toBe(404);
    for (const query of [
      '?status=bogus',
      '?product_id=nope',
      '?customer=',
      '?extra=1',
      '?is_active=yes',
      '?search=ab',
    ]) {
      const response = await dev.export(query);
      expect(response.status, query).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({ status: 'failed', code: 'invalid_input' });
    }
  });
});

describe('export-keys follows the list', () => {
  it('applies the Keys tab’s own filters: active or not, at the limit, a search', async () => {
    const dev = await developer();
    const csv = [
      'key,name,max_activations,is_active',
      'FILT-ON-1,Alpha,0,true',
      'FILT-OFF-1,Beta,0,false',
      'FILT-ON-2,Gamma,0,true',
    ];
    expect((await dev.import({ csv: `${csv.join('\n')}\n`, dryRun: false })).status).toBe(200);
    const keysOf = async (query: string) =>
      exportedRows((await dev.export(query)).text)
        .map((row) => row.key)
        .sort();
    expect(await keysOf('?is_active=true')).toEqual(['FILT-ON-1', 'FILT-ON-2']);
    expect(await keysOf('?is_active=false')).toEqual(['FILT-OFF-1']);
    expect(await keysOf('?search=gamm')).toEqual(['FILT-ON-2']);
    expect(await keysOf('?at_limit=true')).toEqual([]);
  });
});

describe('taken keys and races', () => {
  const ctx = (ownerId: string) => ({ ownerId, ip: null, userAgent: null });
  const newKey = (productId: string, key: string | null, line?: number): BulkKey => ({
    key,
    ...(line === undefined ? {} : { line }),
    name: null,
    note: null,
    terms: bareTerms(productId, 1),
    isActive: true,
    customerName: null,
    customerEmail: null,
    customerRef: null,
  });

  it('draws a generated key again when it is taken, and refuses a taken imported key with a 409 writing nothing', async () => {
    const dev = await developer();
    const taken = await Promise.all([dev.addKey(1), dev.addKey(1), dev.addKey(1)]);
    const plan = await new KeyManagerPlans(server.deps.catalog).activePlanOf(dev.ownerId);
    if (!plan) throw new Error('no plan');
    const productId = await new KeyProducts(server.database.db).defaultId(dev.ownerId);
    const db = server.database.db;
    const now = server.clock.now();
    // The first draw meets an existing key: that row alone is drawn again and written.
    const draws = [taken[0].key];
    const retried = await insertKeysUnderPlan(
      db,
      ctx(dev.ownerId),
      plan,
      [newKey(productId, null)],
      now,
      () => (draws.length > 0 ? String(draws.shift()) : generateLicenceKey()),
    );
    expect(retried).toHaveLength(1);
    expect(taken.map((key) => key.key)).not.toContain(retried[0]?.key);
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 4, events: 4 });
    // Only taken keys three times over: a clear 409, and the whole call rolled back.
    const always = taken.map((key) => key.key);
    await expect(
      insertKeysUnderPlan(db, ctx(dev.ownerId), plan, [newKey(productId, null)], now, () =>
        String(always.shift()),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('try again') });
    // An imported key written by someone since the check: 409 naming its line; the other row is not kept.
    await expect(
      insertKeysUnderPlan(
        db,
        ctx(dev.ownerId),
        plan,
        [newKey(productId, `FREE-${randomUUID()}`, 2), newKey(productId, taken[1].key, 3)],
        now,
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'The key on line 3 is already in use. Nothing was imported.',
    });
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 4, events: 4 });
    expect(await countersOf(dev.ownerId)).toBe(4);
  });

  it('two owners importing the same keys at once: one imports them, the other is refused without a 5xx', async () => {
    const [first, second] = [await developer(), await developer()];
    const [k1, k2] = [`RACE-${randomUUID()}`, `RACE-${randomUUID()}`];
    // Opposite orders in the files: the sorted writes keep two imports from deadlocking.
    const replies = await Promise.all([
      first.import({ csv: `key,max_activations\n${k1},1\n${k2},1\n`, dryRun: false }),
      second.import({ csv: `key,max_activations\n${k2},1\n${k1},1\n`, dryRun: false }),
    ]);
    for (const reply of replies) expect([200, 409], JSON.stringify(reply.body)).toContain(reply.status);
    const imported = replies.map((reply) => (reply.status === 200 ? reply.body.imported : 0));
    expect(imported.sort()).toEqual([0, 2]);
    const counts = [await keysOf(first.ownerId), await keysOf(second.ownerId)].map((count) => count.keys);
    expect(counts.sort()).toEqual([0, 2]);
  });

  it('two batches racing for the last room of a plan: one is issued, the other refused', async () => {
    const dev = await developer('free');
    const product = await dev.product('race');
    const policy = await dev.policy({ productId: product.id, name: 'Race', maxActivations: 1 });
    const replies = await Promise.all([
      dev.issue({ policyId: policy.id, count: 2 }),
      dev.issue({ policyId: policy.id, count: 2 }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(await countersOf(dev.ownerId)).toBe(2);
    expect(await keysOf(dev.ownerId)).toEqual({ keys: 2, events: 2 });
  });
});

const everyone = ['client', 'staff', 'admin'] as const;
describeRoleMatrix('key-manager bulk keys', () => server, [
  {
    method: 'POST',
    path: KEY_BULK_PATHS.issueKeys,
    body: { policyId: randomUUID(), count: 1 },
    allowed: [...everyone],
  },
  {
    method: 'POST',
    path: KEY_BULK_PATHS.importKeys,
    body: { csv: 'max_activations\n1\n' },
    allowed: [...everyone],
  },
  { method: 'GET', path: KEY_BULK_PATHS.exportKeys, allowed: [...everyone] },
]);
