import { randomBytes } from 'node:crypto';
import { BUSINESS_PATHS, propertyPaths, publicListingsPath } from '@app/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessAgents, businesses, properties } from '../../db/schema/index.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { planOf, statementsDuring } from '../../test/list-support.js';
import { HOUSE, listingForm, ownerWithBusiness } from './business-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
const houses = propertyPaths('house');

// Its own database on PostgreSQL: the 304 checks need the tables' versions to move only with this
// file's changes (other files sign up users and place orders all the time).
beforeAll(async () => {
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

interface Listing {
  id: string;
  address: string;
  status: string;
  agent: { id: string } | null;
}
type Houses = { houseList: Listing[]; nextCursor: string | null };
type Businesses = {
  businessList: Array<{ id: string; name: string; role: 'owner' | 'agent'; owner: string }>;
  nextCursor: string | null;
};
type Agents = { agents: Array<{ id: string; email: string; firstName: string }>; nextCursor: string | null };

async function addHouses(token: string, businessID: string, addresses: string[], fields = {}) {
  const ids: string[] = [];
  for (const address of addresses) {
    const added = await request<{ property: Listing }>(houses.add, {
      token,
      body: listingForm({ ...HOUSE, businessID, address, ...fields }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    ids.push(added.body.property.id);
  }
  return ids;
}

/** Gives these rows one creation moment, so only the id tie-breaker orders them. */
async function sameMoment(
  table: typeof properties | typeof businessAgents | typeof businesses,
  ids: string[],
) {
  await server.deps.database.db
    .update(table)
    .set({ createdAt: sql`'2026-01-02T03:04:05.123456Z'::timestamptz` })
    .where(inArray(table.id, ids));
}

/** Every page of a POST list, following nextCursor. */
async function allPages<T extends { nextCursor: string | null }>(
  path: string,
  token: string,
  body: Record<string, unknown>,
) {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: T } = await request<T>(path, {
      token,
      body: { ...body, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

async function addAgent(ownerToken: string, businessID: string, firstName: string) {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const added = await request<{ agent: { id: string } }>(BUSINESS_PATHS.agentAdd, {
    token: ownerToken,
    body: {
      businessID,
      firstName,
      lastName: 'Agent',
      email,
      password: 'agent-pass-1',
      confirmationPassword: 'agent-pass-1',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { id: added.body.agent.id, email };
}

async function signIn(email: string, password = 'agent-pass-1') {
  const response = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
    body: { email, password, rememberMe: false },
  });
  expect(response.status).toBe(200);
  return response.body.access;
}

describe('property lists at scale', () => {
  it('pages a business’s houses newest first with a stable cursor, ties broken by id, other kinds apart', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const ids = await addHouses(owner.access, businessId, [
      '1 Oak Road',
      '2 Oak Road',
      '3 Oak Road',
      '4 Oak Road',
      '5 Oak Road',
    ]);
    await sameMoment(properties, ids);
    const land = await request(propertyPaths('land').add, {
      token: owner.access,
      body: listingForm({
        businessID: businessId,
        area: '500',
        price: '1000',
        address: '6 Oak Road',
        country: 'US',
        state: 'CA',
        zoning: 'Farm',
      }),
    });
    expect(land.status).toBe(200);

    const pages = await allPages<Houses>(houses.get, owner.access, { business: businessId, limit: 2 });
    expect(pages.map((page) => page.houseList.length)).toEqual([2, 2, 1]);
    const seen = pages.flatMap((page) => page.houseList.map((house) => house.id));
    // Same created_at: (created_at desc, id desc) leaves the id order.
    expect(seen).toEqual([...ids].sort().reverse());

    // The spec's call shape {business}: the first page (50) and nextCursor.
    const plain = await request<Houses>(houses.get, { token: owner.access, body: { business: businessId } });
    expect(plain.body.houseList).toHaveLength(5);
    expect(plain.body.nextCursor).toBeNull();
  });

  it('searches on the server by address, status or country name; % is a character', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const [elm] = await addHouses(owner.access, businessId, ['12 Elm Street']);
    const [sold] = await addHouses(owner.access, businessId, ['9 Birch Lane'], { status: '2' });
    const [canada] = await addHouses(owner.access, businessId, ['1 Maple Ave'], {
      country: 'CA',
      state: 'ON',
    });
    const find = async (search: string) =>
      (
        await request<Houses>(houses.get, { token: owner.access, body: { business: businessId, search } })
      ).body.houseList.map((house) => house.id);
    expect(await find('elm str')).toEqual([elm]);
    expect(await find('SOLD')).toEqual([sold]);
    expect(await find('canad')).toEqual([canada]);
    expect(await find('Elm%')).toEqual([]);
  });

  it('never shows another owner’s listings through a cursor, and an agent only their own', async () => {
    const a = await ownerWithBusiness(server, 'A Homes');
    const b = await ownerWithBusiness(server, 'B Homes');
    const aIds = await addHouses(a.owner.access, a.businessId, ['1 A St', '2 A St', '3 A St', '4 A St']);
    const bIds = await addHouses(b.owner.access, b.businessId, ['1 B St', '2 B St']);
    const first = await request<Houses>(houses.get, {
      token: a.owner.access,
      body: { business: a.businessId, limit: 1 },
    });
    const cursor = first.body.nextCursor;
    expect(cursor).toBeTruthy();
    // B with A's cursor on B's own business: only B's rows.
    const bPage = await request<Houses>(houses.get, {
      token: b.owner.access,
      body: { business: b.businessId, cursor },
    });
    expect(bPage.status).toBe(200);
    for (const house of bPage.body.houseList) expect(bIds).toContain(house.id);
    // B with A's business: the same 404 as a business that does not exist.
    const foreign = await request(houses.get, {
      token: b.owner.access,
      body: { business: a.businessId, cursor },
    });
    expect(foreign.status).toBe(404);

    const agent = await addAgent(a.owner.access, a.businessId, 'Ann');
    const assigned = [aIds[0], aIds[2]] as string[];
    const assign = await request(houses.assignAgent, {
      token: a.owner.access,
      body: { businessID: a.businessId, ids: assigned, agentID: agent.id },
    });
    expect(assign.status).toBe(200);
    const agentToken = await signIn(agent.email);
    const walked = await allPages<Houses>(houses.get, agentToken, { business: a.businessId, limit: 1 });
    expect(walked.flatMap((page) => page.houseList.map((house) => house.id)).sort()).toEqual(
      [...assigned].sort(),
    );
    // The owner's cursor (past the newest house, which is not the agent's) leads the agent to theirs only.
    const fromOwnerCursor = await request<Houses>(houses.get, {
      token: agentToken,
      body: { business: a.businessId, cursor },
    });
    for (const house of fromOwnerCursor.body.houseList) expect(assigned).toContain(house.id);
  });

  it('refuses bad paging input with a 400 naming the field', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const tooMany = await request(houses.get, {
      token: owner.access,
      body: { business: businessId, limit: 201 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ status: 'failed', message: 'Limit must be at most 200' });
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const badCursor = await request(houses.get, {
      token: owner.access,
      body: { business: businessId, cursor: forged },
    });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ status: 'failed', field: 'cursor' });
  });
});

describe('public listings at scale', () => {
  type Public = { listings: Array<{ id: string; address: string; kind: string }>; nextCursor: string | null };
  const publicPages = async (businessId: string, limit: number) => {
    const pages: Public[] = [];
    let cursor: string | null = null;
    do {
      const query: string = new URLSearchParams({
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
      }).toString();
      const page: { status: number; body: Public } = await request<Public>(
        `${publicListingsPath(businessId)}?${query}`,
      );
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.nextCursor;
    } while (cursor);
    return pages;
  };

  it('pages a business’s unsold listings of every kind newest first, ties by id, sold ones left out', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const forSale = await addHouses(owner.access, businessId, ['1 Elm', '2 Elm', '3 Elm', '4 Elm']);
    await addHouses(owner.access, businessId, ['5 Elm (sold)'], { status: '2' });
    const land = await request<{ property: Listing }>(propertyPaths('land').add, {
      token: owner.access,
      body: listingForm({
        businessID: businessId,
        area: '500',
        price: '1000',
        address: '6 Elm',
        country: 'US',
        state: 'CA',
        zoning: 'Farm',
      }),
    });
    expect(land.status).toBe(200);
    await sameMoment(properties, forSale);

    const pages = await publicPages(businessId, 2);
    expect(pages.map((page) => page.listings.length)).toEqual([2, 2, 1]);
    const seen = pages.flatMap((page) => page.listings.map((listing) => listing.id));
    // The land is the newest; the four houses share one moment, so the id orders them.
    expect(seen).toEqual([land.body.property.id, ...[...forSale].sort().reverse()]);

    // The call without paging: the first page (50) and nextCursor.
    const plain = await request<Public>(publicListingsPath(businessId));
    expect(plain.body.listings).toHaveLength(5);
    expect(plain.body.nextCursor).toBeNull();

    // Embedding sites add cache-busters and campaign tags: ignored, not refused.
    const tagged = await request<Public>(
      `${publicListingsPath(businessId)}?limit=2&_=1700000000&utm_source=x`,
    );
    expect(tagged.status).toBe(200);
    expect(tagged.body.listings).toHaveLength(2);

    const tooMany = await request(`${publicListingsPath(businessId)}?limit=201`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ status: 'failed', message: 'Limit must be at most 200' });
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const badCursor = await request(`${publicListingsPath(businessId)}?cursor=${forged}`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ status: 'failed', field: 'cursor' });
  });

  it('walks the partial public index from the cursor, not the business’s listings', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    await addHouses(owner.access, businessId, ['1 Ash', '2 Ash', '3 Ash']);
    const first = await request<Public>(`${publicListingsPath(businessId)}?limit=1`);
    const cursor = first.body.nextCursor ?? '';
    const statements = await statementsDuring(server, () =>
      request(`${publicListingsPath(businessId)}?limit=1&cursor=${cursor}`),
    );
    const page = statements.find((statement) => /from "real_estate_properties"/.test(statement.sql));
    expect(page).toBeDefined();
    const plan = page ? await planOf(server, page) : '';
    expect(plan, plan).toMatch(/real_estate_properties_public_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on real_estate_properties\b/);
  });
});

describe('agents list at scale', () => {
  it('pages agents oldest first (ties by id), searches name or email, and keeps other owners out', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const tag = `Ag${randomBytes(3).toString('hex')}`;
    const added = [];
    for (const name of ['Ada', 'Bea', 'Cid', 'Dee'])
      added.push(await addAgent(owner.access, businessId, `${tag}${name}`));
    const ids = added.map((agent) => agent.id);
    await sameMoment(businessAgents, ids);
    const pages = await allPages<Agents>(BUSINESS_PATHS.agentGet, owner.access, {
      business: businessId,
      limit: 3,
    });
    expect(pages.map((page) => page.agents.length)).toEqual([3, 1]);
    expect(pages.flatMap((page) => page.agents.map((agent) => agent.id))).toEqual([...ids].sort());

    const byName = await request<Agents>(BUSINESS_PATHS.agentGet, {
      token: owner.access,
      body: { business: businessId, search: `${tag}bea agent` },
    });
    expect(byName.body.agents.map((agent) => agent.id)).toEqual([added[1]?.id]);
    const byEmail = await request<Agents>(BUSINESS_PATHS.agentGet, {
      token: owner.access,
      body: { business: businessId, search: added[2]?.email.slice(0, 12) },
    });
    expect(byEmail.body.agents.map((agent) => agent.id)).toEqual([added[2]?.id]);

    const other = await ownerWithBusiness(server, 'Other Homes');
    const ownAgent = await addAgent(other.owner.access, other.businessId, `${tag}Eve`);
    const cursor = pages[0]?.nextCursor;
    const otherPage = await request<Agents>(BUSINESS_PATHS.agentGet, {
      token: other.owner.access,
      body: { business: other.businessId, cursor: pages[0]?.nextCursor ?? undefined },
    });
    expect(cursor).toBeTruthy();
    for (const agent of otherPage.body.agents) expect(agent.id).toBe(ownAgent.id);
    const foreign = await request(BUSINESS_PATHS.agentGet, {
      token: other.owner.access,
      body: { business: businessId },
    });
    expect(foreign.status).toBe(404);
  });

  it('answers the polled agents list 304 while nothing changed, 200 after a change, per caller', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    await addAgent(owner.access, businessId, 'Poll');
    const poll = (tag: string, token = owner.access) =>
      fetch(`${server.baseUrl}${BUSINESS_PATHS.agentGet}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'if-none-match': tag,
        },
        body: JSON.stringify({ business: businessId }),
      });
    const first = await request<Agents>(BUSINESS_PATHS.agentGet, {
      token: owner.access,
      body: { business: businessId },
    });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\//);
    const unchanged = await poll(tag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    // Another page size is another tag.
    const other = await request(BUSINESS_PATHS.agentGet, {
      token: owner.access,
      body: { business: businessId, limit: 7 },
    });
    expect(other.headers.get('etag')).not.toBe(tag);
    // Someone else gets no 304 from this tag (and no list: 404).
    const stranger = await ownerWithBusiness(server, 'Stranger');
    expect((await poll(tag, stranger.owner.access)).status).toBe(404);

    await addAgent(owner.access, businessId, 'Late');
    const changed = await poll(tag);
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as Agents;
    expect(body.agents).toHaveLength(2);
  });
});

/** `count` businesses named `${prefix} n` for an owner, one second apart from 2026-02-01 (ids in that order). */
async function insertBusinesses(ownerId: string, typeId: number, prefix: string, count: number) {
  const rows = await server.database.db
    .insert(businesses)
    .values(
      Array.from({ length: count }, (_, n) => ({
        ownerId,
        typeId,
        name: `${prefix} ${n}`,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, n)),
      })),
    )
    .returning({ id: businesses.id });
  return rows.map((row) => row.id);
}

/** Every page of the GET businesses list for `token`, following nextCursor. */
async function businessPages(token: string, params: Record<string, string> = {}) {
  const pages: Businesses[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const page: { status: number; body: Businesses } = await request<Businesses>(
      `${BUSINESS_PATHS.list}?${query}`,
      { token },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

describe('businesses list at scale', () => {
  it('pages own businesses oldest first (ties by id), then the one the caller is an agent of', async () => {
    const employer = await ownerWithBusiness(server, 'Employer Homes');
    const agent = await addAgent(employer.owner.access, employer.businessId, 'Paged');
    const agentToken = await signIn(agent.email);
    // The agent account registers businesses of its own: 52, one more than the default page holds.
    const [agentRow] = await server.database.db
      .select({ userId: businessAgents.userId })
      .from(businessAgents)
      .where(inArray(businessAgents.id, [agent.id]));
    const own = await insertBusinesses(agentRow?.userId ?? '', employer.typeId, 'Own', 52);
    await sameMoment(businesses, own.slice(0, 4));

    // The spec's call (no parameters): the first 50, own ones first, and nextCursor.
    const plain = await request<Businesses>(BUSINESS_PATHS.list, { token: agentToken });
    expect(plain.status).toBe(200);
    expect(plain.body.businessList).toHaveLength(50);
    expect(plain.body.businessList.every((business) => business.role === 'owner')).toBe(true);
    expect(plain.body.nextCursor).toBeTruthy();
    const rest = await request<Businesses>(`${BUSINESS_PATHS.list}?cursor=${plain.body.nextCursor}`, {
      token: agentToken,
    });
    expect(rest.body.businessList.map((business) => business.role)).toEqual(['owner', 'owner', 'agent']);
    expect(rest.body.businessList[2]).toMatchObject({ id: employer.businessId, name: 'Employer Homes' });
    expect(rest.body.nextCursor).toBeNull();

    // Small pages: every business once, in order; the four of one moment by id.
    const pages = await businessPages(agentToken, { limit: '7' });
    expect(pages.map((page) => page.businessList.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 4]);
    const seen = pages.flatMap((page) => page.businessList.map((business) => business.id));
    expect(seen).toEqual([...own.slice(0, 4).sort(), ...own.slice(4), employer.businessId]);
    // A page that ends exactly at the last own business still leads to the agent's one.
    const split = await businessPages(agentToken, { limit: '52' });
    expect(split.map((page) => page.businessList.length)).toEqual([52, 1]);

    // role keeps one side.
    const owned = await businessPages(agentToken, { role: 'owner', limit: '200' });
    expect(owned.flatMap((page) => page.businessList.map((business) => business.id))).toHaveLength(52);
    const employed = await businessPages(agentToken, { role: 'agent' });
    expect(employed.flatMap((page) => page.businessList)).toEqual([
      expect.objectContaining({ id: employer.businessId, role: 'agent' }),
    ]);
  });

  it('searches business names on the server, on both sides; % is a character', async () => {
    const tag = `Biz${randomBytes(3).toString('hex')}`;
    const employer = await ownerWithBusiness(server, `${tag} Harbour Realty`);
    const agent = await addAgent(employer.owner.access, employer.businessId, 'Finder');
    const agentToken = await signIn(agent.email);
    const register = (businessName: string) =>
      request<{ business: { id: string } }>(BUSINESS_PATHS.register, {
        token: agentToken,
        body: { businessName, businessType: employer.typeId, agree: true },
      });
    const harbourOwn = (await register(`${tag} Harbour Lofts`)).body.business.id;
    await register(`${tag} Hill Farms`);
    const find = async (search: string, extra: Record<string, string> = {}) =>
      (await businessPages(agentToken, { search, ...extra })).flatMap((page) =>
        page.businessList.map((business) => business.id),
      );
    expect(await find('harbour')).toEqual([harbourOwn, employer.businessId]);
    expect(await find('HARBOUR', { role: 'agent' })).toEqual([employer.businessId]);
    expect(await find(`${tag} hill`)).toHaveLength(1);
    expect(await find('Harbour%')).toEqual([]);
    // Another account's matching business never shows.
    expect(await find(tag, { limit: '1' })).toHaveLength(3);
  });

  it('keeps each caller to their own businesses whatever the cursor, and refuses bad input', async () => {
    const a = await ownerWithBusiness(server, 'Cursor A1');
    await request(BUSINESS_PATHS.register, {
      token: a.owner.access,
      body: { businessName: 'Cursor A2', businessType: a.typeId, agree: true },
    });
    const b = await ownerWithBusiness(server, 'Cursor B1');
    const first = await request<Businesses>(`${BUSINESS_PATHS.list}?limit=1`, { token: a.owner.access });
    expect(first.body.nextCursor).toBeTruthy();
    const bWithA = await request<Businesses>(`${BUSINESS_PATHS.list}?cursor=${first.body.nextCursor}`, {
      token: b.owner.access,
    });
    expect(bWithA.status).toBe(200);
    for (const business of bWithA.body.businessList) expect(business.id).toBe(b.businessId);

    const bad: Array<[string, Record<string, unknown>]> = [
      ['limit=201', { message: 'Limit must be at most 200' }],
      ['limit=0', { message: 'Limit must be at least 1' }],
      ['role=admin', { field: 'role' }],
      ['page=2', {}],
      [
        `cursor=${Buffer.from(JSON.stringify(['staff', '2026-01-01T00:00:00Z', a.businessId])).toString('base64url')}`,
        { field: 'cursor' },
      ],
      [
        `cursor=${Buffer.from(JSON.stringify(['owner', 'yesterday', a.businessId])).toString('base64url')}`,
        { field: 'cursor' },
      ],
      [
        `cursor=${Buffer.from(JSON.stringify(['owner', '2026-02-30T00:00:00Z', a.businessId])).toString('base64url')}`,
        { field: 'cursor' },
      ],
    ];
    for (const [query, expected] of bad) {
      const reply = await request(`${BUSINESS_PATHS.list}?${query}`, { token: a.owner.access });
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ status: 'failed', ...expected });
    }
    // Staff and admins have no businesses list (business accounts are clients).
    for (const role of ['staff', 'admin'] as const) {
      const account = await createAccount(server, role);
      const reply = await request(`${BUSINESS_PATHS.list}?limit=5`, { token: account.access });
      expect(reply.status, role).toBe(403);
    }
    expect((await request(`${BUSINESS_PATHS.list}?limit=5`)).status).toBe(401);
  });
});

describe('business lists use their indexes', () => {
  it('EXPLAIN shows no sequential scan of businesses, listings, agents or users for the list statements', async () => {
    const { owner, businessId, typeId } = await ownerWithBusiness(server);
    await insertBusinesses(owner.id, typeId, 'Plan Homes', 3);
    await addHouses(owner.access, businessId, ['7 Plan St', '8 Plan St', '9 Plan St']);
    const agent = await addAgent(owner.access, businessId, 'Plan');
    const first = await request<Houses>(houses.get, {
      token: owner.access,
      body: { business: businessId, limit: 1 },
    });
    const agentToken = await signIn(agent.email);
    const firstBusiness = await request<Businesses>(`${BUSINESS_PATHS.list}?limit=1`, {
      token: owner.access,
    });
    const calls: Array<[string, string, Record<string, unknown> | undefined]> = [
      [BUSINESS_PATHS.list, owner.access, undefined],
      [`${BUSINESS_PATHS.list}?search=homes&limit=1`, owner.access, undefined],
      [`${BUSINESS_PATHS.list}?cursor=${firstBusiness.body.nextCursor}`, owner.access, undefined],
      [`${BUSINESS_PATHS.list}?role=agent&search=acme`, agentToken, undefined],
      [houses.get, owner.access, { business: businessId, limit: 1, cursor: first.body.nextCursor }],
      [houses.get, owner.access, { business: businessId, search: 'plan st' }],
      [houses.get, owner.access, { business: businessId, search: 'sold' }],
      [houses.get, agentToken, { business: businessId }],
      [BUSINESS_PATHS.agentGet, owner.access, { business: businessId, limit: 1 }],
      [BUSINESS_PATHS.agentGet, owner.access, { business: businessId, search: 'plan' }],
    ];
    const statements = [];
    for (const [path, token, body] of calls) {
      statements.push(
        ...(await statementsDuring(server, async () => {
          expect((await request(path, { token, body })).status).toBe(200);
        })),
      );
    }
    const lists = statements.filter((statement) =>
      /from "(businesses|real_estate_properties|business_agents)"/.test(statement.sql),
    );
    // Businesses: the owner's walk (4 calls) and the agent's (1 call); then 6 listing and agent pages.
    expect(
      lists.filter((statement) => /from "businesses"/.test(statement.sql)).length,
    ).toBeGreaterThanOrEqual(5);
    expect(lists.length).toBeGreaterThanOrEqual(11);
    for (const statement of lists) {
      const plan = await planOf(server, statement);
      expect(plan, `${statement.sql}\n${plan}`).not.toMatch(
        /Seq Scan on (businesses|real_estate_properties|business_agents|users|business_types)\b/,
      );
    }
    // The owner's next page starts inside businesses_owner_idx (owner_id, created_at, id) at the cursor,
    // rather than reading the owner's rows and filtering them.
    const nextOwned = lists.find((statement) =>
      /"businesses"\."owner_id" = \$1 and \("businesses"\."created_at", "businesses"\."id"\) >/.test(
        statement.sql,
      ),
    );
    expect(nextOwned).toBeDefined();
    const nextPlan = nextOwned ? await planOf(server, nextOwned) : '';
    expect(nextPlan, nextPlan).toMatch(
      /using businesses_owner_idx on businesses[^\n]*\n\s*Index Cond: \(\(owner_id = [^\n]*ROW\(created_at, id\) > ROW/,
    );
  });
});
