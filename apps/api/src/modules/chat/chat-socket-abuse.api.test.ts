import { CHAT_PATHS } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csChats } from '../../db/schema/index.js';
import { createAccount, type TestAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { openSocket, startVisitor, type TestSocket } from './chat-test-support.js';
import { DEFAULT_CHAT_SOCKET_LIMITS } from './limits.js';

// The shipped limits, except a short read-receipt window so the test need not wait a second, and
// few joins per socket so that cap is reached within the socket's frame budget.
const limits = { ...DEFAULT_CHAT_SOCKET_LIMITS, readWriteEveryMs: 100, joinsPerSocket: 3 };
const POLICY = 1008;

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  // TRUST_PROXY: each test comes from its own X-Forwarded-For address, so per-IP limits stay apart.
  server = await startTestServer({ env: { TRUST_PROXY: 'true' }, chatSocketLimits: limits });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

/** A visitor socket that has authenticated and joined its chat. */
async function visitorSocket(token: string, ip: string): Promise<TestSocket & { room: string }> {
  const socket = await openSocket(server.baseUrl, { ip });
  socket.send({ type: 'auth', chat_session: token });
  await socket.next('ready');
  socket.send({ type: 'join', target: { kind: 'cs' } });
  const { room } = await socket.next('joined');
  return Object.assign(socket, { room });
}

const chatRow = async (email: string) => {
  const [row] = await server.database.db.select().from(csChats).where(eq(csChats.email, email));
  if (!row) throw new Error('no chat row');
  return row;
};

describe('chat socket abuse limits', () => {
  it('closes flooding sockets with 1008, writes nothing for their frames, and /healthz keeps answering', async () => {
    // The audit's attack, scaled down: anonymous visitors, 20 sockets (4 sessions x 5 tabs, the
    // per-session cap) from one address, each sending 200 ping/read frames as fast as it can.
    const ip = '203.0.113.10';
    const visitors = await Promise.all([1, 2, 3, 4].map(() => startVisitor(server, uniqueEmail('flood'))));
    const sockets = (
      await Promise.all(
        visitors.map((visitor) => Promise.all([1, 2, 3, 4, 5].map(() => visitorSocket(visitor.token, ip)))),
      )
    ).flat();
    expect(sockets).toHaveLength(20);
    const rows = () => Promise.all(visitors.map((visitor) => chatRow(visitor.email)));
    // A join stamps the visitor's presence once, written just after 'joined' is sent: the snapshot
    // the flood must not change is taken once those writes have landed (under load, one had not).
    await expect
      .poll(async () => (await rows()).every((row) => row.visitorActiveAt !== null), { timeout: 10_000 })
      .toBe(true);
    const before = await rows();
    // Any ping or read that reached the database now would stamp a later time on the chat row.
    server.clock.advance(10_000);

    const healthz = async () => {
      const started = performance.now();
      const reply = await fetch(`${server.baseUrl}/healthz`);
      await reply.text();
      expect(reply.status).toBe(200);
      return performance.now() - started;
    };
    await healthz(); // the probe's own connection set-up is not the server's latency
    const latencies: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding || latencies.length < 50) latencies.push(await healthz());
    })();
    for (const socket of sockets) {
      for (let i = 0; i < 200; i += 1) {
        socket.send(i % 2 ? { type: 'read', room: socket.room } : { type: 'ping' });
      }
      // This process also runs the attackers: let the probe run between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const closes = await Promise.all(sockets.map((socket) => socket.closed));
    flooding = false;
    await probe;

    expect(closes.map((close) => close.code)).toEqual(sockets.map(() => POLICY));
    expect(closes.map((close) => close.reason)).toContain('Too many frames on this connection');
    for (const close of closes)
      expect(close.reason).toMatch(/^Too many frames (on this connection|from your address)$/);
    const stamps = (list: Array<{ visitorActiveAt: Date | null; visitorSeenAt: Date | null }>) =>
      list.map((row) => [row.visitorActiveAt, row.visitorSeenAt]);
    expect(stamps(await rows())).toEqual(stamps(before));
    // Liveness only: the attackers, the server and the probe share one process here, so a latency bound
    // would measure the machine's load (a 500 ms bound failed at load 20). How fast /healthz stays
    // under a flood, against a bare ws server, is `npm run bench:chat-flood`'s job.
    expect(latencies.length).toBeGreaterThanOrEqual(50);

    // The address's budget refills; a well-behaved socket from it works again afterwards.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await visitorSocket(visitors[0]?.token ?? '', ip);
    again.send({ type: 'ping' });
    await again.next('pong');
    again.close();
  });

  it('caps open sockets per address, per visitor session and per user', async () => {
    const ip = '203.0.113.20';
    const held: TestSocket[] = [];
    for (let i = 0; i < limits.connectionsPerIp; i += 1) held.push(await openSocket(server.baseUrl, { ip }));
    // Over the cap, the upgrade itself is refused: one small HTTP reply, no handshake.
    await expect(openSocket(server.baseUrl, { ip })).rejects.toThrow('Unexpected server response: 429');
    held.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const replacement = await openSocket(server.baseUrl, { ip });
    replacement.send({ type: 'auth', chat_session: 'forged' });
    expect((await replacement.closed).code).toBe(4401);
    for (const socket of held) socket.close();

    const visitor = await startVisitor(server, uniqueEmail('tabs'));
    const tabs = [];
    for (let i = 0; i < limits.connectionsPerVisitorSession; i += 1) {
      tabs.push(await visitorSocket(visitor.token, '203.0.113.21'));
    }
    const sixth = await openSocket(server.baseUrl, { ip: '203.0.113.22' });
    sixth.send({ type: 'auth', chat_session: visitor.token });
    expect(await sixth.closed).toEqual({
      code: POLICY,
      reason: 'Too many chat connections for this chat session',
    });
    // Another session of the same email is its own budget.
    const other = await startVisitor(server, visitor.email);
    const otherTab = await visitorSocket(other.token, '203.0.113.21');
    tabs.push(otherTab);
    // Closing a tab frees its place.
    tabs.shift()?.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    tabs.push(await visitorSocket(visitor.token, '203.0.113.22'));
    for (const tab of tabs) tab.close();

    const user = await createAccount(server, 'client');
    const userSockets: TestSocket[] = [];
    for (let i = 0; i < limits.connectionsPerUser; i += 1) {
      const socket = await openSocket(server.baseUrl, { ip: '203.0.113.23' });
      socket.send({ type: 'auth', access: user.access });
      await socket.next('ready');
      userSockets.push(socket);
    }
    const over = await openSocket(server.baseUrl, { ip: '203.0.113.24' });
    over.send({ type: 'auth', access: user.access });
    expect(await over.closed).toEqual({ code: POLICY, reason: 'Too many chat connections for this account' });
    for (const socket of userSockets) socket.close();
  });

  it('writes a read receipt only when a new message arrived, and answers pings from memory', async () => {
    const visitor = await startVisitor(server, uniqueEmail('reader'));
    await visitor.say('Hello?');
    const chatId = (await chatRow(visitor.email)).id;
    const socket = await visitorSocket(visitor.token, '203.0.113.30');
    const staff = await openSocket(server.baseUrl, { ip: '203.0.113.31' });
    staff.send({ type: 'auth', access: admin.access });
    await staff.next('ready');
    staff.send({ type: 'join', target: { kind: 'cs', chat_id: chatId } });
    await staff.next('joined');

    const reply = () =>
      request(CHAT_PATHS.csMessageSend, { body: { chat_id: chatId, message: 'Yes' }, token: admin.access });
    await reply();
    await socket.next('cs-message');
    server.clock.advance(1000);
    socket.send({ type: 'read', room: socket.room });
    const receipt = await staff.next('read');
    const seen = await chatRow(visitor.email);
    expect(seen.visitorSeenAt?.toISOString()).toBe(receipt.last_seen);

    // Nothing new: sixteen reads and pings change nothing in the database and publish nothing.
    server.clock.advance(5000);
    for (let i = 0; i < 8; i += 1) {
      socket.send({ type: 'read', room: socket.room });
      socket.send({ type: 'ping' });
    }
    for (let i = 0; i < 8; i += 1) await socket.next('pong');
    await new Promise((resolve) => setTimeout(resolve, limits.readWriteEveryMs * 3));
    const unchanged = await chatRow(visitor.email);
    expect(unchanged.visitorSeenAt).toEqual(seen.visitorSeenAt);
    expect(unchanged.visitorActiveAt).toEqual(seen.visitorActiveAt);
    await expect(staff.next('read', 100)).rejects.toThrow(/no "read" frame/);

    // A new message makes the next read count again.
    await reply();
    await socket.next('cs-message');
    socket.send({ type: 'read', room: socket.room });
    socket.send({ type: 'read', room: socket.room });
    expect((await staff.next('read')).last_seen).toBe(server.clock.now().toISOString());
    await expect(staff.next('read', 3 * limits.readWriteEveryMs)).rejects.toThrow(/no "read" frame/);

    // Presence is written by a ping once presenceWriteEveryMs has passed, not before.
    server.clock.advance(limits.presenceWriteEveryMs);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    await expect.poll(async () => (await chatRow(visitor.email)).visitorActiveAt).toEqual(server.clock.now());
    socket.close();
    staff.close();
  });

  it('lets a socket authenticate once and join a bounded number of rooms', async () => {
    const visitor = await startVisitor(server, uniqueEmail('joins'));
    const socket = await visitorSocket(visitor.token, '203.0.113.40');
    socket.send({ type: 'auth', chat_session: visitor.token });
    expect((await socket.next('error')).message).toBe('Already authenticated');
    for (let i = 1; i < limits.joinsPerSocket; i += 1) socket.send({ type: 'join', target: { kind: 'cs' } });
    for (let i = 1; i < limits.joinsPerSocket; i += 1) await socket.next('joined');
    socket.send({ type: 'join', target: { kind: 'cs' } });
    expect(await socket.closed).toEqual({ code: POLICY, reason: 'Too many rooms joined on this connection' });
  });
});
