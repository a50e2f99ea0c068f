import { randomBytes, randomUUID } from 'node:crypto';
import { CHAT_PATHS, PROJECT_PATHS, SITE_PATHS } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crmLeads,
  csChats,
  csMessages,
  newsletterSubscriptions,
  projectOrders,
  projects,
  users,
} from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { allPages as allPagesOf } from '../../test/list-support.js';
import { placeOrder } from '../../test/project-fixtures.js';

// Decision 026 (6): leads, newsletter subscribers, the customer-service inbox and
// the admin's discussions in keyset pages, and the overview's "needs" figures from maintained counts.
// Its own database on PostgreSQL: the overview is compared with a count of the table.
let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

const db = () => server.deps.database.db;
const tagOf = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
/** The same instant for every row of a test: ties are broken by id, newest-first lists by id descending. */
const SAME_MOMENT = new Date('2026-01-02T03:04:05.123456Z');
const byIdDescending = (ids: string[]) => [...ids].sort().reverse();
const allPages = <T extends { nextCursor: string | null }>(path: string, params: Record<string, string>) =>
  allPagesOf<T>(request, admin.access, path, params);

/** A POST-read list (customer-service chat/get): every page, following nextCursor. */
async function allChatPages(body: Record<string, unknown>) {
  const pages: Chats[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: Chats } = await request<Chats>(CHAT_PATHS.csChatGet, {
      token: admin.access,
      body: { ...body, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

/** A conditional request with the tag of an earlier reply. */
const conditional = (path: string, tag: string, body?: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${admin.access}`,
      'if-none-match': tag,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

type Leads = { leads: Array<{ id: string; name: string; intent: string }>; nextCursor: string | null };
type Subscribers = {
  subscribers: Array<{ email: string }>;
  nextCursor: string | null;
  total: number;
};
type Chats = {
  chats: Array<{ id: string; user_email: string; last_message: string | null; unread: number }>;
  nextCursor: string | null;
};
type Discussions = {
  discussions: Array<{ id: string; name: string; projects: Array<{ id: string }> }>;
  nextCursor: string | null;
};

describe('leads', () => {
  it('pages newest first with a stable order for ties, searches name, email or company, filters by intent', async () => {
    const tag = tagOf('Lead');
    const rows = await db()
      .insert(crmLeads)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          name: `${tag} Person${i}`,
          email: `person${i}@example.com`,
          company: i === 2 ? `Acme ${tag}` : '',
          intent: i % 2 === 0 ? ('demo' as const) : ('early-access' as const),
          createdAt: SAME_MOMENT,
        })),
      )
      .returning({ id: crmLeads.id });
    const pages = await allPages<Leads>(SITE_PATHS.adminLeads, { limit: '2', search: tag });
    expect(pages.map((page) => page.leads.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.leads.map((lead) => lead.id))).toEqual(
      byIdDescending(rows.map((row) => row.id)),
    );
    const demos = await allPages<Leads>(SITE_PATHS.adminLeads, { search: tag, intent: 'demo' });
    expect(demos.flatMap((page) => page.leads.map((lead) => lead.intent))).toEqual(['demo', 'demo', 'demo']);
    const byCompany = await request<Leads>(
      `${SITE_PATHS.adminLeads}?search=${encodeURIComponent(`acme ${tag}`)}`,
      {
        token: admin.access,
      },
    );
    expect(byCompany.body.leads.map((lead) => lead.name)).toEqual([`${tag} Person2`]);
    // The old call shape: the first 50 and nextCursor.
    const plain = await request<Leads>(SITE_PATHS.adminLeads, { token: admin.access });
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveProperty('nextCursor');
    const bad = await request(`${SITE_PATHS.adminLeads}?intent=lunch`, { token: admin.access });
    expect(bad.status).toBe(400);
  });

  it('answers an unchanged poll 304 with no body, and 200 after a new lead', async () => {
    const first = await request<Leads>(`${SITE_PATHS.adminLeads}?limit=3`, { token: admin.access });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\//);
    const again = await conditional(`${SITE_PATHS.adminLeads}?limit=3`, tag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await db()
      .insert(crmLeads)
      .values({ name: 'New', email: 'new@example.com', intent: 'demo', createdAt: new Date() });
    expect((await conditional(`${SITE_PATHS.adminLeads}?limit=3`, tag)).status).toBe(200);
  });
});

describe('newsletter subscribers', () => {
  it('pages confirmed subscribers with ties in a stable order, searches the email and counts them all', async () => {
    const tag = tagOf('sub');
    const confirmed = await db()
      .insert(newsletterSubscriptions)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          email: `${tag}-${i}@example.com`,
          status: 'confirmed' as const,
          confirmedAt: SAME_MOMENT,
          unsubscribeTokenHash: randomUUID(),
        })),
      )
      .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
    await db()
      .insert(newsletterSubscriptions)
      .values({ email: `${tag}-pending@example.com`, unsubscribeTokenHash: randomUUID() });
    const pages = await allPages<Subscribers>(SITE_PATHS.adminSubscribers, { limit: '2', search: tag });
    expect(pages.map((page) => page.subscribers.length)).toEqual([2, 2, 1]);
    const byId = new Map(confirmed.map((row) => [row.id, row.email]));
    expect(pages.flatMap((page) => page.subscribers.map((s) => s.email))).toEqual(
      byIdDescending(confirmed.map((row) => row.id)).map((id) => byId.get(id)),
    );
    const [counted] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.status} = 'confirmed'`);
    expect(pages[0]?.total).toBe(Number(counted?.n));

    const first = await request<Subscribers>(SITE_PATHS.adminSubscribers, { token: admin.access });
    const etag = first.headers.get('etag') ?? '';
    expect((await conditional(SITE_PATHS.adminSubscribers, etag)).status).toBe(304);
    await db()
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed' })
      .where(sql`${newsletterSubscriptions.email} = ${`${tag}-0@example.com`}`);
    const changed = await conditional(SITE_PATHS.adminSubscribers, etag);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Subscribers).total).toBe(Number(counted?.n) - 1);
  });
});

