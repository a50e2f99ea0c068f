import { KEY_MANAGER_PATHS as P, propertyPaths, USER_ADMIN_PATHS } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithBusiness } from '../../modules/business/business-kit.test.js';
import { givePrivatePlan, newDeveloper } from '../../modules/key-manager/key-manager-kit.test.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { indexConditions, planOf, statementsDuring } from '../../test/list-support.js';

// Decision 025 (amendment of 2026-11-27): a search whose words are in every row ("Customer 4242" among
// `Customer <n>` names, a whole `…@example.com` address, "2960 Quay" among `<n> Quay Street`) asks the
// trigram index for its uncommon words only and rechecks the whole term, instead of reading the common
// word's posting lists (every row). The rows found must stay exactly those `ILIKE '%term%'` finds.

let server: TestServer;
let request: ReturnType<typeof httpClient>;

// Its own database: the samples ANALYZE takes must see this file's rows only, and no search may have
// read (and cached) a sample before the loads below.
beforeAll(async () => {
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

/** Rows bulk-loaded per list, as bench:scale loads them. */
const LOADED = 3000;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What autovacuum does after a bulk load: statistics (the samples), and the GIN pending lists merged. */
const analyse = (table: string) => server.database.db.execute(sql.raw(`vacuum analyze ${table}`));

/** Every page of a POST list, following nextCursor, as one list of items. */
async function everyItem<T>(
  path: string,
  token: string,
  body: Record<string, unknown>,
  items: (page: Record<string, unknown>) => T[],
  limit = 200,
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: Record<string, unknown> } = await request(path, {
      token,
      body: { ...body, limit, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    seen.push(...items(page.body));
    cursor = page.body.nextCursor as string | null;
  } while (cursor);
  return seen;
}

/** The trigram conditions of the plans of the statements that read `table` while `run` ran. */
async function trigramLookups(run: () => Promise<unknown>, table: string, index: string) {
  const statements = (await statementsDuring(server, run)).filter((statement) =>
    statement.sql.includes(`from "${table}"`),
  );
  const lookups: string[] = [];
  for (const statement of statements)
    lookups.push(...indexConditions(await planOf(server, statement), index));
  return lookups;
}

describe('a search with a word in every row', () => {
  it('finds licence keys by name through the uncommon word, and exactly the keys ILIKE finds', async () => {
    const dev = await newDeveloper(server);
    await givePrivatePlan(server, dev.email, dev.productId, 10_000);
    const owner = await server.deps.accounts.findByEmail(dev.email);
    if (!owner) throw new Error('no owner');
    await server.database.db.execute(sql`
      insert into licence_keys (owner_id, key, name, created_at)
      select ${owner.id}::uuid, 'BULK-' || lpad(n::text, 6, '0'), 'Customer ' || n,
        timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, ${LOADED}) as n`);
    // The term in other cases and places; every word of it but not the term; LIKE's `_` literal.
    const names = [
      'Customer 4242',
      'CUSTOMER 42421',
      'Renewal: customer 4242 (2027)',
      'xcustomer 4242y',
      '4242 Customer',
      'Customer-4242',
      'Customer 424',
      'Customer 4242_b',
      'Customer 4242xb',
    ];
    await server.database.db.execute(sql`
      insert into licence_keys (owner_id, key, name)
      select ${owner.id}::uuid, 'NAMED-' || n, (${sql.param(names)}::text[])[n]
      from generate_series(1, ${names.length}) as n`);
    await analyse('licence_keys');

    const search = (term: string, limit?: number) =>
      everyItem(
        P.getKeys,
        dev.token,
        { search: term },
        (page) => (page.keys as { name: string }[]).map((key) => key.name),
        limit,
      );
    const ilikeFinds = async (term: string) =>
      (
        await rows<{ name: string }>(sql`select name from licence_keys
          where owner_id = ${owner.id}::uuid and (key ilike ${`%${term.replace(/_/g, '\\_')}%`}
            or name ilike ${`%${term.replace(/_/g, '\\_')}%`})`)
      ).map((row) => row.name);

    const found = await search('Customer 4242', 2);
    expect(found.sort()).toEqual(
      [
        'CUSTOMER 42421',
        'Customer 4242',
        'Customer 4242_b',
        'Customer 4242xb',
        'Renewal: customer 4242 (2027)',
        'xcustomer 4242y',
      ].sort(),
    );
    for (const term of [
      'Customer 4242',
      'customer 4242_b',
      'Customer 1',
      'customer',
      '4242 cust',
      'Customer 24',
    ])
      expect((await search(term)).sort(), term).toEqual((await ilikeFinds(term)).sort());

    // The name index is asked for "4242" only; "customer" (every name) is left to the recheck.
    const lookups = await trigramLookups(
      () => request(P.getKeys, { token: dev.token, body: { search: 'Customer 4242' } }),
      'licence_keys',
      'licence_keys_name_trgm_idx',
    );
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup).toContain('4242');
      expect(lookup).not.toMatch(/customer/i);
    }
  });

  it('finds a client by a whole email address through its uncommon words', async () => {
    const admin = await createAccount(server, 'admin');
    await server.database.db.execute(sql`
      insert into users (email, username, first_name, last_name, password_hash, security_question,
        security_answer_hash, user_type, created_at)
      select lower(first || '.' || last || '.' || n || '@example.com'), first || ' ' || last, first, last,
        'bulk-loaded: no password', 'Q?', 'bulk-loaded', 'c', now() - n * interval '1 second'
      from (select n, (array['Ada', 'Alan', 'Grace', 'Edsger'])[1 + n % 4] as first,
              (array['Lovelace', 'Turing', 'Hopper', 'Dijkstra', 'Liskov'])[1 + (n / 4) % 5] as last
            from generate_series(1, ${LOADED}) as n) as loaded`);
    // Every word of the address, but not the address.
    await server.database.db.execute(sql`
      insert into users (email, username, first_name, last_name, password_hash, security_question,
        security_answer_hash, user_type)
      values ('example.com.1234.dijkstra.grace@example.org', 'Decoy', 'Decoy', 'Client', 'x', 'Q?', 'x', 'c')`);
    await analyse('users');

    // Row 1234 of the load above.
    const address = 'grace.dijkstra.1234@example.com';
    const search = async (term: string) => {
      const reply = await request<{ users: { email: string }[] }>(
        `${USER_ADMIN_PATHS.clients}?limit=200&search=${encodeURIComponent(term)}`,
        { token: admin.access },
      );
      expect(reply.status).toBe(200);
      return reply.body.users.map((user) => user.email);
    };
    expect(await search(address)).toEqual([address]);
    expect(await search('Dijkstra.1234@EXAMPLE')).toEqual([address]);

    const lookups = await trigramLookups(
      () =>
        request(`${USER_ADMIN_PATHS.clients}?search=${encodeURIComponent(address)}`, { token: admin.access }),
      'users',
      'users_email_trgm_idx',
    );
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup).toContain('1234');
      expect(lookup).not.toMatch(/example/);
    }
  });

  it('finds a listing by number and street through the number', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const addresses = ['12960 Quay Street', 'Quay Street 2960', '2960 Quayside'];
    await server.database.db.execute(sql`
      insert into real_estate_properties (business_id, kind, status_id, bedrooms, bathrooms, garages, floors,
        area, price_cents, address, country_code, state_code, created_at)
      select ${businessId}::uuid, 'house', 1, 2, 1, 1, 1, 1700, 4500000, n || ' Quay Street', 'US', 'CA',
        timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, ${LOADED}) as n
      union all
      select ${businessId}::uuid, 'house', 1, 2, 1, 1, 1, 1700, 4500000, address, 'US', 'CA', now()
      from unnest(${sql.param(addresses)}::text[]) as address`);
    await analyse('real_estate_properties');

    const houses = propertyPaths('house');
    const found = await everyItem(
      houses.get,
      owner.access,
      { business: businessId, search: '2960 quay' },
      (page) => (page.houseList as { address: string }[]).map((house) => house.address),
      2,
    );
    expect(found.sort()).toEqual(['12960 Quay Street', '2960 Quay Street', '2960 Quayside']);

    const lookups = await trigramLookups(
      () => request(houses.get, { token: owner.access, body: { business: businessId, search: '2960 Quay' } }),
      'real_estate_properties',
      'real_estate_properties_address_trgm_idx',
    );
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup).toContain('2960');
      expect(lookup).not.toMatch(/quay/i);
    }
  });
});
