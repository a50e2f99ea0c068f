import { CHAT_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { openSocket, startVisitor } from './chat-test-support.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

const chatIdOf = async (email: string) => {
  const list = await request<{ chats: Array<{ id: string; user_email: string }> }>(CHAT_PATHS.csChatGet, {
    body: {},
    token: admin.access,
  });
  return list.body.chats.find((chat) => chat.user_email === email)?.id ?? '';
};

describe('chat socket', () => {
  it('pushes a staff reply to the visitor socket within 200 ms, with typing and read state', async () => {
    const visitor = await startVisitor(server, uniqueEmail('live'));
    await visitor.say('Are you there?');
    const chatId = await chatIdOf(visitor.email);
    const visitorSocket = await openSocket(server.baseUrl);
    visitorSocket.send({ type: 'auth', chat_session: visitor.token });
    await visitorSocket.next('ready');
    visitorSocket.send({ type: 'join', target: { kind: 'cs' } });
    const joined = await visitorSocket.next('joined');
    const staffSocket = await openSocket(server.baseUrl);
    staffSocket.send({ type: 'auth', access: admin.access });
    await staffSocket.next('ready');
    staffSocket.send({ type: 'join', target: { kind: 'cs', chat_id: chatId } });
    expect((await staffSocket.next('joined')).room).toBe(joined.room);

    staffSocket.send({ type: 'typing', room: joined.room });
    expect((await visitorSocket.next('typing')).name).toBe('Customer Service');

    const started = Date.now();
    await request(CHAT_PATHS.csMessageSend, {
      body: { chat_id: chatId, message: 'Here!' },
      token: admin.access,
    });
    const pushed = await visitorSocket.next('cs-message', 200 + (Date.now() - started));
    expect(pushed.message).toMatchObject({ from: 'Customer Service', message: 'Here!' });

    visitorSocket.send({ type: 'read', room: joined.room });
    expect((await staffSocket.next('read')).last_seen).toMatch(/^\d{4}-/);
    visitorSocket.close();
    staffSocket.close();
  });

  it('refuses bad credentials, foreign rooms and junk frames', async () => {
    const socket = await openSocket(server.baseUrl);
    socket.send({ type: 'join', target: { kind: 'cs-inbox' } });
    expect((await socket.next('error')).message).toBe('Authenticate first');
    socket.ws.send('not json at all');
    expect((await socket.next('error')).message).toBe('Frames must be JSON');
    const client = await createAccount(server, 'client');
    socket.send({ type: 'auth', access: client.access });
    await socket.next('ready');
    socket.send({ type: 'join', target: { kind: 'cs-inbox' } });
    expect((await socket.next('error')).message).toMatch(/customer-service staff/);
    socket.send({ type: 'typing', room: 'cs-inbox' });
    expect((await socket.next('error')).message).toBe('Join the room first');
    socket.close();

    const forged = await openSocket(server.baseUrl);
    const closed = new Promise<number>((resolve) => forged.ws.once('close', (code) => resolve(code)));
    forged.send({ type: 'auth', chat_session: 'forged-token' });
    expect(await closed).toBe(4401);
  });
});
