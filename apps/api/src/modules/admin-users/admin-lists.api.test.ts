import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_PATHS, CHAT_PATHS, PROJECT_PATHS, SITE_PATHS, USER_ADMIN_PATHS } from '@app/contract';
import { desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { allPages as allPagesOf, planOf, rowsFiltered } from '../../test/list-support.js';
import { placeOrder } from '../../test/project-fixtures.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

/** Rows per table the EXPLAIN ANALYZE test loads. */
const LOADED = 3000;

// Its own database on PostgreSQL: the dashboard counters are compared before and after.
beforeAll(async () => {
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

type Users = {
  users: Array<{ id: string; email: string; firstName: string; lastName: string }>;
  nextCursor: string | null;
};
type Projects = { projects: Array<{ id: string; name: string; status: string }>; nextCursor: string | null };
type Discussions = { discussions: Array<{ id: string; name: string }>; nextCursor: string | null };

const allPages = <T extends { nextCursor: string | null }>(path: string, params: Record<string, string>) =>
  allPagesOf<T>(request, admin.access, path, params);

/** A GET of `path` as the admin: its reply and the statements it sent that read users, orders or projects. */
async function listed<T>(path: string) {
  const before = server.queryCount();
  const reply = await request<T>(path, { token: admin.access });
  expect(reply.status).toBe(200);
  const statements = server
    .recentQueries()
    .slice(-(server.queryCount() - before))
    .filter((statement) => /from "(users|projects|project_orders)"/.test(statement.sql));
  return { body: reply.body, statements };
}

describe('admin lists at scale', () => {
  it("shows each client's orders and each staff member's projects, counted in the page's own statement", async () => {
    const client = await createAccount(server, 'client');
    const idle = await createAccount(server, 'client');
    const staff = await createAccount(server, 'staff');
    const first = await placeOrder(server, client, { name: 'Counted one' });
    await placeOrder(server, client, { name: 'Counted two' });
    const project = first.projects[0];
    if (!project) throw new Error('order has no project');
    const assign = await request('/api/v1/admin/projects/action/assign/employees', {
      body: { empIds: [staff.id], projectID: project.id },
      token: admin.access,
    });
    expect(assign.status).toBe(200);

    const countOf = async (path: string, email: string) => {
      const { body, statements } = await listed<{ users: Array<{ email: string; count: number }> }>(
        `${path}?search=${encodeURIComponent(email)}`,
      );
      expect(statements.filter((statement) => /from "users"/.test(statement.sql))).toHaveLength(1);
      return body.users.find((user) => user.email === email)?.count;
    };
    expect(await countOf(USER_ADMIN_PATHS.clients, client.email)).toBe(2);
    expect(await countOf(USER_ADMIN_PATHS.clients, idle.email)).toBe(0);
    expect(await countOf(USER_ADMIN_PATHS.staff, staff.email)).toBe(1);
  });

  it('pages clients newest first with a stable keyset cursor, no duplicates, even with inserts in between', async () => {
    const tag = `Paging${randomBytes(3).toString('hex')}`;
    const created: TestAccount[] = [];
    for (let i = 0; i < 7; i += 1) created.push(await createTagged(tag, `Client${i}`));
    const first = await request<Users>(`${USER_ADMIN_PATHS.clients}?limit=3&search=${tag}`, {
      token: admin.access,
    });
    expect(first.body.users.map((user) => user.email)).toEqual(
      created
        .slice(-3)
        .reverse()
        .map((client) => client.email),
    );
    // A client added after the first page does not shift the next pages.
    const late = await createTagged(tag, 'Late');
    const pages = [first.body];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await request<Users>(
        `${USER_ADMIN_PATHS.clients}?limit=3&search=${tag}&cursor=${cursor}`,
        {
          token: admin.access,
        },
      );
      pages.push(page.body);
      cursor = page.body.nextCursor;
    }
    const seen = pages.flatMap((page) => page.users.map((user) => user.email));
    expect(pages.map((page) => page.users.length)).toEqual([3, 3, 1]);
    expect(seen).toEqual(created.map((client) => client.email).reverse());
    expect(seen).not.toContain(late.email);
  });

  it('searches clients by email or full name on the server, and staff by name in name order', async () => {
    const tag = `Find${randomBytes(3).toString('hex')}`;
    const ada = await createTagged(tag, 'Ada', 'Lovelace');
    await createTagged(tag, 'Grace', 'Hopper');
    const byName = await request<Users>(
      `${USER_ADMIN_PATHS.clients}?search=${encodeURIComponent(`${tag} Ada Lovel`)}`,
      {
        token: admin.access,
      },
    );
    expect(byName.body.users.map((user) => user.email)).toEqual([ada.email]);
    const byEmail = await request<Users>(`${USER_ADMIN_PATHS.clients}?search=${ada.email.slice(0, 14)}`, {
      token: admin.access,
    });
    expect(byEmail.body.users.map((user) => user.email)).toEqual([ada.email]);
    // A `%` in the search is a character, not a wildcard.
    const literal = await request<Users>(
      `${USER_ADMIN_PATHS.clients}?search=${encodeURIComponent(`${tag}%`)}`,
      {
        token: admin.access,
      },
    );
    expect(literal.body.users).toEqual([]);

    const staffTag = `Staff${randomBytes(3).toString('hex')}`;
    for (const first of ['Cleo', 'Abe', 'Bea']) await createTagged(staffTag, first, 'Smith', 'staff');
    const staff = await allPages<Users>(USER_ADMIN_PATHS.staff, { limit: '2', search: staffTag });
    expect(staff.map((page) => page.users.length)).toEqual([2, 1]);
    expect(staff.flatMap((page) => page.users.map((user) => user.firstName))).toEqual([
      `${staffTag} Abe`,
      `${staffTag} Bea`,
      `${staffTag} Cleo`,
    ]);
  });

  it('keeps the old call shape (no parameters: the first 50 and nextCursor) and refuses bad paging input', async () => {
    const plain = await request<Users>(USER_ADMIN_PATHS.clients, { token: admin.access });
    expect(plain.status).toBe(200);
    expect(plain.body.users.length).toBeLessThanOrEqual(50);
    expect(plain.body).toHaveProperty('nextCursor');
    const tooMany = await request(`${USER_ADMIN_PATHS.clients}?limit=201`, { token: admin.access });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ status: 'failed', message: 'Limit must be at most 200' });
    const forged = Buffer.from(JSON.stringify(['not-a-date', 'x'])).toString('base64url');
    const badCursor = await request(`${PROJECT_PATHS.adminProjects}?cursor=${forged}`, {
      token: admin.access,
    });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ status: 'failed', field: 'cursor' });
    const badStatus = await request(`${PROJECT_PATHS.adminProjects}?status=lost`, { token: admin.access });
    expect(badStatus.status).toBe(400);
    const client = await createAccount(server, 'client');
    expect((await request(USER_ADMIN_PATHS.clients, { token: client.access })).status).toBe(403);
  });

  it('answers a polled list 304 with no body while nothing changed, and 200 with a new tag after a change', async () => {
    const first = await request<Users>(`${USER_ADMIN_PATHS.clients}?limit=5`, { token: admin.access });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    const again = await fetch(`${server.baseUrl}${USER_ADMIN_PATHS.clients}?limit=5`, {
      headers: { authorization: `Bearer ${admin.access}`, 'if-none-match': tag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another query is another tag.
    const other = await request(`${USER_ADMIN_PATHS.clients}?limit=6`, { token: admin.access });
    expect(other.headers.get('etag')).not.toBe(tag);

    await createAccount(server, 'client');
    const changed = await fetch(`${server.baseUrl}${USER_ADMIN_PATHS.clients}?limit=5`, {
      headers: { authorization: `Bearer ${admin.access}`, 'if-none-match': tag ?? '' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);

    const projects = await request(PROJECT_PATHS.adminProjects, { token: admin.access });
    const projectTag = projects.headers.get('etag') ?? '';
    const unchanged = await fetch(`${server.baseUrl}${PROJECT_PATHS.adminProjects}`, {
      headers: { authorization: `Bearer ${admin.access}`, 'if-none-match': projectTag },
    });
    expect(unchanged.status).toBe(304);
    const owner = await createAccount(server, 'client');
    await placeOrder(server, owner, { name: 'Changes the list' });
    const moved = await fetch(`${server.baseUrl}${PROJECT_PATHS.adminProjects}`, {
      headers: { authorization: `Bearer ${admin.access}`, 'if-none-match': projectTag },
    });
    expect(moved.status).toBe(200);
  });

  it('pages projects, filters by status and searches by client email, project name or status', async () => {
    const owner = await createAccount(server, 'client');
    const name = `Proj${randomBytes(3).toString('hex')}`;
    const orders = [];
    for (let i = 0; i < 3; i += 1)
      orders.push(await placeOrder(server, owner, { name: `${name} ${i}`, android: true }));
    const all = await allPages<Projects>(PROJECT_PATHS.adminProjects, { limit: '4', search: name });
    expect(all.map((page) => page.projects.length)).toEqual([4, 2]);
    const ids = all.flatMap((page) => page.projects.map((project) => project.id));
    expect(new Set(ids).size).toBe(6);
    const byEmail = await allPages<Projects>(PROJECT_PATHS.adminProjects, { search: owner.email });
    expect(byEmail.flatMap((page) => page.projects).length).toBe(6);

    const approve = await request(PROJECT_PATHS.adminApprove, {
      body: { projectID: orders[0]?.projects[0]?.id },
      token: admin.access,
    });
    expect(approve.status).toBe(200);
    const approved = await request<Projects>(
      `${PROJECT_PATHS.adminProjects}?status=approved&search=${encodeURIComponent(name)}`,
      { token: admin.access },
    );
    expect(approved.body.projects.map((project) => project.id)).toEqual([orders[0]?.projects[0]?.id]);
    const byStatusWord = await request<Projects>(`${PROJECT_PATHS.adminProjects}?search=approved&limit=200`, {
      token: admin.access,
    });
    expect(byStatusWord.body.projects.every((project) => project.status === 'approved')).toBe(true);
    expect(byStatusWord.body.projects.map((project) => project.id)).toContain(orders[0]?.projects[0]?.id);
  });

  it('serves the list queries from indexes (EXPLAIN shows no sequential scan of a listed table)', async () => {
    const run = async (path: string, body?: unknown) => {
      const before = server.queryCount();
      expect((await request(path, { token: admin.access, body })).status).toBe(200);
      return server.recentQueries().slice(-(server.queryCount() - before));
    };
    const tables = 'users|projects|project_orders|crm_leads|newsletter_subscriptions|cs_chats|cs_messages';
    const listed = [
      ...(await run(`${USER_ADMIN_PATHS.clients}?search=lovelace`)),
      ...(await run(`${USER_ADMIN_PATHS.clients}?limit=2`)),
      ...(await run(`${USER_ADMIN_PATHS.staff}?search=smith`)),
      ...(await run(`${PROJECT_PATHS.adminProjects}?search=bakery&limit=10`)),
      ...(await run(`${PROJECT_PATHS.adminProjects}?search=bakery&status=approved&limit=10`)),
      ...(await run(`${PROJECT_PATHS.adminProjects}?status=approved`)),
      // Decision 026, second part: leads, subscribers, the customer-service inbox, the admin's discussions.
      ...(await run(`${SITE_PATHS.adminLeads}?search=acme`)),
      ...(await run(`${SITE_PATHS.adminLeads}?intent=demo&limit=2`)),
      ...(await run(`${SITE_PATHS.adminSubscribers}?search=example`)),
      ...(await run(`${SITE_PATHS.adminSubscribers}?limit=2`)),
      ...(await run(CHAT_PATHS.csChatGet, { search: 'visitor' })),
      ...(await run(CHAT_PATHS.csChatGet, { limit: 2 })),
      ...(await run(`${CHAT_PATHS.discussions}?search=bakery`)),
      ...(await run(`${CHAT_PATHS.discussions}?limit=2`)),
    ].filter((statement) => new RegExp(`from "(${tables})"`).test(statement.sql));
    expect(listed.length).toBeGreaterThanOrEqual(13);
    for (const statement of listed) {
      const plan = await planOf(server, statement);
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on (${tables})\\b`));
    }
  });

  it('reads the dashboard counters from maintained counts that follow every change', async () => {
    type Overview = { overview: { clients: number; staff: number } };
    type ProjectOverview = { overview: { orders: number; byStatus: Record<string, number> } };
    const users = async () =>
      (await request<Overview>(ADMIN_PATHS.overview, { token: admin.access })).body.overview;
    const projects = async () =>
      (await request<ProjectOverview>(PROJECT_PATHS.adminOverview, { token: admin.access })).body.overview;
    const before = { users: await users(), projects: await projects() };
    const client = await createAccount(server, 'client');
    await placeOrder(server, client, { name: 'Counted', android: true, web: true });
    const disabled = await createAccount(server, 'staff');
    await request(USER_ADMIN_PATHS.setDisabled, {
      body: { userID: disabled.id, disabled: true },
      token: admin.access,
    });
    const after = { users: await users(), projects: await projects() };
    expect(after.users.clients).toBe(before.users.clients + 1);
    expect(after.users.staff).toBe(before.users.staff);
    expect(after.projects.orders).toBe(before.projects.orders + 1);
    expect(after.projects.byStatus['waiting for approval']).toBe(
      (before.projects.byStatus['waiting for approval'] ?? 0) + 2,
    );
  });

  it('finds a project through its name or its client once, newest first across both, page by page', async () => {
    const tag = `Either${randomBytes(3).toString('hex')}`;
    const tagged = await createTagged(tag, 'Owner');
    const other = await createAccount(server, 'client');
    // Matches: through the client only (two platforms, one order), through the name and the client,
    // through the name only; the other client's second order matches nothing.
    const byClient = await placeOrder(server, tagged, { name: 'Plain order', android: true, web: true });
    const byBoth = await placeOrder(server, tagged, { name: `${tag} own shop` });
    const byName = await placeOrder(server, other, { name: `${tag} cafe` });
    await placeOrder(server, other, { name: 'Unrelated' });
    const matching = [byClient, byBoth, byName].flatMap((order) =>
      order.projects.map((project) => project.id),
    );
    const expected = await server.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, matching))
      .orderBy(desc(projects.createdAt), desc(projects.id));
    const pages = await allPages<Projects>(PROJECT_PATHS.adminProjects, { limit: '2', search: tag });
    expect(pages.map((page) => page.projects.length)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.projects.map((project) => project.id))).toEqual(
      expected.map((row) => row.id),
    );
  });

  it('answers selective project, discussion and client searches from the search indexes, not by filtering the newest-first list (EXPLAIN ANALYZE, 3,000 loaded rows)', async () => {
    const tag = randomBytes(3).toString('hex');
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const { db } = server.database;
    // A client, an order and a project per row, in one statement per table (as bench:scale loads them).
    await db.execute(
      sql.raw(`insert into users (id, email, username, first_name, last_name, password_hash, security_question,
          security_answer_hash, user_type, created_at, updated_at)
        select md5(n || 'u${tag}')::uuid, 'bulk-' || md5(n || 'e${tag}') || '@example.com', 'Bulk ' || n,
          'Bulk', 'Client ' || n, 'bulk-loaded: no password', 'Q?', 'bulk-loaded', 'c',
          now() - n * interval '1 second', now()
        from generate_series(1, ${LOADED}) as n`),
    );
    await db.execute(
      sql.raw(`insert into project_orders (id, client_id, name, created_at)
        select md5(n || 'o${tag}')::uuid, md5(n || 'u${tag}')::uuid, 'Bulk order ' || md5(n || 'n${tag}'),
          now() - n * interval '1 second'
        from generate_series(1, ${LOADED}) as n`),
    );
    await db.execute(
      sql.raw(`insert into projects (order_id, name, type_id, status, created_at)
        select md5(n || 'o${tag}')::uuid, 'Bulk ' || md5(n || 'p${tag}'), 1,
          (array['approved', 'in progress', 'complete'])[1 + n % 3], now() - n * interval '1 second'
        from generate_series(1, ${LOADED}) as n`),
    );
    // What autovacuum does after a bulk load: statistics, and the trigram indexes' pending entries merged.
    for (const table of ['users', 'project_orders', 'projects']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }

    // 8 characters of one row's md5: that row only (the planner prices a longer term's trigrams higher).
    const row = 1234;
    const project = `Bulk ${md5(`${row}p${tag}`)}`;
    const email = `bulk-${md5(`${row}e${tag}`)}@example.com`;
    const order = `Bulk order ${md5(`${row}n${tag}`)}`;
    const searches = [
      { path: PROJECT_PATHS.adminProjects, search: project.slice(9, 17), found: [project] },
      { path: PROJECT_PATHS.adminProjects, search: email.slice(9, 17), found: [project] },
      { path: PROJECT_PATHS.adminProjects, search: 'zzyzx', found: [] },
      // The admin's discussions (one per order): the order's name, or its client's email.
      { path: CHAT_PATHS.discussions, search: order.slice(15, 23), found: [order] },
      { path: CHAT_PATHS.discussions, search: email.slice(9, 17), found: [order] },
      { path: CHAT_PATHS.discussions, search: 'zzyzx', found: [] },
      { path: USER_ADMIN_PATHS.clients, search: email.slice(9, 17), found: [email] },
      { path: USER_ADMIN_PATHS.clients, search: 'zzyzx', found: [] },
    ];
    for (const { path, search, found } of searches) {
      const reply = await listed<Projects & Users & Discussions>(
        `${path}?search=${encodeURIComponent(search)}`,
      );
      const names =
        reply.body.projects?.map((item) => item.name) ??
        reply.body.discussions?.map((item) => item.name) ??
        reply.body.users.map((item) => item.email);
      expect(names, search).toEqual(found);
      for (const statement of reply.statements) {
        const plan = await planOf(server, statement, true);
        // The old OR walked projects_created_page_idx and filtered out every one of the rows.
        expect(rowsFiltered(plan), `${search}: ${JSON.stringify(plan)}`).toBeLessThan(LOADED / 10);
      }
    }
  });
});

/** A client (or staff member) named `${tag} ${first}` / `${tag} ${first} ${last}` for searches. */
async function createTagged(
  tag: string,
  first: string,
  last = 'Tester',
  role: 'client' | 'staff' = 'client',
) {
  const email = `${tag.toLowerCase()}-${first.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await server.deps.accounts.createAccount({
    username: `${first} ${last}`,
    firstName: `${tag} ${first}`,
    lastName: last,
    email,
    password: 'role-password-1',
    securityQuestion: 'Favourite colour?',
    securityQuestionAnswer: 'Teal',
    userType: role === 'client' ? 'c' : 'e',
  });
  const pair = await server.deps.sessions.issue(user, false);
  return { id: user.id, email, password: 'role-password-1', ...pair, userType: user.userType } as TestAccount;
}
