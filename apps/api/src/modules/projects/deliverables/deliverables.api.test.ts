import { type Milestone, NOTIFICATION_PATHS, type Notification, QUOTE_PATHS } from '@app/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, storedFiles } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import type { TestAccount } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { PDF, PNG } from '../../../test/project-fixtures.js';
import { deliverablesCast, deliverablesKit } from './deliverables-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof deliverablesKit>;
let cast: Awaited<ReturnType<typeof deliverablesCast>>;

beforeAll(async () => {
  server = await startTestServer();
  kit = deliverablesKit(server);
  cast = await deliverablesCast(server);
});
afterAll(async () => server?.close());

const MINUTE = 60_000;

async function kindsOf(account: TestAccount, wanted: string): Promise<string[]> {
  return eventually(async () => {
    const listed = await kit.request<{ notifications: Notification[] }>(NOTIFICATION_PATHS.list, {
      token: account.access,
    });
    const kinds = listed.body.notifications.map((n) => n.kind);
    return kinds.includes(wanted as Notification['kind']) ? kinds : undefined;
  });
}

async function liveInvoicesOf(milestoneId: string) {
  return server.database.db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.milestoneId, milestoneId), ne(invoices.status, 'void')));
}

describe('deliverables: the team delivers on a milestone', () => {
  it('takes notes, links and files from admins and assigned staff, and a pending milestone becomes delivered', async () => {
    const { projectID, first, second } = await kit.acceptedDeal(cast.admin, cast.owner, cast.staff);

    const noted = await kit.note(cast.admin.access, first.id, 'First sketches are in the shared folder.');
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.milestone).toMatchObject({ id: first.id, status: 'delivered' });
    expect(noted.body.milestone.history.map((e) => [e.kind, e.by?.id])).toEqual([
      ['delivered', cast.admin.id],
    ]);

    server.clock.advance(MINUTE);
    const filed = await kit.file(cast.staff.access, first.id, PDF, 'designs.pdf', 'The designs, as a PDF');
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    server.clock.advance(MINUTE);
    const linked = await kit.link(
      cast.staff.access,
      first.id,
      'https://figma.example.com/file/abc',
      'Prototype',
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    // Already delivered: more deliverables add to it, with no second delivery in the history.
    expect(linked.body.milestone.history).toHaveLength(1);
    expect(linked.body.milestone.deliverables.map((d) => [d.kind, d.note, d.by?.id])).toEqual([
      ['link', 'Prototype', cast.staff.id],
      ['file', 'The designs, as a PDF', cast.staff.id],
      ['note', 'First sketches are in the shared folder.', cast.admin.id],
    ]);
    const pdf = linked.body.milestone.deliverables[1]?.file;
    expect(pdf).toMatchObject({ name: 'designs.pdf', mimeType: 'application/pdf', size: PDF.length });
    expect(linked.body.milestone.deliverables[0]?.url).toBe('https://figma.example.com/file/abc');

    // Refusals: someone not on the team, a bad link, nothing at all, a file of a type not taken.
    // Counted among the files of the refused people only: other test files share the PostgreSQL
    // database and upload at the same time.
    const theirFiles = async () =>
      (
        await server.database.db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(inArray(storedFiles.ownerId, [cast.otherStaff.id, cast.admin.id]))
      ).length;
    const before = await theirFiles();
    expect((await kit.note(cast.otherStaff.access, first.id, 'Not mine')).status).toBe(404);
    expect((await kit.file(cast.otherStaff.access, first.id, PNG, 'x.png')).status).toBe(404);
    expect((await kit.note(cast.owner.access, first.id, 'A client')).status).toBe(403);
    expect((await kit.note(cast.admin.access, '00000000-0000-4000-8000-000000000000', 'Gone')).status).toBe(
      404,
    );
    const ftp = await kit.link(cast.admin.access, first.id, 'ftp://files.example.com/x');
    expect(ftp).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'url' } });
    expect((await kit.note(cast.admin.access, first.id, '   ')).status).toBe(400);
    const binary = await kit.file(
      cast.admin.access,
      first.id,
      Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]),
      'x.bin',
    );
    expect(binary).toMatchObject({ status: 415, body: { code: 'unsupported_media_type', field: 'file' } });
    expect(await theirFiles()).toBe(before);

    // Everyone who sees the project reads the work; nobody else does.
    for (const reader of [cast.owner, cast.viewer, cast.staff, cast.admin]) {
      const read = await kit.work(reader.access, projectID);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.milestones.map((m) => [m.id, m.status, m.deliverables.length])).toEqual([
        [first.id, 'delivered', 3],
        [second.id, 'pending', 0],
      ]);
    }
    expect((await kit.work(cast.otherStaff.access, projectID)).status).toBe(404);
    expect((await kit.work(cast.stranger.access, projectID)).status).toBe(404);

    // The file is downloaded by the project's people only.
    if (!pdf) throw new Error('no file');
    for (const reader of [cast.owner, cast.viewer, cast.staff, cast.admin]) {
      const got = await fetch(`${server.baseUrl}/api/v1/files/${pdf.id}`, {
        headers: { authorization: `Bearer ${reader.access}` },
      });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    }
    for (const outsider of [cast.stranger, cast.otherStaff]) {
      const refused = await fetch(`${server.baseUrl}/api/v1/files/${pdf.id}`, {
        headers: { authorization: `Bearer ${outsider.access}` },
      });
      expect(refused.status).toBe(404);
    }
    expect((await fetch(`${server.baseUrl}/api/v1/files/${pdf.id}`)).status).toBe(404);

    // The client's people who see projects are told something waits for them.
    expect(await kindsOf(cast.viewer, 'deliverable_waiting')).toContain('deliverable_waiting');
  });
});

