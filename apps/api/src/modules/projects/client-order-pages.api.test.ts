import { randomUUID } from 'node:crypto';
import { CHAT_PATHS, USER_ADMIN_PATHS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { allPages, planOf, rowsFiltered, statementsDuring } from '../../test/list-support.js';
import {
  byIdDescending,
  type DiscussionsPage,
  insertOrders,
  SAME_MOMENT,
  tagOf,
} from '../../test/project-fixtures.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

// Decision 030 (7): the admin's view of one client's orders and a client's own chat
// discussions, both keyset pages of that client's orders (project_orders_client_idx).
let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

type Orders = {
  orders: Array<{ id: string; name: string; client: { id: string }; projects: Array<{ type: string }> }>;
  nextCursor: string | null;
};
type Discussions = DiscussionsPage;

const ordersPath = (client: TestAccount, params: Record<string, string> = {}) =>
  `${USER_ADMIN_PATHS.clientOrders}?${new URLSearchParams({ userID: client.id, ...params })}`;

/** Orders of `client` with one Web project each, all created at `at` unless given one each. */
const ordersOf = async (client: TestAccount, names: string[], at: Date | Date[] = SAME_MOMENT) =>
  (await insertOrders(server, client.id, names, { at })).map((order) => order.id);

describe("the admin's view of one client's orders", () => {
  it('pages newest first with ties broken by id, each order with its projects, and keeps the old call shape', async () => {
    const client = await createAccount(server, 'client');
    const ids = await ordersOf(client, ['One', 'Two', 'Three', 'Four', 'Five']);
    const pages = await allPages<Orders>(request, admin.access, USER_ADMIN_PATHS.clientOrders, {
      userID: client.id,
      limit: '2',
    });
    expect(pages.map((page) => page.orders.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.orders.map((order) => order.id))).toEqual(byIdDescending(ids));
    for (const order of pages.flatMap((page) => page.orders)) {
      expect(order.client.id).toBe(client.id);
      expect(order.projects.map((project) => project.type)).toEqual(['Web']);
    }
    // The old call (userID alone): the first 50 orders and the cursor of the rest.
    const more = await ordersOf(
      client,
      Array.from({ length: 46 }, (_, i) => `Older ${i}`),
      new Date('2025-06-01T00:00:00Z'),
    );
    const plain = await request<Orders>(ordersPath(client), { token: admin.access });
    expect(plain.status).toBe(200);
    expect(plain.body.orders).toHaveLength(50);
    expect(plain.body.orders.slice(0, 5).map((order) => order.id)).toEqual(byIdDescending(ids));
    expect(plain.body.nextCursor).toEqual(expect.any(String));
    const rest = await request<Orders>(ordersPath(client, { cursor: plain.body.nextCursor ?? '' }), {
      token: admin.access,
    });
    expect(rest.body.orders.map((order) => order.id)).toEqual([byIdDescending(more).at(-1)]);
    expect(rest.body.nextCursor).toBeNull();
  });

  it("searches the order's name among that client's orders only, page by page, with % and _ taken literally", async () => {
    const client = await createAccount(server, 'client');
    const other = await createAccount(server, 'client');
    const tag = tagOf('Shop');
    const [plain, newest, ...tied] = await ordersOf(
      client,
      ['Unrelated', `${tag} newest`, `big ${tag.toUpperCase()}`, `${tag} 100%`, `small ${tag}`],
      [new Date('2026-03-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z')],
    );
    await ordersOf(other, [`${tag} of someone else`]);
    const pages = await allPages<Orders>(request, admin.access, USER_ADMIN_PATHS.clientOrders, {
      userID: client.id,
      search: tag.toLowerCase(),
      limit: '2',
    });
    expect(pages.map((page) => page.orders.length)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.orders.map((order) => order.id))).toEqual([
      newest,
      ...byIdDescending(tied),
    ]);
    expect(pages.flatMap((page) => page.orders.map((order) => order.id))).not.toContain(plain);
    const percent = await request<Orders>(ordersPath(client, { search: '100%' }), { token: admin.access });
    expect(percent.body.orders.map((order) => order.name)).toEqual([`${tag} 100%`]);
    const literal = await request<Orders>(ordersPath(client, { search: '_' }), { token: admin.access });
    expect(literal.body.orders).toEqual([]);
    const none = await request<Orders>(ordersPath(client, { search: 'zzyzx' }), { token: admin.access });
    expect(none.body).toMatchObject({ orders: [], nextCursor: null });
  });

  it("walks only the asked client's orders whatever the cursor, and answers 404 for a non-client", async () => {
    const a = await createAccount(server, 'client');
    const b = await createAccount(server, 'client');
    await ordersOf(a, ['A1', 'A2', 'A3']);
    const bIds = await ordersOf(b, ['B1', 'B2'], new Date('2020-01-01T00:00:00Z'));
    const first = await request<Orders>(ordersPath(a, { limit: '1' }), { token: admin.access });
    const cursor = first.body.nextCursor ?? '';
    expect(cursor).not.toBe('');
    // A's cursor (a position in 2026) on B's list: B's orders older than it, nobody else's.
    const crossed = await request<Orders>(ordersPath(b, { cursor }), { token: admin.access });
    expect(crossed.status).toBe(200);
    expect(crossed.body.orders.map((order) => order.id)).toEqual(byIdDescending(bIds));
    const staff = await createAccount(server, 'staff');
    for (const userID of [staff.id, admin.id, randomUUID(), 'not-a-user']) {
      const missing = await request(`${USER_ADMIN_PATHS.clientOrders}?userID=${userID}`, {
        token: admin.access,
      });
      expect(missing.status, userID).toBe(404);
      expect(missing.body).toMatchObject({ status: 'failed', message: 'Client not found' });
    }
  });

  it('refuses bad paging input with a 400 and a message', async () => {
    const client = await createAccount(server, 'client');
    const forged = Buffer.from(JSON.stringify(['2026-01-02T03:04:05Z', '1; drop'])).toString('base64url');
    const cases: Array<[Record<string, string>, string]> = [
      [{ limit: '0' }, 'Limit must be at least 1'],
      [{ limit: '201' }, 'Limit must be at most 200'],
      [{ limit: 'ten' }, 'Limit must be a number'],
      [{ cursor: 'not a cursor!' }, 'That page link is not valid; start from the first page'],
      [{ cursor: forged }, 'That page link is not valid; start from the first page'],
      [{ search: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
    ];
    for (const [params, message] of cases) {
      const bad = await request(ordersPath(client, params), { token: admin.access });
      expect(bad.status, JSON.stringify(params)).toBe(400);
      expect(bad.body).toMatchObject({ status: 'failed', message });
    }
    const unknown = await request(ordersPath(client, { page: '2' }), { token: admin.access });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'failed' });
  });
});