describe('customer-service inbox', () => {
  it('pages chats most recent first (ties by id), searches the email, keeps the body-less call', async () => {
    const tag = tagOf('visitor');
    const chats = await db()
      .insert(csChats)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          email: `${tag}-${i}@example.com`,
          lastMessageAt: SAME_MOMENT,
        })),
      )
      .returning({ id: csChats.id });
    const [firstChat] = chats;
    if (!firstChat) throw new Error('no chat');
    await db()
      .insert(csMessages)
      .values({ chatId: firstChat.id, sender: 'visitor', body: 'Hello there', createdAt: SAME_MOMENT });
    const pages = await allChatPages({ limit: 2, search: tag });
    expect(pages.map((page) => page.chats.length)).toEqual([2, 2, 1]);
    const seen = pages.flatMap((page) => page.chats);
    expect(seen.map((chat) => chat.id)).toEqual(byIdDescending(chats.map((row) => row.id)));
    expect(seen.find((chat) => chat.id === firstChat.id)).toMatchObject({
      last_message: 'Hello there',
      unread: 1,
    });
    // The spec's call has no body: the first page and nextCursor.
    const plain = await request<Chats>(CHAT_PATHS.csChatGet, { token: admin.access, method: 'POST' });
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveProperty('nextCursor');
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const bad = await request(CHAT_PATHS.csChatGet, { token: admin.access, body: { cursor: forged } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', field: 'cursor' });
  });

  it('answers an unchanged poll 304 (a visitor reading changes nothing it shows), 200 after a message', async () => {
    const visitor = await request<{ token: string }>(CHAT_PATHS.csInit, {
      body: { email: `${tagOf('poll')}@example.com` },
    });
    const email = (visitor.body as unknown as { email: string }).email;
    const session = { 'x-chat-session': visitor.body.token };
    expect(
      (await request(CHAT_PATHS.csMessageSend, { body: { email, message: 'Hi' }, headers: session })).status,
    ).toBe(200);
    const first = await request<Chats>(CHAT_PATHS.csChatGet, { token: admin.access, body: { limit: 5 } });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const unchanged = await conditional(CHAT_PATHS.csChatGet, etag, { limit: 5 });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    // The visitor's poll records that they read the chat and are around: not something the inbox shows.
    expect((await request(CHAT_PATHS.csMessagesGet, { body: { email }, headers: session })).status).toBe(200);
    expect((await conditional(CHAT_PATHS.csChatGet, etag, { limit: 5 })).status).toBe(304);
    // Another page size is another tag.
    expect((await conditional(CHAT_PATHS.csChatGet, etag, { limit: 6 })).status).toBe(200);
    const sent = await request(CHAT_PATHS.csMessageSend, {
      body: { email, message: 'Still there?' },
      headers: session,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const moved = await conditional(CHAT_PATHS.csChatGet, etag, { limit: 5 });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Chats).chats[0]).toMatchObject({
      user_email: email,
      last_message: 'Still there?',
    });
  });
});