describe('deliverables: the client approves or asks for changes', () => {
  it('goes delivered → changes requested → delivered → approved, with its history, and bills the milestone once', async () => {
    const { projectID, first, second } = await kit.acceptedDeal(cast.admin, cast.owner, cast.staff);
    expect((await kit.approve(cast.owner.access, first.id)).body).toMatchObject({
      code: 'milestone_not_delivered',
    });
    expect((await kit.file(cast.staff.access, first.id, PNG, 'home.png')).status).toBe(200);

    // A cast.viewer sees projects but may not decide; a cast.stranger is told nothing exists; cast.staff are not clients.
    expect((await kit.approve(cast.viewer.access, first.id)).body).toMatchObject({
      code: 'role_not_allowed',
    });
    expect((await kit.askChanges(cast.viewer.access, first.id, 'No')).status).toBe(403);
    expect((await kit.approve(cast.stranger.access, first.id)).status).toBe(404);
    expect((await kit.approve(cast.staff.access, first.id)).status).toBe(403);

    expect((await kit.askChanges(cast.developer.access, first.id, '  ')).body).toMatchObject({
      field: 'comment',
    });
    expect((await kit.askChanges(cast.developer.access, first.id, 'x'.repeat(2001))).status).toBe(400);
    server.clock.advance(MINUTE);
    const asked = await kit.askChanges(cast.developer.access, first.id, 'Make the logo bigger, please.');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.milestone.status).toBe('changes requested');
    expect((await kit.approve(cast.owner.access, first.id)).body).toMatchObject({
      code: 'milestone_not_delivered',
    });
    expect(await kindsOf(cast.staff, 'changes_requested')).toContain('changes_requested');
    expect(await kindsOf(cast.admin, 'changes_requested')).toContain('changes_requested');

    server.clock.advance(MINUTE);
    const again = await kit.deliver(cast.staff.access, first.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.milestone.status).toBe('delivered');
    expect((await kit.deliver(cast.admin.access, first.id)).status).toBe(409);
    expect((await kit.deliver(cast.otherStaff.access, first.id)).status).toBe(404);

    // Two approvals at once: one wins, the other is told it is approved already; one invoice.
    server.clock.advance(MINUTE);
    const both = await Promise.all([
      kit.approve(cast.owner.access, first.id),
      kit.approve(cast.developer.access, first.id),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe('milestone_approved');
    const approved = both.find((r) => r.status === 200)?.body.milestone;
    expect(approved?.status).toBe('approved');
    expect(approved?.history.map((e) => [e.kind, e.comment, e.by?.id])).toEqual([
      ['delivered', null, cast.staff.id],
      ['changes requested', 'Make the logo bigger, please.', cast.developer.id],
      ['delivered', null, cast.staff.id],
      ['approved', null, expect.stringMatching(new RegExp(`^(${cast.owner.id}|${cast.developer.id})$`))],
    ]);

    const billed = await eventually(async () => {
      const listed = await kit.request<{ milestones: Milestone[] }>(
        `${QUOTE_PATHS.milestones}?projectID=${projectID}`,
        { token: cast.owner.access },
      );
      return listed.body.milestones.find((m) => m.id === first.id)?.invoice ?? undefined;
    });
    expect(billed.status).toBe('open');
    expect(await liveInvoicesOf(first.id)).toHaveLength(1);
    expect(await kindsOf(cast.admin, 'milestone_approved')).toContain('milestone_approved');

    // Approved is final.
    expect((await kit.note(cast.admin.access, first.id, 'One more')).body).toMatchObject({
      code: 'milestone_approved',
    });
    expect((await kit.deliver(cast.admin.access, first.id)).body).toMatchObject({
      code: 'milestone_approved',
    });
    expect((await kit.askChanges(cast.owner.access, first.id, 'Wait')).body).toMatchObject({
      code: 'milestone_approved',
    });
    expect((await kit.approve(cast.owner.access, second.id)).body).toMatchObject({
      code: 'milestone_not_delivered',
    });
  });

  it('issues no second invoice for a milestone the admin already invoiced', async () => {
    const { second } = await kit.acceptedDeal(cast.admin, cast.owner, cast.staff);
    const issued = await kit.request('/api/v1/admin/invoices/issue', {
      body: { milestoneID: second.id },
      token: cast.admin.access,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await kit.link(cast.admin.access, second.id, 'https://example.com/build')).status).toBe(200);
    expect((await kit.approve(cast.owner.access, second.id)).status).toBe(200);
    // Nothing was enqueued; wait past a job poll to be sure nothing else bills it.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await liveInvoicesOf(second.id)).toHaveLength(1);
  });
});