describeRoleMatrix("the admin's view of a client's orders", () => server, [
  {
    method: 'GET',
    path: `${USER_ADMIN_PATHS.clientOrders}?userID=${randomUUID()}&limit=5`,
    allowed: ['admin'],
  },
]);

describe("a client's discussions", () => {
  it('pages the client’s own orders newest first (ties by id), each with its rooms, and keeps the old call shape', async () => {
    const client = await createAccount(server, 'client');
    const ids = await ordersOf(client, ['Chat 1', 'Chat 2', 'Chat 3', 'Chat 4', 'Chat 5']);
    const pages = await allPages<Discussions>(request, client.access, CHAT_PATHS.discussions, { limit: '2' });
    expect(pages.map((page) => page.discussions.length)).toEqual([2, 2, 1]);
    const seen = pages.flatMap((page) => page.discussions);
    expect(seen.map((discussion) => discussion.id)).toEqual(byIdDescending(ids));
    for (const discussion of seen) {
      expect(discussion.client).toBe('client User');
      expect(discussion.projects).toEqual([
        expect.objectContaining({ name: `${discussion.name} (Web)`, type: 2 }),
      ]);
    }
    // The old call (no parameters): the first 50 and the cursor of the rest.
    await ordersOf(
      client,
      Array.from({ length: 46 }, (_, i) => `Older chat ${i}`),
      new Date('2025-06-01T00:00:00Z'),
    );
    const plain = await request<Discussions>(CHAT_PATHS.discussions, { token: client.access });
    expect(plain.status).toBe(200);
    expect(plain.body.discussions).toHaveLength(50);
    expect(plain.body.nextCursor).toEqual(expect.any(String));
    const rest = await request<Discussions>(`${CHAT_PATHS.discussions}?cursor=${plain.body.nextCursor}`, {
      token: client.access,
    });
    expect(rest.body.discussions).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
  });

  it("searches the order's name, page by page, and never shows another client's orders by search or by cursor", async () => {
    const mine = await createAccount(server, 'client');
    const theirs = await createAccount(server, 'client');
    const tag = tagOf('Room');
    const [newest, ...tied] = await ordersOf(
      mine,
      [`${tag} newest`, `${tag} a`, `${tag} b`, `other ${tag} c`],
      [new Date('2026-04-01T00:00:00Z')],
    );
    await ordersOf(mine, ['Not matching']);
    const theirIds = await ordersOf(
      theirs,
      [`${tag} theirs`, 'Their other'],
      new Date('2019-01-01T00:00:00Z'),
    );
    const pages = await allPages<Discussions>(request, mine.access, CHAT_PATHS.discussions, {
      search: tag,
      limit: '2',
    });
    expect(pages.map((page) => page.discussions.length)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.discussions.map((discussion) => discussion.id))).toEqual([
      newest,
      ...byIdDescending(tied),
    ]);
    // The client's own name or email is no search of their orders (the admin's list has that).
    const byEmail = await request<Discussions>(
      `${CHAT_PATHS.discussions}?search=${encodeURIComponent(mine.email)}`,
      { token: mine.access },
    );
    expect(byEmail.body.discussions).toEqual([]);
    // My cursor on their list only positions their walk: their orders, never mine.
    const myFirst = await request<Discussions>(`${CHAT_PATHS.discussions}?limit=1`, { token: mine.access });
    const crossed = await request<Discussions>(
      `${CHAT_PATHS.discussions}?cursor=${myFirst.body.nextCursor}`,
      {
        token: theirs.access,
      },
    );
    expect(crossed.status).toBe(200);
    expect(crossed.body.discussions.map((discussion) => discussion.id)).toEqual(byIdDescending(theirIds));
    const searched = await request<Discussions>(`${CHAT_PATHS.discussions}?search=${tag}`, {
      token: theirs.access,
    });
    expect(searched.body.discussions.map((discussion) => discussion.id)).toEqual([theirIds[0]]);
  });

  it('refuses bad paging input with a 400, and anyone signed out with a 401', async () => {
    const client = await createAccount(server, 'client');
    for (const query of ['limit=0', 'limit=201', 'cursor=%21%21', 'userID=x']) {
      const bad = await request(`${CHAT_PATHS.discussions}?${query}`, { token: client.access });
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ status: 'failed' });
    }
    expect((await request(CHAT_PATHS.discussions)).status).toBe(401);
  });

  it('keeps a staff member’s discussions to their assignments', async () => {
    const client = await createAccount(server, 'client');
    const staff = await createAccount(server, 'staff');
    const [assigned] = await ordersOf(client, [tagOf('Assigned')]);
    await ordersOf(client, ['Not assigned']);
    const { db } = server.deps.database;
    await db.execute(
      sql`insert into project_employees (project_id, employee_id)
          select id, ${staff.id}::uuid from projects where order_id = ${assigned}::uuid`,
    );
    const own = await request<Discussions>(CHAT_PATHS.discussions, { token: staff.access });
    expect(own.body.discussions.map((discussion) => discussion.id)).toEqual([assigned]);
    expect(own.body.nextCursor).toBeNull();
  });
});