describe("the admin's discussions", () => {
  it('pages every order newest first (ties by id), searches order or client, answers 304 while unchanged', async () => {
    const client = await createAccount(server, 'client');
    const tag = tagOf('Talk');
    const orders = await db()
      .insert(projectOrders)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          clientId: client.id,
          name: `${tag} ${i}`,
          createdAt: SAME_MOMENT,
        })),
      )
      .returning({ id: projectOrders.id });
    await db()
      .insert(projects)
      .values(orders.map((order) => ({ orderId: order.id, name: 'Room', typeId: 3 })));
    const pages = await allPages<Discussions>(CHAT_PATHS.discussions, { limit: '2', search: tag });
    expect(pages.map((page) => page.discussions.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.discussions.map((d) => d.id))).toEqual(
      byIdDescending(orders.map((order) => order.id)),
    );
    expect(pages.flatMap((page) => page.discussions.map((d) => d.projects.length))).toEqual([1, 1, 1, 1, 1]);
    const byClient = await allPages<Discussions>(CHAT_PATHS.discussions, { search: client.email });
    expect(byClient.flatMap((page) => page.discussions).length).toBe(5);

    const first = await request<Discussions>(`${CHAT_PATHS.discussions}?limit=3`, { token: admin.access });
    const etag = first.headers.get('etag') ?? '';
    expect((await conditional(`${CHAT_PATHS.discussions}?limit=3`, etag)).status).toBe(304);
    await placeOrder(server, client, { name: `${tag} new` });
    expect((await conditional(`${CHAT_PATHS.discussions}?limit=3`, etag)).status).toBe(200);
    // A client gets their own discussions only (six fit the first page).
    const own = await request<Discussions>(CHAT_PATHS.discussions, { token: client.access });
    expect(own.body.discussions.length).toBe(6);
    expect(own.body.nextCursor).toBeNull();
  });
});

describe("the admin's discussions search", () => {
  it('finds an order through its name or its client once, newest first across both, page by page', async () => {
    const tag = tagOf('Either');
    const tagged = await createAccount(server, 'client');
    await db()
      .update(users)
      .set({ firstName: `${tag} Owner` })
      .where(eq(users.id, tagged.id));
    const other = await createAccount(server, 'client');
    // Matching through the client only, through both, through the name only (the last two at one
    // instant: ties by id), then an order that matches nothing and a newer one through the client.
    const rows = await db()
      .insert(projectOrders)
      .values([
        { clientId: tagged.id, name: 'Plain order', createdAt: new Date('2026-01-01T00:00:01Z') },
        { clientId: tagged.id, name: `${tag} own shop`, createdAt: SAME_MOMENT },
        { clientId: other.id, name: `${tag} cafe`, createdAt: SAME_MOMENT },
        { clientId: other.id, name: 'Unrelated', createdAt: new Date('2026-01-03T00:00:00Z') },
        { clientId: tagged.id, name: 'Newest plain', createdAt: new Date('2026-01-04T00:00:00Z') },
      ])
      .returning({ id: projectOrders.id });
    const [plain, both, byName, , newest] = rows.map((row) => row.id);
    const expected = [newest, ...byIdDescending([both ?? '', byName ?? '']), plain];
    const pages = await allPages<Discussions>(CHAT_PATHS.discussions, { limit: '2', search: tag });
    expect(pages.map((page) => page.discussions.length)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.discussions.map((d) => d.id))).toEqual(expected);
    // One page holding all of them: the same order, each once.
    const whole = await request<Discussions>(`${CHAT_PATHS.discussions}?search=${tag}`, {
      token: admin.access,
    });
    expect(whole.body.discussions.map((d) => d.id)).toEqual(expected);
    expect(whole.body.nextCursor).toBeNull();
  });
});

