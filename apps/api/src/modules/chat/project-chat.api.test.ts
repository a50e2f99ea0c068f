import { CHAT_PATHS } from '@app/contract';
import { and, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { sendWaitingDigests } from '../../test/mail-digests.js';
import { placeOrder } from '../../test/project-fixtures.js';
import { mediaForm, openSocket, PNG } from './chat-test-support.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

async function clientWithProject() {
  const client = await createAccount(server, 'client');
  const order = await placeOrder(server, client, { name: 'Bakery app' });
  const project = order.projects[0];
  if (!project) throw new Error('order has no project');
  return { client, order, project, room: { order_: order.id, project: project.id } };
}

type Messages = { messages: Array<{ self: boolean; from: string; message: string; media: string | null }> };

describe('project chat', () => {
  it('lists discussions and lets the client and the admin talk in the project room', async () => {
    const { client, order, project, room } = await clientWithProject();
    const discussions = await request<{ discussions: Array<Record<string, unknown>> }>(
      CHAT_PATHS.discussions,
      {
        token: client.access,
      },
    );
    expect(discussions.status).toBe(200);
    expect(discussions.body.discussions).toEqual([
      expect.objectContaining({
        id: order.id,
        name: 'Bakery app',
        projects: [expect.objectContaining({ id: project.id, type: 2 })],
      }),
    ]);
    const sent = await request(CHAT_PATHS.projectSet, {
      body: { message: 'When do we start?', order: order.id, project: project.id },
      token: client.access,
    });
    expect(sent.status).toBe(200);
    const reply = new FormData();
    reply.set('message', 'Monday!');
    reply.set('order', order.id);
    reply.set('project', project.id);
    expect((await request(CHAT_PATHS.projectSet, { body: reply, token: admin.access })).status).toBe(200);

    const mine = await request<Messages>(CHAT_PATHS.projectGet, { body: room, token: client.access });
    expect(mine.body.messages.map((m) => [m.self, m.from, m.message])).toEqual([
      [true, 'Me', 'When do we start?'],
      [false, 'admin', 'Monday!'],
    ]);
  });

  it("answers 404 for another client's project chat, a wrong order, and unassigned staff", async () => {
    const { room } = await clientWithProject();
    const other = await clientWithProject();
    const staff = await createAccount(server, 'staff');
    expect((await request(CHAT_PATHS.projectGet, { body: room, token: other.client.access })).status).toBe(
      404,
    );
    const crossed = { order_: other.order.id, project: room.project };
    expect((await request(CHAT_PATHS.projectGet, { body: crossed, token: admin.access })).status).toBe(404);
    expect((await request(CHAT_PATHS.projectGet, { body: room, token: staff.access })).status).toBe(404);
    const post = await request(CHAT_PATHS.projectSet, {
      body: { message: 'hi', order: room.order_, project: room.project },
      token: other.client.access,
    });
    expect(post.status).toBe(404);
    expect((await request(CHAT_PATHS.projectGet, { body: room })).status).toBe(401);

    const assign = await request('/api/v1/admin/projects/action/assign/employees', {
      body: { empIds: [staff.id], projectID: room.project },
      token: admin.access,
    });
    expect(assign.status).toBe(200);
    expect((await request(CHAT_PATHS.projectGet, { body: room, token: staff.access })).status).toBe(200);
  });

  it('validates: empty, too long, unknown fields, wrong media types', async () => {
    const { client, room } = await clientWithProject();
    const send = (body: unknown) => request(CHAT_PATHS.projectSet, { body, token: client.access });
    const base = { order: room.order_, project: room.project };
    expect((await send({ ...base, message: '' })).status).toBe(400);
    expect((await send({ ...base, message: 'x'.repeat(5001) })).status).toBe(400);
    expect((await send({ ...base, message: 'x', extra: true })).status).toBe(400);
    expect(
      (await request(CHAT_PATHS.projectGet, { body: { order_: 'x' }, token: client.access })).status,
    ).toBe(400);
    const wrong = await send(mediaForm(base, Buffer.from('plain text, not media'), 'notes.png', 'image/png'));
    expect(wrong.status).toBe(415);
  });

  it('serves media only to room members and tells the away client once, in one mail', async () => {
    const { client, room } = await clientWithProject();
    const stranger = await createAccount(server, 'client');
    server.clock.advance(10 * 60_000);
    const upload = await request<{ sent: { media: string } }>(CHAT_PATHS.projectSet, {
      body: mediaForm(
        { order: room.order_, project: room.project, message: 'Mock-up' },
        PNG,
        'mock.png',
        'image/png',
      ),
      token: admin.access,
    });
    expect(upload.status).toBe(200);
    const path = upload.body.sent.media;
    expect((await request(path, { token: client.access })).status).toBe(200);
    expect((await request(path, { token: stranger.access })).status).toBe(404);
    await request(CHAT_PATHS.projectSet, {
      body: { order: room.order_, project: room.project, message: 'Second' },
      token: admin.access,
    });
    // Two messages while away: one notification in the bell (count 2) and one mail (decision 034).
    await sendWaitingDigests(server, admin.access);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, client.email), ilike(mailOutbox.subject, '%new message%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/chatroom?order=${room.order_}&project=${room.project}`);
  });

  it('pushes a message to the other member over the socket', async () => {
    const { client, room } = await clientWithProject();
    const socket = await openSocket(server.baseUrl);
    socket.send({ type: 'auth', access: client.access });
    await socket.next('ready');
    socket.send({ type: 'join', target: { kind: 'project', order: room.order_, project: room.project } });
    await socket.next('joined');
    const started = Date.now();
    await request(CHAT_PATHS.projectSet, {
      body: { order: room.order_, project: room.project, message: 'Live from the team' },
      token: admin.access,
    });
    const pushed = await socket.next('project-message', 200 + (Date.now() - started));
    expect(pushed.message).toMatchObject({ self: false, message: 'Live from the team' });

    const intruder = await clientWithProject();
    socket.send({
      type: 'join',
      target: { kind: 'project', order: intruder.room.order_, project: intruder.room.project },
    });
    expect((await socket.next('error')).message).toBe('Project not found');
    socket.close();
  });
});
