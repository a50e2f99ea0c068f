import { createHash } from 'node:crypto';
import { type Milestone, QUOTE_PATHS, type Quote } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import type { OrderView } from '../../../test/project-fixtures.js';
import { dayFromNow, dealsKit, twoMilestoneQuote } from './deals-kit.test.js';

let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let client: TestAccount;
let stranger: TestAccount;
let kit: ReturnType<typeof dealsKit>;

beforeAll(async () => {
  server = await startTestServer();
  kit = dealsKit(server);
  admin = await createAccount(server, 'admin');
  staff = await createAccount(server, 'staff');
  client = await createAccount(server, 'client');
  stranger = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

async function projectView(projectId: string) {
  const list = await kit.request<{ data: Record<string, OrderView> }>('/api/v1/user/projects', {
    token: client.access,
  });
  return Object.values(list.body.data)
    .flatMap((order) => order.projects)
    .find((project) => project.id === projectId);
}

async function download(token: string, quoteID: string) {
  const response = await fetch(`${server.baseUrl}${QUOTE_PATHS.pdf}?quoteID=${quoteID}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('quotes: the admin drafts and sends, the client decides', () => {
  it('refuses milestones that do not add up to the lines, naming the field', async () => {
    const projectID = await kit.projectOf(client);
    const body = twoMilestoneQuote(server, projectID);
    const refused = await kit.request(QUOTE_PATHS.adminSave, {
      body: { ...body, milestones: [{ title: 'All', amount: 1, dueDate: dayFromNow(server, 3) }] },
      token: admin.access,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        status: 'failed',
        code: 'invalid_input',
        message: 'The milestones must add up to the quote’s total',
      },
    });
    const noTerm = await kit.request(QUOTE_PATHS.adminSave, {
      body: { ...body, term: null },
      token: admin.access,
    });
    expect(noTerm.status).toBe(400);
  });

  it('keeps a draft from the client until it is sent; a new revision supersedes the sent one', async () => {
    const projectID = await kit.projectOf(client);
    const draft = await kit.saveQuote(admin, twoMilestoneQuote(server, projectID));
    expect(draft).toMatchObject({
      revision: 1,
      status: 'draft',
      total: 400_000,
      recurringPayment: 15_000,
      term: 'm',
    });
    expect(draft.lineItems.map((line) => line.amount)).toEqual([120_000, 280_000]);
    expect(await kit.quotesOf(client.access, projectID)).toEqual([]);

    // Editing the draft keeps its revision.
    const edited = await kit.saveQuote(admin, { ...twoMilestoneQuote(server, projectID), terms: 'Net 14.' });
    expect(edited).toMatchObject({ id: draft.id, revision: 1, terms: 'Net 14.' });

    await kit.sendQuote(admin, draft.id);
    const seen = await kit.quotesOf(client.access, projectID);
    expect(seen.map((q) => [q.revision, q.status])).toEqual([[1, 'sent']]);
    const project = await projectView(projectID);
    expect(project?.activities.map((a) => a.message).join('\n')).toContain('A quote (revision 1) is waiting');

    const second = await kit.saveQuote(admin, { ...twoMilestoneQuote(server, projectID), terms: 'Net 30.' });
    expect(second).toMatchObject({ revision: 2, status: 'draft' });
    // The client still sees revision 1 as it was sent, now superseded; the new draft stays hidden.
    expect(
      (await kit.quotesOf(client.access, projectID)).map((q) => [q.revision, q.status, q.terms]),
    ).toEqual([[1, 'superseded', 'Net 14.']]);
    expect((await kit.quotesOf(admin.access, projectID)).map((q) => q.status)).toEqual([
      'draft',
      'superseded',
    ]);
    const late = await kit.accept(client, draft.id);
    expect(late).toMatchObject({ status: 409, body: { code: 'quote_not_open' } });
  });

  it('accepting approves the project, sets its dates and milestones, and freezes the PDF', async () => {
    const sent = await kit.sentQuote(admin, client);
    const accepted = await kit.accept(client, sent.id, '  Ada King Lovelace ');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const quote: Quote = accepted.body.quote;
    expect(quote).toMatchObject({
      status: 'accepted',
      acceptedName: 'Ada King Lovelace',
      decidedBy: 'client User',
    });
    expect(quote.pdfSha256).toMatch(/^[0-9a-f]{64}$/);

    const project = await projectView(sent.projectID);
    expect(project).toMatchObject({
      status: 'approved',
      start_date: server.clock.now().toISOString().slice(0, 10),
      end_date: dayFromNow(server, 45),
    });
    const milestones = await kit.request<{ milestones: Milestone[] }>(
      `${QUOTE_PATHS.milestones}?projectID=${sent.projectID}`,
      { token: client.access },
    );
    expect(
      milestones.body.milestones.map((m) => [m.position, m.title, m.amount, m.status, m.invoice]),
    ).toEqual([
      [1, 'Designs approved', 120_000, 'pending', null],
      [2, 'App delivered', 280_000, 'pending', null],
    ]);

    const pdf = await download(client.access, sent.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.bytes).digest('hex')).toBe(quote.pdfSha256);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Ada King Lovelace');
    expect(text).toContain('$150.00 per month');
    expect(text).toContain('Designs approved');
    // The frozen PDF does not change when asked again (the same bytes).
    expect((await download(admin.access, sent.id)).bytes.equals(pdf.bytes)).toBe(true);

    const twice = await kit.accept(client, sent.id);
    expect(twice).toMatchObject({ status: 409, body: { code: 'quote_not_open' } });
    const revise = await kit.request(QUOTE_PATHS.adminSave, {
      body: twoMilestoneQuote(server, sent.projectID),
      token: admin.access,
    });
    expect(revise).toMatchObject({ status: 409, body: { code: 'quote_not_open' } });
  });

  it('refuses an expired quote and records a decline with its reason', async () => {
    const projectID = await kit.projectOf(client);
    const draft = await kit.saveQuote(admin, {
      ...twoMilestoneQuote(server, projectID),
      validUntil: dayFromNow(server, 1),
    });
    await kit.sendQuote(admin, draft.id);
    server.clock.advance(3 * 24 * 60 * 60 * 1000);
    // Three days on, the access token has expired: the client signs in again.
    const later = {
      ...client,
      ...(await server.deps.sessions.issue({ id: client.id, userType: 'c' }, false)),
    };
    try {
      const expired = await kit.accept(later, draft.id);
      expect(expired).toMatchObject({ status: 409, body: { code: 'quote_expired' } });
      expect((await kit.quotesOf(later.access, projectID))[0]?.expired).toBe(true);
      const declined = await kit.request<{ quote: Quote }>(QUOTE_PATHS.decline, {
        body: { quoteID: draft.id, reason: 'Over our budget' },
        token: later.access,
      });
      expect(declined.status).toBe(200);
      expect(declined.body.quote).toMatchObject({ status: 'declined', declineReason: 'Over our budget' });
    } finally {
      server.clock.advance(-3 * 24 * 60 * 60 * 1000);
    }
  });

  it('shows a project’s quotes only to its client and the admins', async () => {
    const sent = await kit.sentQuote(admin, client);
    const path = `${QUOTE_PATHS.projectQuotes}?projectID=${sent.projectID}`;
    expect((await kit.request(path, { token: stranger.access })).status).toBe(404);
    expect((await kit.request(path, { token: staff.access })).status).toBe(403);
    expect((await kit.request(path)).status).toBe(401);
    expect((await download(stranger.access, sent.id)).status).toBe(404);
    expect((await kit.accept(stranger, sent.id)).status).toBe(404);
    const adminAccepts = await kit.accept(admin, sent.id);
    expect(adminAccepts.status).toBe(403);
    expect(
      (await kit.request(QUOTE_PATHS.adminSend, { body: { quoteID: sent.id }, token: client.access })).status,
    ).toBe(403);
    expect(
      (
        await kit.request(`${QUOTE_PATHS.adminList}?search=${encodeURIComponent(client.email)}`, {
          token: client.access,
        })
      ).status,
    ).toBe(403);
  });

  it('lists every quote for the admin in keyset pages, searchable by the client’s email', async () => {
    const other = await createAccount(server, 'client');
    await kit.sentQuote(admin, other);
    await kit.sentQuote(admin, other);
    const first = await kit.request<{ quotes: Quote[]; nextCursor: string | null }>(
      `${QUOTE_PATHS.adminList}?search=${encodeURIComponent(other.email)}&limit=1`,
      { token: admin.access },
    );
    expect(first.status).toBe(200);
    expect(first.body.quotes).toHaveLength(1);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await kit.request<{ quotes: Quote[]; nextCursor: string | null }>(
      `${QUOTE_PATHS.adminList}?search=${encodeURIComponent(other.email)}&limit=1&cursor=${first.body.nextCursor}`,
      { token: admin.access },
    );
    expect(second.body.quotes).toHaveLength(1);
    expect(second.body.quotes[0]?.id).not.toBe(first.body.quotes[0]?.id);
    expect(second.body.nextCursor).toBeNull();
    const bad = await kit.request(`${QUOTE_PATHS.adminList}?cursor=nonsense`, { token: admin.access });
    expect(bad.status).toBe(400);
  });
});
