import { CHAT_PATHS, DELIVERABLE_PATHS, type SharedFile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type FilesPage = { files: SharedFile[]; nextCursor: string | null; code?: string };
const filesOf = (token: string, projectID: string, query = '') =>
  kit.request<FilesPage>(`${DELIVERABLE_PATHS.files}?projectID=${projectID}${query}`, { token });

describe('the project files: every file shared on a project', () => {
  it('lists the request’s, the chat’s and the deliverables’ files, newest first, a page at a time', async () => {
    const { projectID, first, second } = await kit.acceptedDeal(cast.admin, cast.owner, cast.staff);
    // The project's order and its chat room.
    const project = await kit.request<{ data: Record<string, { id: string; projects: { id: string }[] }> }>(
      '/api/v1/user/projects',
      { token: cast.owner.access },
    );
    const order = Object.values(project.body.data).find((o) => o.projects.some((p) => p.id === projectID));
    if (!order) throw new Error('no order');
    const chat = new FormData();
    chat.set('order', order.id);
    chat.set('project', projectID);
    chat.set('message', 'Our logo');
    chat.set('media', new Blob([PNG]), 'logo.png');
    const sent = await kit.request(CHAT_PATHS.projectSet, { body: chat, token: cast.owner.access });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await kit.file(cast.staff.access, first.id, PDF, 'wireframes.pdf')).status).toBe(200);
    expect((await kit.file(cast.admin.access, second.id, PNG, 'build.png')).status).toBe(200);
    // A link or a note is not a file.
    expect((await kit.link(cast.admin.access, second.id, 'https://example.com/x')).status).toBe(200);

    const all: SharedFile[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof filesOf>> = await filesOf(
        cast.viewer.access,
        projectID,
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.files.length).toBeLessThanOrEqual(2);
      all.push(...page.body.files);
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(all.map((f) => f.id)).size).toBe(4);
    const keys = all.map((f) => `${f.sharedAt}|${f.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const byName = Object.fromEntries(all.map((f) => [f.name, f]));
    expect(byName['proposal.pdf']).toMatchObject({
      source: 'request',
      context: 'Proposal',
      sharedBy: { id: cast.owner.id },
    });
    expect(byName['logo.png']).toMatchObject({
      source: 'chat',
      context: 'Chat',
      sharedBy: { id: cast.owner.id },
    });
    expect(byName['wireframes.pdf']).toMatchObject({
      source: 'deliverable',
      context: 'Designs approved',
      sharedBy: { id: cast.staff.id },
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    expect(byName['build.png']).toMatchObject({ source: 'deliverable', context: 'App delivered' });

    // Same access as the project; each file downloads for its people (its purpose's policy).
    for (const reader of [cast.owner, cast.staff, cast.admin]) {
      expect((await filesOf(reader.access, projectID)).body.files).toHaveLength(4);
    }
    for (const outsider of [cast.stranger, cast.otherStaff]) {
      expect((await filesOf(outsider.access, projectID)).status).toBe(404);
    }
    for (const file of all) {
      const got = await fetch(`${server.baseUrl}/api/v1/files/${file.id}`, {
        headers: { authorization: `Bearer ${cast.viewer.access}` },
      });
      expect(got.status, file.name).toBe(200);
    }
    const bad = await filesOf(cast.owner.access, projectID, '&cursor=bm90LWEtY3Vyc29y');
    expect(bad).toMatchObject({ status: 400, body: { field: 'cursor' } });
  });
});
