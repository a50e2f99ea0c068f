import { BILLING_PATHS, PROJECT_PATHS } from '@app/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, projectOrders, receipts, users } from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { planOf, statementsDuring } from '../../test/list-support.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

// Its own database on PostgreSQL: the 304 checks need the tables' versions to move only with this
// file's changes (other files sign up users and place orders all the time).
beforeAll(async () => {
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

type Orders = {
  data: Record<string, { id: string; name: string; projects: unknown[] }>;
  nextCursor: string | null;
};
type Receipts = {
  receipts: Array<{ id: number; amount: number; refunded_amount: number }>;
  nextCursor: string | null;
};

const MOMENT = sql`'2026-01-02T03:04:05.123456Z'::timestamptz`;

async function quickOrders(client: TestAccount, names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const created = await request<{ orderID: string }>(PROJECT_PATHS.request, {
      token: client.access,
      body: { web: true, name },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ids.push(created.body.orderID);
  }
  return ids;
}

/** Every page of a GET list, following nextCursor. */
async function allPages<T extends { nextCursor: string | null }>(path: string, token: string, limit: number) {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    const page: { status: number; body: T } = await request<T>(`${path}?${query}`, { token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

const conditional = (path: string, token: string, tag: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': tag } });

/** A developer with `count` paid receipts issued at one moment (so only the id orders them). */
async function developerWithReceipts(count: number) {
  const dev = await newDeveloper(server);
  const db = server.deps.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, dev.email));
  if (!user) throw new Error('developer not found');
  const made = await db
    .insert(payments)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId: user.id,
        kind: 'subscription' as const,
        productId: dev.productId,
        planId: dev.free.id,
        description: `Plan payment ${index}`,
        amountCents: 1000 + index,
        provider: 'sandbox' as const,
        status: 'paid' as const,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      })),
    )
    .returning({ id: payments.id, amountCents: payments.amountCents });
  const rows = await db
    .insert(receipts)
    .values(
      made.map((payment) => ({
        paymentId: payment.id,
        userId: user.id,
        issuedAt: new Date('2026-01-02T03:04:05Z'),
        method: 'card',
        email: dev.email,
        items: ['Pro plan'],
        duration: '1 month',
        amountCents: payment.amountCents,
        currency: 'usd',
        status: 'paid',
        statusMessage: 'Paid',
      })),
    )
    .returning({ id: receipts.id, paymentId: receipts.paymentId });
  return { token: dev.token, receipts: rows };
}

describe("the client's orders at scale", () => {
  it('pages orders newest first with ties broken by id, keeps the spec shape, and finds one order by id', async () => {
    const client = await createAccount(server, 'client');
    const ids = await quickOrders(client, ['One', 'Two', 'Three', 'Four', 'Five']);
    await server.deps.database.db
      .update(projectOrders)
      .set({ createdAt: MOMENT })
      .where(inArray(projectOrders.id, ids));
    const pages = await allPages<Orders>(PROJECT_PATHS.userProjects, client.access, 2);
    expect(pages.map((page) => Object.keys(page.data).length)).toEqual([2, 2, 1]);
    const seen = pages.flatMap((page) => Object.keys(page.data));
    expect(seen).toEqual([...ids].sort().reverse());
    // Each order carries its projects, keyed by order id as the spec has it.
    const firstId = seen[0] ?? '';
    expect(pages[0]?.data[firstId]?.projects).toHaveLength(1);

    const plain = await request<Orders>(PROJECT_PATHS.userProjects, { token: client.access });
    expect(Object.keys(plain.body.data)).toHaveLength(5);
    expect(plain.body.nextCursor).toBeNull();
    const one = await request<Orders>(`${PROJECT_PATHS.userProjects}?order=${ids[2]}`, {
      token: client.access,
    });
    expect(Object.keys(one.body.data)).toEqual([ids[2]]);
  });

  it("never reaches another client's orders, by cursor or by order id", async () => {
    const a = await createAccount(server, 'client');
    const b = await createAccount(server, 'client');
    const aIds = await quickOrders(a, ['A1', 'A2', 'A3']);
    const bIds = await quickOrders(b, ['B1']);
    const first = await request<Orders>(`${PROJECT_PATHS.userProjects}?limit=1`, { token: a.access });
    const cursor = first.body.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const withACursor = await request<Orders>(`${PROJECT_PATHS.userProjects}?cursor=${cursor}`, {
      token: b.access,
    });
    expect(withACursor.status).toBe(200);
    for (const id of Object.keys(withACursor.body.data)) expect(bIds).toContain(id);
    const byId = await request<Orders>(`${PROJECT_PATHS.userProjects}?order=${aIds[0]}`, { token: b.access });
    expect(byId.body.data).toEqual({});
    const bad = await request(`${PROJECT_PATHS.userProjects}?limit=0`, { token: a.access });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', message: 'Limit must be at least 1' });
  });

  it('answers an unchanged poll 304 with no body, 200 after the client’s next order, and never across callers', async () => {
    const client = await createAccount(server, 'client');
    await quickOrders(client, ['Polled']);
    const first = await request<Orders>(PROJECT_PATHS.userProjects, { token: client.access });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\//);
    const unchanged = await conditional(PROJECT_PATHS.userProjects, client.access, tag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const other = await createAccount(server, 'client');
    expect((await conditional(PROJECT_PATHS.userProjects, other.access, tag)).status).toBe(200);
    await quickOrders(client, ['Next']);
    const changed = await conditional(PROJECT_PATHS.userProjects, client.access, tag);
    expect(changed.status).toBe(200);
    expect(Object.keys(((await changed.json()) as Orders).data)).toHaveLength(2);
  });
});

describe('payment history at scale', () => {
  it('pages receipts newest first (ties by id), finds one by id, and keeps other users out', async () => {
    const mine = await developerWithReceipts(5);
    const pages = await allPages<Receipts>(BILLING_PATHS.receiptsGet, mine.token, 2);
    expect(pages.map((page) => page.receipts.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.receipts.map((receipt) => receipt.id))).toEqual(
      mine.receipts.map((receipt) => receipt.id).sort((x, y) => y - x),
    );
    const target = mine.receipts[1]?.id;
    const one = await request<Receipts>(`${BILLING_PATHS.receiptsGet}?receipt=${target}`, {
      token: mine.token,
    });
    expect(one.body.receipts.map((receipt) => receipt.id)).toEqual([target]);

    const theirs = await developerWithReceipts(1);
    const cursor = pages[0]?.nextCursor ?? '';
    const withMyCursor = await request<Receipts>(`${BILLING_PATHS.receiptsGet}?cursor=${cursor}`, {
      token: theirs.token,
    });
    expect(withMyCursor.status).toBe(200);
    for (const receipt of withMyCursor.body.receipts) expect(receipt.id).toBe(theirs.receipts[0]?.id);
    const notTheirs = await request<Receipts>(`${BILLING_PATHS.receiptsGet}?receipt=${target}`, {
      token: theirs.token,
    });
    expect(notTheirs.body.receipts).toEqual([]);
    const forged = Buffer.from(JSON.stringify(['2026-01-02T03:04:05Z', '1; drop'])).toString('base64url');
    const bad = await request(`${BILLING_PATHS.receiptsGet}?cursor=${forged}`, { token: mine.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', field: 'cursor' });
  });

  it('answers an unchanged poll 304, and 200 once a payment behind a receipt changes (a refund)', async () => {
    const mine = await developerWithReceipts(1);
    const first = await request<Receipts>(BILLING_PATHS.receiptsGet, { token: mine.token });
    const tag = first.headers.get('etag') ?? '';
    const unchanged = await conditional(BILLING_PATHS.receiptsGet, mine.token, tag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const paymentId = mine.receipts[0]?.paymentId ?? '';
    await server.deps.database.db
      .update(payments)
      .set({ refundedCents: 500 })
      .where(eq(payments.id, paymentId));
    const changed = await conditional(BILLING_PATHS.receiptsGet, mine.token, tag);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Receipts).receipts[0]?.refunded_amount).toBe(500);
  });
});

describe('client lists use their indexes', () => {
  it('EXPLAIN shows no sequential scan of orders, projects, receipts or payments', async () => {
    const client = await createAccount(server, 'client');
    await quickOrders(client, ['Plan A', 'Plan B']);
    const mine = await developerWithReceipts(3);
    const firstOrders = await request<Orders>(`${PROJECT_PATHS.userProjects}?limit=1`, {
      token: client.access,
    });
    const firstReceipts = await request<Receipts>(`${BILLING_PATHS.receiptsGet}?limit=1`, {
      token: mine.token,
    });
    const calls: Array<[string, string]> = [
      [`${PROJECT_PATHS.userProjects}?limit=1&cursor=${firstOrders.body.nextCursor}`, client.access],
      [PROJECT_PATHS.userProjects, client.access],
      [`${BILLING_PATHS.receiptsGet}?limit=1&cursor=${firstReceipts.body.nextCursor}`, mine.token],
      [`${BILLING_PATHS.receiptsGet}?receipt=${mine.receipts[0]?.id}`, mine.token],
    ];
    const statements = [];
    for (const [path, token] of calls) {
      statements.push(
        ...(await statementsDuring(server, async () => {
          expect((await request(path, { token })).status).toBe(200);
        })),
      );
    }
    const lists = statements.filter((statement) =>
      /from "(project_orders|projects|receipts)"/.test(statement.sql),
    );
    expect(lists.length).toBeGreaterThanOrEqual(5);
    for (const statement of lists) {
      const plan = await planOf(server, statement);
      expect(plan, `${statement.sql}\n${plan}`).not.toMatch(
        /Seq Scan on (project_orders|projects|receipts|payments)\b/,
      );
    }
  });
});
