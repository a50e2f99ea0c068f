import { CHAT_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { placeOrder } from '../../test/project-fixtures.js';
import { openSocket, type TestSocket } from './chat-test-support.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  // One address and one admin account open every socket here: caps raised to fit 50 of them.
  server = await startTestServer({
    chatSocketLimits: { connectionsPerIp: 200, connectionsPerUser: 200, ipFrameBurst: 10_000 },
  });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

/** A project room with the client's socket and `staffSockets` admin sockets joined. */
async function roomWith(staffSockets: number) {
  const client = await createAccount(server, 'client');
  const order = await placeOrder(server, client, { name: `Fan-out ${staffSockets}` });
  const project = order.projects[0];
  if (!project) throw new Error('order has no project');
  const target = { kind: 'project', order: order.id, project: project.id };
  const join = async (access: string) => {
    const socket = await openSocket(server.baseUrl);
    socket.send({ type: 'auth', access });
    await socket.next('ready');
    socket.send({ type: 'join', target });
    await socket.next('joined', 5000);
    return socket;
  };
  const mine = await join(client.access);
  const others: TestSocket[] = [];
  for (let i = 0; i < staffSockets; i += 1) others.push(await join(admin.access));
  return { client, order, project, mine, others };
}

type Room = Awaited<ReturnType<typeof roomWith>>;

/** Statements the database saw from posting one message until every socket in the room had it. */
async function queriesForOneMessage(room: Room, text: string) {
  const before = server.queryCount();
  const sent = await request(CHAT_PATHS.projectSet, {
    body: { message: text, order: room.order.id, project: room.project.id },
    token: room.client.access,
  });
  expect(sent.status).toBe(200);
  const own = await room.mine.next('project-message', 5000);
  const theirs = await Promise.all(room.others.map((socket) => socket.next('project-message', 5000)));
  const used = server.queryCount() - before;
  expect(own.message).toMatchObject({ self: true, from: 'Me', message: text });
  for (const frame of theirs) expect(frame.message).toMatchObject({ self: false, message: text });
  return { used, theirs };
}

describe('project chat fan-out', () => {
  it('costs the same few database queries per message with 2 or 50 sockets in the room', async () => {
    const small = await roomWith(1);
    const large = await roomWith(49);
    // A first message each settles one-off work (presence writes of the joins).
    await queriesForOneMessage(small, 'warm-up');
    await queriesForOneMessage(large, 'warm-up');

    // Background work (a job poll, a debounced write) can land inside one message's window and only
    // ever adds to it: the fewest statements over three messages is the message's own cost.
    const fewest = async (room: Room, text: string) => {
      const counts: number[] = [];
      for (let i = 0; i < 3; i += 1) counts.push((await queriesForOneMessage(room, `${text} #${i}`)).used);
      return Math.min(...counts);
    };
    const withTwo = await fewest(small, 'Hello, two of us');
    const withFifty = await fewest(large, 'Hello, fifty of us');
    expect(withTwo).toBeGreaterThan(0);
    // The room and the sender's access in one read, the insert, the sender's presence, and who to
    // tell of it (decision 034: the other side, less whoever has the room open), plus, when someone is
    // away (other files' admins on a shared PostgreSQL database), their unread notification of the
    // room counted up in one statement. It was 7: the access check read the project and its order
    // apart from the room, the sender's own copy was read back after the insert, and this instance's
    // fan-out read back the message it had just stored.
    expect(withTwo).toBeLessThanOrEqual(5);
    expect(withFifty).toBe(withTwo);

    // What the sockets got without a read is what the room's history, read from the database, shows.
    const history = await request<{ messages: unknown[] }>(CHAT_PATHS.projectGet, {
      body: { order_: small.order.id, project: small.project.id },
      token: admin.access,
    });
    const { theirs } = await queriesForOneMessage(small, 'Read me back');
    const again = await request<{ messages: unknown[] }>(CHAT_PATHS.projectGet, {
      body: { order_: small.order.id, project: small.project.id },
      token: admin.access,
    });
    expect(again.body.messages).toHaveLength(history.body.messages.length + 1);
    expect(again.body.messages.at(-1)).toEqual(theirs[0]?.message);
    for (const socket of [small.mine, ...small.others, large.mine, ...large.others]) socket.close();
    // 52 sockets authenticate and join one after another: minutes, not seconds, on a loaded machine.
  }, 180_000);
});