describe('overview needs figures', () => {
  type Overview = { overview: { needDuration: number; needEmployees: number; needPaymentLink: number } };
  const overview = async () => {
    const { needDuration, needEmployees, needPaymentLink } = (
      await request<Overview>(PROJECT_PATHS.adminOverview, { token: admin.access })
    ).body.overview;
    return { needDuration, needEmployees, needPaymentLink };
  };
  /** The same figures counted from the projects table, to compare the maintained counts with. */
  async function counted() {
    const [row] = await db()
      .select({
        needDuration: sql<number>`count(*) filter (where ${projects.status} <> 'waiting for approval' and ${projects.startDate} is null)::int`,
        needPaymentLink: sql<number>`count(*) filter (where ${projects.status} <> 'waiting for approval' and ${projects.paymentLink} is null)::int`,
        needEmployees: sql<number>`count(*) filter (where ${projects.status} <> 'waiting for approval' and not exists (select 1 from project_employees pe where pe.project_id = ${projects.id}))::int`,
      })
      .from(projects);
    return {
      needDuration: Number(row?.needDuration),
      needEmployees: Number(row?.needEmployees),
      needPaymentLink: Number(row?.needPaymentLink),
    };
  }

  it('follows approval, duration, payment link and (un)assignment, and always equals a count of the table', async () => {
    const before = await overview();
    expect(before).toEqual(await counted());
    const client = await createAccount(server, 'client');
    const staff = await createAccount(server, 'staff');
    const order = await placeOrder(server, client, { name: 'Needs', android: true, web: true });
    const [one, two] = order.projects;
    if (!one || !two) throw new Error('two projects expected');
    const call = (path: string, body: unknown) => request(path, { token: admin.access, body });
    expect((await overview()).needDuration).toBe(before.needDuration);
    for (const project of [one, two]) {
      expect((await call(PROJECT_PATHS.adminApprove, { projectID: project.id })).status).toBe(200);
    }
    expect(await overview()).toEqual({
      needDuration: before.needDuration + 2,
      needEmployees: before.needEmployees + 2,
      needPaymentLink: before.needPaymentLink + 2,
    });
    await call(PROJECT_PATHS.adminDuration, { id: one.id, from: '2026-01-01', to: '2026-02-01' });
    await call(PROJECT_PATHS.adminAssign, { projectID: one.id, empIds: [staff.id] });
    await call(PROJECT_PATHS.adminPaymentLink, {
      projectID: two.id,
      paymentLink: 'https://pay.example.com/x',
    });
    expect(await overview()).toEqual({
      needDuration: before.needDuration + 1,
      needEmployees: before.needEmployees + 1,
      needPaymentLink: before.needPaymentLink + 1,
    });
    // Re-assigning (delete + insert) keeps the count; deleting the staff account (a cascade) brings it back.
    await call(PROJECT_PATHS.adminAssign, { projectID: one.id, empIds: [staff.id] });
    expect((await overview()).needEmployees).toBe(before.needEmployees + 1);
    await db().execute(sql`delete from users where id = ${staff.id}`);
    expect((await overview()).needEmployees).toBe(before.needEmployees + 2);
    // Deleting the client cascades to the order and its projects.
    await db().execute(sql`delete from users where id = ${client.id}`);
    expect(await overview()).toEqual(before);
    expect(await overview()).toEqual(await counted());
  });
});
