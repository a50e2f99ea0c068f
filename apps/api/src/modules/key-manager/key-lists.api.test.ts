import {
  type DashboardKey,
  type GetApiKeysResponse,
  type GetKeysResponse,
  KEY_SEARCH_TOO_SHORT_MESSAGE,
  type KeyManagerDataResponse,
  KEY_MANAGER_PATHS as P,
} from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { statementsDuring } from '../../test/list-support.js';
import { givePrivatePlan, newDeveloper } from './key-manager-kit.test.js';
import { LicenceKeyList } from './licence-key-list.js';

// Decision 025: get-keys and get-api-keys in keyset pages, search and filters, 304 on unchanged polls,
// dashboard figures from maintained counters.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ownerIdOf(dev: Developer): Promise<string> {
  const user = await server.deps.accounts.findByEmail(dev.email);
  if (!user) throw new Error('no user');
  return user.id;
}

/** A developer on an unlimited private plan. */
async function unlimitedDeveloper(): Promise<Developer & { ownerId: string }> {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 10_000);
  return { ...dev, ownerId: await ownerIdOf(dev) };
}

/**
 * `count` keys in one INSERT … SELECT generate_series (as the browser test and bench:scale load
 * them). Groups of five share one created_at, so the id must break ties for the order to be stable.
 * Every seventh key is disabled, every fifth is at its limit, names are `Customer <n>`.
 */
async function bulkKeys(ownerId: string, count: number, prefix: string) {
  await server.database.db.execute(sql`
    insert into licence_keys (owner_id, key, name, max_activations, current_activations, is_active, created_at, updated_at)
    select ${ownerId}::uuid, ${prefix} || '-' || lpad(n::text, 6, '0'), 'Customer ' || n,
      case when n % 5 = 0 then 2 else 0 end, case when n % 5 = 0 then 2 else 1 end,
      n % 7 <> 0, timestamptz '2026-01-01' + (n / 5) * interval '1 second',
      timestamptz '2026-01-01'
    from generate_series(1, ${count}) as n`);
}

function getKeys(dev: Developer, body?: Record<string, unknown>, headers?: Record<string, string>) {
  return dev.request<GetKeysResponse>(P.getKeys, {
    body: body ?? {},
    token: dev.token,
    ...(headers ? { headers } : {}),
  });
}