describe("a client's order lists use the client's index", () => {
  it('EXPLAIN shows no sequential scan, and a page reads none of the other clients’ orders (EXPLAIN ANALYZE)', async () => {
    const client = await createAccount(server, 'client');
    const crowd = await createAccount(server, 'client');
    const tag = tagOf('Plan');
    await ordersOf(client, [`${tag} A`, `${tag} B`, 'Other'], [new Date('2026-05-01T00:00:00Z')]);
    // Another client's 2,000 orders, loaded in one statement, newer than any of the client's.
    await server.deps.database.db.execute(
      sql`insert into project_orders (client_id, name, created_at)
          select ${crowd.id}::uuid, 'Crowd ' || n, now() + n * interval '1 second'
          from generate_series(1, 2000) as n`,
    );
    await server.deps.database.db.execute(sql`analyze project_orders`);
    const firstOrders = await request<Orders>(ordersPath(client, { limit: '1' }), { token: admin.access });
    const firstRooms = await request<Discussions>(`${CHAT_PATHS.discussions}?limit=1`, {
      token: client.access,
    });
    const calls: Array<[string, string]> = [
      [ordersPath(client), admin.access],
      [ordersPath(client, { limit: '1', cursor: firstOrders.body.nextCursor ?? '' }), admin.access],
      [ordersPath(client, { search: tag }), admin.access],
      [CHAT_PATHS.discussions, client.access],
      [`${CHAT_PATHS.discussions}?limit=1&cursor=${firstRooms.body.nextCursor}`, client.access],
      [`${CHAT_PATHS.discussions}?search=${tag}`, client.access],
    ];
    const lists = [];
    for (const [path, token] of calls) {
      const statements = await statementsDuring(server, async () => {
        const reply = await request<Orders & Discussions>(path, { token });
        expect(reply.status, path).toBe(200);
        expect((reply.body.orders ?? reply.body.discussions).length, path).toBeGreaterThan(0);
      });
      lists.push(...statements.filter((statement) => /from "(project_orders|projects)"/.test(statement.sql)));
    }
    expect(lists.length).toBeGreaterThanOrEqual(calls.length * 2);
    for (const statement of lists) {
      const plan = await planOf(server, statement);
      expect(plan, `${statement.sql}\n${plan}`).not.toMatch(/Seq Scan on (project_orders|projects|users)\b/);
      // The crowd's 2,000 orders sort before the client's: a walk not bounded by the client would
      // read and drop them.
      expect(rowsFiltered(await planOf(server, statement, true)), statement.sql).toBeLessThan(10);
    }
  });
});
