import { randomUUID } from 'node:crypto';
import { CHAT_PATHS, PROJECT_PATHS } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectEmployees, projects } from '../../db/schema/index.js';
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

// Decision 030 (8): a staff member's projects and discussions, keyset pages over their
// assignments (project_employees_employee_idx, the order's time copied next to each assignment), and
// get_discussions' `order=<id>` for every role.
let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;
let client: TestAccount;

beforeAll(async () => {
  // A database of its own on PostgreSQL: the 304 answers follow the project tables' change versions,
  // which every other test file writing projects (quotes, invoices, deliverables) moves meanwhile.
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
  client = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

type Projects = {
  projects: Array<{ id: string; name: string; order: { id: string; name: string } }>;
  nextCursor: string | null;
};
type Discussions = DiscussionsPage;

const path = (base: string, params: Record<string, string> = {}) => `${base}?${new URLSearchParams(params)}`;

/** Orders of the test client, each with `perOrder` Web projects, created at `at` (one each if a list). */
const orders = (names: string[], at: Date | Date[] = SAME_MOMENT, perOrder = 1) =>
  insertOrders(server, client.id, names, { at, perOrder });

/** Assigns projects through Drizzle (the trigger fills the order's id and time). */
async function assign(staff: TestAccount, projectIds: string[]) {
  await server.deps.database.db
    .insert(projectEmployees)
    .values(projectIds.map((projectId) => ({ projectId, employeeId: staff.id })));
}

describe("a staff member's projects", () => {
  it('are filled in by the trigger, through the admin route too', async () => {
    const staff = await createAccount(server, 'staff');
    const [order] = await orders([tagOf('Filled')]);
    const projectID = order?.projects[0] ?? '';
    // Microseconds a JavaScript Date cannot carry: the copy must be exact, or cursors would skip rows.
    await server.deps.database.db.execute(
      sql`update project_orders set created_at = '2026-02-03T04:05:06.654321Z' where id = ${order?.id}::uuid`,
    );
    const assigned = await request(PROJECT_PATHS.adminAssign, {
      method: 'POST',
      token: admin.access,
      body: { projectID, empIds: [staff.id] },
    });
    expect(assigned.status).toBe(200);
    const [row] = await server.deps.database.db
      .select({
        orderId: projectEmployees.orderId,
        at: sql<string>`to_char(${projectEmployees.orderCreatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      })
      .from(projectEmployees)
      .where(and(eq(projectEmployees.projectId, projectID), eq(projectEmployees.employeeId, staff.id)));
    expect(row).toEqual({ orderId: order?.id, at: '2026-02-03T04:05:06.654321' });
    const own = await request<Projects>(PROJECT_PATHS.staffProjects, { token: staff.access });
    expect(own.body.projects.map((project) => project.id)).toEqual([projectID]);
  });

  it("follow an order's new time and a project moved to another order (the copies next to the assignments)", async () => {
    const staff = await createAccount(server, 'staff');
    const names = [tagOf('Retimed'), tagOf('Moved'), tagOf('Target')];
    const [first, second, target] = await orders(names, [
      new Date('2030-08-01T00:00:00Z'),
      new Date('2030-08-02T00:00:00Z'),
      new Date('2030-07-01T00:00:00Z'),
    ]);
    const moved = second?.projects[0] ?? '';
    await assign(staff, [first?.projects[0] ?? '', moved]);
    const { db } = server.deps.database;
    // An operator's correction of an order's time: the lists follow it (or a page would skip rows).
    await db.execute(
      sql`update project_orders set created_at = '2030-08-03T00:00:00.123456Z' where id = ${first?.id}::uuid`,
    );
    const retimed = await request<Projects>(PROJECT_PATHS.staffProjects, { token: staff.access });
    expect(retimed.body.projects.map((project) => project.order.id)).toEqual([first?.id, second?.id]);
    // A project moved to another order: its room is listed under that order, found by its name.
    await db
      .update(projects)
      .set({ orderId: target?.id ?? '' })
      .where(eq(projects.id, moved));
    const rooms = await request<Discussions>(CHAT_PATHS.discussions, { token: staff.access });
    expect(
      rooms.body.discussions.map((discussion) => [discussion.id, discussion.projects.map((p) => p.id)]),
    ).toEqual([
      [first?.id, first?.projects],
      [target?.id, [moved]],
    ]);
    const found = await request<Projects>(path(PROJECT_PATHS.staffProjects, { search: names[2] ?? '' }), {
      token: staff.access,
    });
    expect(found.body.projects.map((project) => [project.id, project.order.id])).toEqual([
      [moved, target?.id],
    ]);
  });

  it('page newest order first (ties by order id, then project id), only the assigned ones, and keep the old call shape', async () => {
    const staff = await createAccount(server, 'staff');
    const tied = await orders(['Tie A', 'Tie B', 'Tie C'], SAME_MOMENT, 2);
    const [newest] = await orders(['Newest'], new Date('2026-03-01T00:00:00Z'));
    const [unassigned] = await orders(['Not mine'], new Date('2026-04-01T00:00:00Z'));
    // Every project of the tied orders except one; the newest order's one project.
    const skipped = tied[1]?.projects[1] ?? '';
    const mine = [...tied.flatMap((order) => order.projects), ...(newest?.projects ?? [])].filter(
      (id) => id !== skipped,
    );
    await assign(staff, mine);
    const pages = await allPages<Projects>(request, staff.access, PROJECT_PATHS.staffProjects, {
      limit: '2',
    });
    expect(pages.map((page) => page.projects.length)).toEqual([2, 2, 2]);
    const seen = pages.flatMap((page) => page.projects);
    const tiedOrder = byIdDescending(tied.map((order) => order.id));
    const expected = [
      ...(newest?.projects ?? []),
      ...tiedOrder.flatMap((orderId) =>
        byIdDescending(tied.find((order) => order.id === orderId)?.projects ?? []).filter(
          (id) => id !== skipped,
        ),
      ),
    ];
    expect(seen.map((project) => project.id)).toEqual(expected);
    expect(seen.map((project) => project.id)).not.toContain(skipped);
    expect(seen.map((project) => project.order.id)).not.toContain(unassigned?.id);
    // The old call (no parameters): the first 50 and the cursor of the rest.
    const older = await orders(
      Array.from({ length: 45 }, (_, i) => `Older ${i}`),
      new Date('2025-01-01T00:00:00Z'),
    );
    await assign(
      staff,
      older.flatMap((order) => order.projects),
    );
    const plain = await request<Projects>(PROJECT_PATHS.staffProjects, { token: staff.access });
    expect(plain.status).toBe(200);
    expect(plain.body.projects).toHaveLength(50);
    expect(plain.body.projects.slice(0, 6).map((project) => project.id)).toEqual(expected);
    const rest = await request<Projects>(
      path(PROJECT_PATHS.staffProjects, { cursor: plain.body.nextCursor ?? '' }),
      {
        token: staff.access,
      },
    );
    expect(rest.body.projects).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
  });

  it("search the project's or order's name among their own, page by page, and never reach another's by cursor", async () => {
    const staff = await createAccount(server, 'staff');
    const other = await createAccount(server, 'staff');
    const tag = tagOf('Site');
    const matching = await orders(
      [`${tag} one`, `big ${tag.toUpperCase()}`, `${tag} 100%`],
      [new Date('2026-05-03T00:00:00Z'), new Date('2026-05-02T00:00:00Z'), new Date('2026-05-01T00:00:00Z')],
    );
    const [plainOrder] = await orders(['Unrelated'], new Date('2026-05-04T00:00:00Z'));
    const theirs = await orders([`${tag} theirs`, 'Their other'], new Date('2019-01-01T00:00:00Z'));
    await assign(staff, [...matching.flatMap((order) => order.projects), ...(plainOrder?.projects ?? [])]);
    await assign(
      other,
      theirs.flatMap((order) => order.projects),
    );
    // A project renamed apart from its order still matches by its order's name.
    const renamed = matching[1]?.projects[0] ?? '';
    await server.deps.database.db.update(projects).set({ name: 'Renamed' }).where(eq(projects.id, renamed));
    const pages = await allPages<Projects>(request, staff.access, PROJECT_PATHS.staffProjects, {
      search: tag.toLowerCase(),
      limit: '2',
    });
    expect(pages.map((page) => page.projects.length)).toEqual([2, 1]);
    expect(pages.flatMap((page) => page.projects.map((project) => project.order.id))).toEqual(
      matching.map((order) => order.id),
    );
    const percent = await request<Projects>(path(PROJECT_PATHS.staffProjects, { search: '100%' }), {
      token: staff.access,
    });
    expect(percent.body.projects.map((project) => project.name)).toEqual([`${tag} 100%`]);
    const literal = await request<Projects>(path(PROJECT_PATHS.staffProjects, { search: '_' }), {
      token: staff.access,
    });
    expect(literal.body).toEqual({ status: 'ok', projects: [], nextCursor: null });
    // My cursor (a position in 2026) on their list: their projects, never mine.
    const first = await request<Projects>(path(PROJECT_PATHS.staffProjects, { limit: '1' }), {
      token: staff.access,
    });
    const crossed = await request<Projects>(
      path(PROJECT_PATHS.staffProjects, { cursor: first.body.nextCursor ?? '' }),
      { token: other.access },
    );
    expect(crossed.status).toBe(200);
    expect(crossed.body.projects.map((project) => project.order.id)).toEqual(
      byIdDescending(theirs.map((order) => order.id)),
    );
    const searched = await request<Projects>(path(PROJECT_PATHS.staffProjects, { search: tag }), {
      token: other.access,
    });
    expect(searched.body.projects.map((project) => project.order.id)).toEqual([theirs[0]?.id]);
  });

  it('answer 304 to an unchanged poll, per staff member and per page, and 200 once an assignment changes', async () => {
    const staff = await createAccount(server, 'staff');
    const other = await createAccount(server, 'staff');
    const [order] = await orders([tagOf('Polled')], SAME_MOMENT, 2);
    await assign(staff, order?.projects.slice(0, 1) ?? []);
    const first = await request<Projects>(PROJECT_PATHS.staffProjects, { token: staff.access });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).not.toBe('');
    const poll = (token: string, url: string = PROJECT_PATHS.staffProjects) =>
      request(url, { token, headers: { 'if-none-match': tag } });
    expect((await poll(staff.access)).status).toBe(304);
    // Someone else's list, or another search, is never answered with my tag.
    expect((await poll(other.access)).status).toBe(200);
    expect((await poll(staff.access, path(PROJECT_PATHS.staffProjects, { search: 'x' }))).status).toBe(200);
    await assign(staff, order?.projects.slice(1) ?? []);
    const changed = await poll(staff.access);
    expect(changed.status).toBe(200);
    expect((changed.body as Projects).projects).toHaveLength(2);
  });

  it('refuses bad paging input with a 400 and a message', async () => {
    const staff = await createAccount(server, 'staff');
    const forged = Buffer.from(JSON.stringify(['2026-01-02T03:04:05Z', randomUUID(), '1; drop'])).toString(
      'base64url',
    );
    const twoParts = Buffer.from(JSON.stringify(['2026-01-02T03:04:05Z', randomUUID()])).toString(
      'base64url',
    );
    // Shaped like a cursor's moment but no real one: refused before it reaches a SQL cast (was a 500).
    const impossible = Buffer.from(
      JSON.stringify(['2026-02-30T00:00:00Z', randomUUID(), randomUUID()]),
    ).toString('base64url');
    const cases: Array<[Record<string, string>, string]> = [
      [{ cursor: impossible }, 'That page link is not valid; start from the first page'],
      [{ limit: '0' }, 'Limit must be at least 1'],
      [{ limit: '201' }, 'Limit must be at most 200'],
      [{ limit: 'ten' }, 'Limit must be a number'],
      [{ cursor: 'not a cursor!' }, 'That page link is not valid; start from the first page'],
      [{ cursor: forged }, 'That page link is not valid; start from the first page'],
      [{ cursor: twoParts }, 'That page link is not valid; start from the first page'],
      [{ search: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
    ];
    for (const [params, message] of cases) {
      const bad = await request(path(PROJECT_PATHS.staffProjects, params), { token: staff.access });
      expect(bad.status, JSON.stringify(params)).toBe(400);
      expect(bad.body).toMatchObject({ status: 'failed', message });
    }
    const unknown = await request(path(PROJECT_PATHS.staffProjects, { page: '2' }), { token: staff.access });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'failed' });
  });
});

describeRoleMatrix("a staff member's projects", () => server, [
  { method: 'GET', path: `${PROJECT_PATHS.staffProjects}?limit=5&search=x`, allowed: ['staff'] },
]);

describe("a staff member's discussions", () => {
  it('page the orders of their assigned projects newest first (ties by id), each with their projects only, and keep the old call shape', async () => {
    const staff = await createAccount(server, 'staff');
    const tied = await orders(['Room A', 'Room B', 'Room C', 'Room D'], SAME_MOMENT, 2);
    const [unassigned] = await orders(['Not mine'], new Date('2026-04-01T00:00:00Z'));
    // Both projects of A, B and C; only the first of D.
    const skipped = tied[3]?.projects[1] ?? '';
    await assign(
      staff,
      tied.flatMap((order) => order.projects).filter((id) => id !== skipped),
    );
    const pages = await allPages<Discussions>(request, staff.access, CHAT_PATHS.discussions, { limit: '3' });
    expect(pages.map((page) => page.discussions.length)).toEqual([3, 1]);
    const seen = pages.flatMap((page) => page.discussions);
    expect(seen.map((discussion) => discussion.id)).toEqual(byIdDescending(tied.map((order) => order.id)));
    expect(seen.map((discussion) => discussion.id)).not.toContain(unassigned?.id);
    for (const discussion of seen) {
      const order = tied.find((one) => one.id === discussion.id);
      expect(discussion.client).toBe('client User');
      expect(discussion.projects.map((project) => project.id)).toEqual(
        [...(order?.projects ?? [])].sort().filter((id) => id !== skipped),
      );
    }
    expect(seen.find((discussion) => discussion.name === 'Room D')?.projects).toHaveLength(1);
    // The old call (no parameters): the first 50 orders and the cursor of the rest.
    const older = await orders(
      Array.from({ length: 47 }, (_, i) => `Older room ${i}`),
      new Date('2025-01-01T00:00:00Z'),
    );
    await assign(
      staff,
      older.flatMap((order) => order.projects),
    );
    const plain = await request<Discussions>(CHAT_PATHS.discussions, { token: staff.access });
    expect(plain.status).toBe(200);
    expect(plain.body.discussions).toHaveLength(50);
    expect(plain.body.nextCursor).toEqual(expect.any(String));
    const rest = await request<Discussions>(
      path(CHAT_PATHS.discussions, { cursor: plain.body.nextCursor ?? '' }),
      {
        token: staff.access,
      },
    );
    expect(rest.body.discussions).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
  });

  it("search the order's name among their own, and never reach another's orders by search or cursor", async () => {
    const staff = await createAccount(server, 'staff');
    const other = await createAccount(server, 'staff');
    const tag = tagOf('Chat');
    const [newest, ...tiedMatches] = await orders(
      [`${tag} newest`, `${tag} a`, `x ${tag} b`],
      [new Date('2026-06-01T00:00:00Z')],
    );
    const [plainOrder] = await orders(['Unrelated'], new Date('2026-06-02T00:00:00Z'));
    const theirs = await orders([`${tag} theirs`, 'Their other'], new Date('2019-01-01T00:00:00Z'));
    await assign(
      staff,
      [newest, ...tiedMatches, plainOrder].flatMap((order) => order?.projects ?? []),
    );
    await assign(
      other,
      theirs.flatMap((order) => order.projects),
    );
    const pages = await allPages<Discussions>(request, staff.access, CHAT_PATHS.discussions, {
      search: tag.toLowerCase(),
      limit: '2',
    });
    expect(pages.map((page) => page.discussions.length)).toEqual([2, 1]);
    expect(pages.flatMap((page) => page.discussions.map((discussion) => discussion.id))).toEqual([
      newest?.id,
      ...byIdDescending(tiedMatches.map((order) => order.id)),
    ]);
    // The client's name is no search of a staff member's discussions (the admin's list has that).
    const byClient = await request<Discussions>(path(CHAT_PATHS.discussions, { search: client.email }), {
      token: staff.access,
    });
    expect(byClient.body.discussions).toEqual([]);
    const first = await request<Discussions>(path(CHAT_PATHS.discussions, { limit: '1' }), {
      token: staff.access,
    });
    const crossed = await request<Discussions>(
      path(CHAT_PATHS.discussions, { cursor: first.body.nextCursor ?? '' }),
      { token: other.access },
    );
    expect(crossed.status).toBe(200);
    expect(crossed.body.discussions.map((discussion) => discussion.id)).toEqual(
      byIdDescending(theirs.map((order) => order.id)),
    );
    const searched = await request<Discussions>(path(CHAT_PATHS.discussions, { search: tag }), {
      token: other.access,
    });
    expect(searched.body.discussions.map((discussion) => discussion.id)).toEqual([theirs[0]?.id]);
  });
});

describe('get_discussions with order=<id>', () => {
  it('answers that one order among those the caller may see, and nothing otherwise', async () => {
    const staff = await createAccount(server, 'staff');
    const stranger = await createAccount(server, 'client');
    const name = tagOf('Linked');
    const [linked, other] = await orders([name, 'Other'], [new Date('2018-01-01T00:00:00Z')]);
    await assign(staff, linked?.projects ?? []);
    const one = (token: string, order: string, extra: Record<string, string> = {}) =>
      request<Discussions>(path(CHAT_PATHS.discussions, { order, ...extra }), { token });
    for (const caller of [admin, client, staff]) {
      const found = await one(caller.access, linked?.id ?? '');
      expect(found.status, caller.email).toBe(200);
      expect(
        found.body.discussions.map((discussion) => [discussion.id, discussion.name]),
        caller.email,
      ).toEqual([[linked?.id, name]]);
      expect(found.body.discussions[0]?.projects.map((project) => project.id)).toEqual(linked?.projects);
      expect(found.body.nextCursor).toBeNull();
    }
    // An admin's search still applies next to it.
    expect((await one(admin.access, linked?.id ?? '', { search: name })).body.discussions).toHaveLength(1);
    expect((await one(admin.access, linked?.id ?? '', { search: 'zzyzx' })).body.discussions).toEqual([]);
    // Not theirs: nothing, the same as a missing order.
    expect((await one(stranger.access, linked?.id ?? '')).body).toEqual({
      status: 'ok',
      discussions: [],
      nextCursor: null,
    });
    expect((await one(staff.access, other?.id ?? '')).body.discussions).toEqual([]);
    expect((await one(admin.access, randomUUID())).body.discussions).toEqual([]);
    const bad = await one(admin.access, 'not-an-order');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', message: 'Order is not a valid id' });
  });

  it('refuses bad paging input from a staff member with a 400, and anyone signed out with a 401', async () => {
    const staff = await createAccount(server, 'staff');
    const impossible = Buffer.from(JSON.stringify(['2026-13-01T00:00:00Z', randomUUID()])).toString(
      'base64url',
    );
    for (const query of [
      'limit=0',
      'limit=201',
      'cursor=%21%21',
      `cursor=${impossible}`,
      'userID=x',
      `search=${'x'.repeat(201)}`,
    ]) {
      const bad = await request(`${CHAT_PATHS.discussions}?${query}`, { token: staff.access });
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ status: 'failed' });
    }
    expect((await request(`${CHAT_PATHS.discussions}?order=${randomUUID()}`)).status).toBe(401);
  });
});

describe("a staff member's lists use their index", () => {
  it('EXPLAIN shows no sequential scan, and a page reads none of the other staff’s assignments (EXPLAIN ANALYZE)', async () => {
    const staff = await createAccount(server, 'staff');
    const crowd = await createAccount(server, 'staff');
    const tag = tagOf('Plan');
    const mine = await orders([`${tag} A`, `${tag} B`, 'Other'], [new Date('2026-07-01T00:00:00Z')], 2);
    await assign(
      staff,
      mine.flatMap((order) => order.projects),
    );
    // 2,000 newer orders, each with a project assigned to another staff member, in three statements.
    const { db } = server.deps.database;
    await db.execute(
      sql`insert into project_orders (client_id, name, created_at)
          select ${client.id}::uuid, 'Crowd ' || n, now() + n * interval '1 second'
          from generate_series(1, 2000) as n`,
    );
    await db.execute(
      sql`insert into projects (order_id, name, type_id)
          select id, name, 3 from project_orders where name like 'Crowd %' and client_id = ${client.id}::uuid`,
    );
    await db.execute(
      sql`insert into project_employees (project_id, employee_id)
          select p.id, ${crowd.id}::uuid from projects p where p.name like 'Crowd %'`,
    );
    await db.execute(sql`analyze project_employees`);
    await db.execute(sql`analyze project_orders`);
    await db.execute(sql`analyze projects`);
    const firstProjects = await request<Projects>(path(PROJECT_PATHS.staffProjects, { limit: '1' }), {
      token: staff.access,
    });
    const firstRooms = await request<Discussions>(path(CHAT_PATHS.discussions, { limit: '1' }), {
      token: staff.access,
    });
    const calls = [
      PROJECT_PATHS.staffProjects,
      path(PROJECT_PATHS.staffProjects, { limit: '1', cursor: firstProjects.body.nextCursor ?? '' }),
      path(PROJECT_PATHS.staffProjects, { search: tag }),
      CHAT_PATHS.discussions,
      path(CHAT_PATHS.discussions, { limit: '1', cursor: firstRooms.body.nextCursor ?? '' }),
      path(CHAT_PATHS.discussions, { search: tag }),
      path(CHAT_PATHS.discussions, { order: mine[0]?.id ?? '' }),
    ];
    const lists = [];
    for (const call of calls) {
      const statements = await statementsDuring(server, async () => {
        const reply = await request<Projects & Discussions>(call, { token: staff.access });
        expect(reply.status, call).toBe(200);
        expect((reply.body.projects ?? reply.body.discussions).length, call).toBeGreaterThan(0);
      });
      lists.push(
        ...statements.filter((statement) =>
          /from "(project_employees|project_orders|projects)"/.test(statement.sql),
        ),
      );
    }
    expect(
      lists.filter((statement) => /from "project_employees"/.test(statement.sql)).length,
    ).toBeGreaterThanOrEqual(calls.length);
    for (const statement of lists) {
      const plan = await planOf(server, statement);
      expect(plan, `${statement.sql}\n${plan}`).not.toMatch(
        /Seq Scan on (project_employees|project_orders|projects|users)\b/,
      );
      // The crowd's 2,000 assignments are to someone else and newer: a walk not bounded by the staff
      // member would read and drop them.
      expect(rowsFiltered(await planOf(server, statement, true)), statement.sql).toBeLessThan(10);
    }
  });
});