async function everyPage(dev: Developer, body: Record<string, unknown>): Promise<DashboardKey[]> {
  const seen: DashboardKey[] = [];
  let cursor: string | null | undefined;
  do {
    const reply = await getKeys(dev, { ...body, ...(cursor ? { cursor } : {}) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    seen.push(...reply.body.keys);
    cursor = reply.body.nextCursor;
  } while (cursor);
  return seen;
}

const newestFirst = (a: DashboardKey, b: DashboardKey) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

describe('get-keys pages', () => {
  it('answers the spec call with the first 50 keys and a cursor, then pages stably to the end', async () => {
    const dev = await unlimitedDeveloper();
    await bulkKeys(dev.ownerId, 130, 'PAGE');
    const first = await dev.request<GetKeysResponse>(P.getKeys, { method: 'POST', token: dev.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.keys).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const all = await everyPage(dev, { limit: 17 });
    expect(all).toHaveLength(130);
    expect(new Set(all.map((key) => key.id)).size).toBe(130);
    expect(all).toEqual([...all].sort(newestFirst));
    expect(all.slice(0, 50)).toEqual(first.body.keys);
    // A key added while paging appears on the first page, not in the middle of a later one.
    const cursor = (await getKeys(dev, { limit: 60 })).body.nextCursor;
    const added = await dev.addKey(1);
    // A page's key is the same object add-key answered (the page reads its fields and ISO times
    // from the database; single-key replies format a row's Dates).
    expect((await getKeys(dev, { limit: 1 })).body.keys).toEqual([added]);
    const rest = await getKeys(dev, { limit: 200, cursor });
    expect(rest.body.keys.map((key) => key.id)).toEqual(all.slice(60).map((key) => key.id));
    expect(rest.body.nextCursor).toBeNull();
  });

  it('refuses a limit out of range and a tampered cursor with a clear 400', async () => {
    const dev = await unlimitedDeveloper();
    for (const limit of [0, 201, 1.5]) {
      const reply = await getKeys(dev, { limit });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: 'failed', field: 'limit' });
    }
    const tampered = Buffer.from(JSON.stringify(["2026-01-01'; drop table x", 'x'])).toString('base64url');
    const reply = await getKeys(dev, { cursor: tampered });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'That page link is not valid; start from the first page',
      field: 'cursor',
    });
    expect((await getKeys(dev, { colour: 'red' })).status).toBe(400);
  });

  it('searches key and name substrings on the server, case-insensitively, and filters', async () => {
    const dev = await unlimitedDeveloper();
    await bulkKeys(dev.ownerId, 60, 'SRCH');
    const other = await unlimitedDeveloper();
    await bulkKeys(other.ownerId, 10, 'OTHR');

    const byName = await everyPage(dev, { search: 'customer 4' });
    expect(byName.map((key) => key.name).sort()).toEqual(
      ['Customer 4', 'Customer 40', 'Customer 41', 'Customer 42', 'Customer 43', 'Customer 44'].concat([
        'Customer 45',
        'Customer 46',
        'Customer 47',
        'Customer 48',
        'Customer 49',
      ]),
    );
    const byKey = await everyPage(dev, { search: 'srch-00005' });
    expect(byKey.map((key) => key.key).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `SRCH-0000${50 + i}`),
    );
    // Another owner's keys never show; LIKE's own characters are taken literally.
    expect(await everyPage(dev, { search: 'OTHR' })).toEqual([]);
    expect(await everyPage(dev, { search: 'Cus%mer' })).toEqual([]);
    const tooShort = await getKeys(dev, { search: 'ab' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: KEY_SEARCH_TOO_SHORT_MESSAGE,
      field: 'search',
    });
    expect((await everyPage(dev, { search: '  ' })).length).toBe(60);

    const disabled = await everyPage(dev, { is_active: false });
    expect(disabled.map((key) => key.name).sort()).toEqual(
      [
        'Customer 14',
        'Customer 21',
        'Customer 28',
        'Customer 35',
        'Customer 42',
        'Customer 49',
        'Customer 56',
        'Customer 7',
      ].sort(),
    );
    const atLimit = await everyPage(dev, { at_limit: true, limit: 5 });
    expect(atLimit).toHaveLength(12);
    expect(atLimit.every((key) => key.current_activations === key.max_activations)).toBe(true);
    expect(await everyPage(dev, { at_limit: false })).toHaveLength(48);
    const combined = await everyPage(dev, { at_limit: true, is_active: false, search: 'customer' });
    expect(combined.map((key) => key.name)).toEqual(['Customer 35']);
    const exact = await everyPage(dev, { key: 'SRCH-000033' });
    expect(exact.map((key) => key.name)).toEqual(['Customer 33']);
  });

  it('pages the API keys too', async () => {
    const dev = await unlimitedDeveloper();
    for (let i = 0; i < 3; i += 1) await dev.apiKey();
    const first = await dev.request<GetApiKeysResponse>(P.getApiKeys, {
      body: { limit: 2 },
      token: dev.token,
    });
    expect(first.body.keysInformation).toHaveLength(2);
    const second = await dev.request<GetApiKeysResponse>(P.getApiKeys, {
      body: { limit: 2, cursor: first.body.nextCursor },
      token: dev.token,
    });
    expect(second.body.keysInformation).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const all = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    expect(all.body.keysInformation.map((key) => key.id)).toEqual(
      [...first.body.keysInformation, ...second.body.keysInformation].map((key) => key.id),
    );
  });

  it('has an index path for every list shape (no sequential scan of licence_keys)', async () => {
    const dev = await unlimitedDeveloper();
    await bulkKeys(dev.ownerId, 50, 'XPLN');
    const list = new LicenceKeyList(server.database.db);
    const cursor = (await getKeys(dev, { limit: 10 })).body.nextCursor ?? undefined;
    const shapes = [
      { limit: 50 },
      { limit: 50, cursor },
      { limit: 50, search: 'customer 1' },
      { limit: 50, is_active: false },
      { limit: 50, at_limit: true },
      { limit: 50, key: 'XPLN-000001' },
    ];
    for (const shape of shapes) {
      // With sequential scans priced out, a plan that still scans the table has no index to use.
      const query = (await list.pageQuery(dev.ownerId, shape)).statement.getSQL();
      const plan = await server.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      });
      const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
      expect(text, JSON.stringify(shape)).not.toMatch(/Seq Scan on licence_keys/);
    }
  });
});

describe('conditional polls', () => {
  it('answers 304 with no body to an unchanged get-keys and a fresh page after a change', async () => {
    const dev = await unlimitedDeveloper();
    const licence = await dev.addKey(2);
    const first = await getKeys(dev);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    const unchanged = await getKeys(dev, {}, { 'if-none-match': tag ?? '' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    expect(unchanged.headers.get('content-length') ?? '0').toBe('0');
    // Another query never reuses the tag.
    expect((await getKeys(dev, { limit: 10 }, { 'if-none-match': tag ?? '' })).status).toBe(200);

    const apiKey = await dev.apiKey();
    const activated = await dev.request(P.activateKey, { body: { key: licence.key }, token: apiKey });
    expect(activated.status).toBe(200);
    const changed = await getKeys(dev, {}, { 'if-none-match': tag ?? '' });
    expect(changed.status).toBe(200);
    expect(changed.body.keys[0]).toMatchObject({ id: licence.id, current_activations: 1 });
    expect(changed.headers.get('etag')).not.toBe(tag);

    // Another account never matches this account's tag.
    const other = await unlimitedDeveloper();
    expect((await getKeys(other, {}, { 'if-none-match': changed.headers.get('etag') ?? '' })).status).toBe(
      200,
    );
  });

  it('reads a page and its tag in one statement; a held tag costs the counter alone when unchanged', async () => {
    const dev = await unlimitedDeveloper();
    await dev.addKey(1);
    // Sign-in state is cached after the first call; background jobs may run meanwhile, so only the
    // statements on the keys' tables are counted.
    await getKeys(dev);
    const keyStatements = (statements: { sql: string }[]) =>
      statements.map((statement) => statement.sql).filter((text) => /"licence_key/.test(text));
    let page: Awaited<ReturnType<typeof getKeys>> | undefined;
    const pageStatements = await statementsDuring(server, async () => {
      page = await getKeys(dev);
    });
    expect(page?.status).toBe(200);
    expect(keyStatements(pageStatements)).toEqual([expect.stringMatching(/from "licence_keys"/)]);
    const tag = page?.headers.get('etag') ?? '';
    const pollStatements = await statementsDuring(server, async () => {
      expect((await getKeys(dev, {}, { 'if-none-match': tag })).status).toBe(304);
    });
    expect(keyStatements(pollStatements)).toEqual([expect.stringMatching(/from "licence_key_counters"/)]);
  });

  it('reads the counter before the page when the page is empty, so a key added meanwhile is fetched next poll', async () => {
    const dev = await unlimitedDeveloper();
    await getKeys(dev);
    const statements = await statementsDuring(server, async () => {
      expect((await getKeys(dev, { search: 'nothing matches this' })).status).toBe(200);
    });
    const order = statements
      .map((statement) => statement.sql)
      .filter((text) => /"licence_key/.test(text))
      .map((text) => (/from "licence_keys"/.test(text) ? 'page' : 'counter'));
    // The page, then (empty) the counter alone, then the page again in a later snapshot than the
    // counter: a change in between leaves the tag behind the rows, never ahead of them.
    expect(order).toEqual(['page', 'counter', 'page']);
  });

  it('answers 304 to an unchanged data poll and 200 after a key or API-key change', async () => {
    const dev = await unlimitedDeveloper();
    const data = () => dev.request<KeyManagerDataResponse>(P.data, { body: {}, token: dev.token });
    const poll = (tag: string | null) =>
      dev.request<KeyManagerDataResponse>(P.data, {
        body: {},
        token: dev.token,
        headers: { 'if-none-match': tag ?? '' },
      });
    const first = await data();
    const tag = first.headers.get('etag');
    const unchanged = await poll(tag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    await dev.addKey(1);
    const afterKey = await poll(tag);
    expect(afterKey.status).toBe(200);
    expect(afterKey.body.usage.keys).toBe(1);
    const tagAfterKey = afterKey.headers.get('etag');
    await dev.apiKey();
    const afterApiKey = await poll(tagAfterKey);
    expect(afterApiKey.status).toBe(200);
    expect(afterApiKey.body.usage.apiKeys).toBe(1);
  });
});

describe('maintained counters', () => {
  async function usage(dev: Developer) {
    return (await dev.request<KeyManagerDataResponse>(P.data, { body: {}, token: dev.token })).body.usage;
  }

  async function counted(ownerId: string) {
    const [row] = await rows<{ keys: number; active_keys: number; activations: number }>(
      sql`select count(*)::int as keys, (count(*) filter (where is_active))::int as active_keys,
            coalesce(sum(current_activations), 0)::int as activations
          from licence_keys where owner_id = ${ownerId}::uuid`,
    );
    return { keys: row?.keys, activeKeys: row?.active_keys, activations: row?.activations };
  }

  it('stay equal to the rows after create, toggle, activate, deactivate, edit, delete and bulk load', async () => {
    const dev = await unlimitedDeveloper();
    const apiKey = await dev.apiKey();
    const call = (path: string, body: Record<string, unknown>) =>
      dev.request(path, { body, token: apiKey }).then((reply) => {
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      });
    const a = await dev.addKey(3, true);
    const b = await dev.addKey(0, false);
    const c = await dev.addKey(1, true);
    expect(await usage(dev)).toMatchObject({ keys: 3, activeKeys: 2, activations: 0 });
    await call(P.activateKey, { key: a.key });
    await call(P.activateKey, { key: a.key, fingerprint: 'device-1' });
    await call(P.activateKey, { key: c.key });
    expect(await usage(dev)).toMatchObject({ keys: 3, activeKeys: 2, activations: 3 });
    await call(P.deactivateKey, { key: a.key });
    await call(P.markKeyAsActive, { key: b.key, isActive: true });
    expect(await usage(dev)).toMatchObject({ keys: 3, activeKeys: 3, activations: 2 });
    const toggled = await dev.request(P.changeKey, {
      body: { id: c.id, is_active: false },
      token: dev.token,
    });
    expect(toggled.status).toBe(200);
    const edited = await dev.request(P.changeKey, {
      body: { id: a.id, current_activations: 0 },
      token: dev.token,
    });
    expect(edited.status).toBe(200);
    expect(await usage(dev)).toMatchObject({ keys: 3, activeKeys: 2, activations: 1 });
    await call(P.deleteKey, { key: c.key });
    const removed = await dev.request(P.removeKey, { body: { id: b.id }, token: dev.token });
    expect(removed.status).toBe(200);
    expect(await usage(dev)).toMatchObject({ keys: 1, activeKeys: 1, activations: 0 });
    // A refused activation changes nothing.
    await dev.request(P.changeKey, { body: { id: a.id, max_activations: 1 }, token: dev.token });
    await call(P.activateKey, { key: a.key });
    expect((await dev.request(P.activateKey, { body: { key: a.key }, token: apiKey })).status).toBe(409);
    await bulkKeys(dev.ownerId, 40, 'CNTR');
    await server.database.db.execute(
      sql`update licence_keys set is_active = false where owner_id = ${dev.ownerId}::uuid and name like 'Customer 1%'`,
    );
    expect(await usage(dev)).toEqual({
      ...(await counted(dev.ownerId)),
      apiKeys: 1,
      requestsMade: expect.any(Number),
    });
    expect((await usage(dev)).keys).toBe(41);
  });

  it('hold under concurrent activations and let an account with keys be deleted', async () => {
    const dev = await unlimitedDeveloper();
    const apiKey = await dev.apiKey();
    const keys = await Promise.all([dev.addKey(0), dev.addKey(0), dev.addKey(5)]);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        dev.request(P.activateKey, { body: { key: keys[i % 3]?.key }, token: apiKey }),
      ),
    );
    const figures = await usage(dev);
    expect(figures).toMatchObject(await counted(dev.ownerId));
    expect(figures.activations).toBe(25);
    await server.database.db.execute(sql`delete from users where id = ${dev.ownerId}::uuid`);
    expect(await rows(sql`select 1 from licence_key_counters where owner_id = ${dev.ownerId}::uuid`)).toEqual(
      [],
    );
  });
});
