import { CHAT_PATHS } from '@app/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { createAccount, type TestAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mediaForm, PNG, startVisitor } from './chat-test-support.js';
import { CHAT_RATE_MESSAGE } from './limits.js';

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

const lastMailTo = async (to: string) => {
  const [row] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row;
};

describe('visitor chat', () => {
  it('a visitor chats by email; the admin lists, reads and replies; the visitor sees the reply', async () => {
    const visitor = await startVisitor(server, uniqueEmail('visitor'));
    expect(visitor.init).toMatchObject({ verified: false, has_hidden_history: false });
    expect((await visitor.say('Hello, <b>is anyone there?</b>')).status).toBe(200);

    const chatId = await chatIdOf(visitor.email);
    expect(chatId).not.toBe('');
    const staffView = await request<{ messages: Array<Record<string, unknown>> }>(CHAT_PATHS.csMessagesGet, {
      body: { chat_id: chatId },
      token: admin.access,
    });
    expect(staffView.status).toBe(200);
    expect(staffView.body.messages).toEqual([
      expect.objectContaining({
        from: visitor.email,
        sender: 'visitor',
        message: 'Hello, <b>is anyone there?</b>',
      }),
    ]);

    const reply = await request(CHAT_PATHS.csMessageSend, {
      body: { chat_id: chatId, message: 'Yes, how can we help?' },
      token: admin.access,
    });
    expect(reply.status).toBe(200);
    const mine = await visitor.get();
    expect(mine.body.messages.map((m) => [m.from, m.message])).toEqual([
      ['Me', 'Hello, <b>is anyone there?</b>'],
      ['Customer Service', 'Yes, how can we help?'],
    ]);
  });

  it('refuses visitor calls without the session token or with a token of another email', async () => {
    const alice = await startVisitor(server, uniqueEmail('alice'));
    const bob = await startVisitor(server, uniqueEmail('bob'));
    await alice.say('Alice secret');
    const noToken = await request(CHAT_PATHS.csMessagesGet, { body: { email: alice.email } });
    expect(noToken.status).toBe(401);
    const wrongToken = await request(CHAT_PATHS.csMessagesGet, {
      body: { email: alice.email },
      headers: bob.headers,
    });
    expect(wrongToken.status).toBe(401);
    const forged = await request(CHAT_PATHS.csMessageSend, {
      body: { email: alice.email, message: 'spoof' },
      headers: bob.headers,
    });
    expect(forged.status).toBe(400);
  });

  it('a new session of the same email sees earlier history only after the mailed 6-digit code', async () => {
    const email = uniqueEmail('history');
    const first = await startVisitor(server, email);
    await first.say('My order number is 4711');
    const second = await startVisitor(server, email);
    expect(second.init.has_hidden_history).toBe(true);
    await second.say('Hi from my phone');
    const before = await second.get();
    expect(before.body.messages.map((m) => m.message)).toEqual(['Hi from my phone']);
    expect(before.body.has_hidden_history).toBe(true);

    const wrong = await request(CHAT_PATHS.csVerify, {
      body: { email, code: '000000' },
      headers: second.headers,
    });
    expect(wrong.status).toBe(400);
    expect(
      (await request(CHAT_PATHS.csVerifyRequest, { body: { email }, headers: second.headers })).status,
    ).toBe(200);
    const mail = await lastMailTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The code belongs to the session that asked for it.
    expect(
      (await request(CHAT_PATHS.csVerify, { body: { email, code }, headers: first.headers })).status,
    ).toBe(400);
    const ok = await request(CHAT_PATHS.csVerify, { body: { email, code }, headers: second.headers });
    expect(ok.status).toBe(200);
    const after = await second.get();
    expect(after.body.messages.map((m) => m.message)).toEqual([
      'My order number is 4711',
      'Hi from my phone',
    ]);
    expect(after.body.has_hidden_history).toBe(false);
  });

  it('validates input: empty, too long, unknown fields and bad emails get 400, never 500', async () => {
    const visitor = await startVisitor(server, uniqueEmail('valid'));
    const send = (body: unknown) => request(CHAT_PATHS.csMessageSend, { body, headers: visitor.headers });
    expect((await send({ email: visitor.email, message: '   ' })).status).toBe(400);
    const long = await send({ email: visitor.email, message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/5000 characters/);
    expect((await send({ email: visitor.email, message: 'x'.repeat(5000) })).status).toBe(200);
    expect((await send({ email: visitor.email, message: 'hi', extra: 1 })).status).toBe(400);
    expect((await request(CHAT_PATHS.csInit, { body: { email: 'not-an-email' } })).status).toBe(400);
    expect((await request(CHAT_PATHS.csInit, { body: '{bad json' })).status).toBe(400);
    const badChat = await request(CHAT_PATHS.csMessagesGet, {
      body: { chat_id: 'nope' },
      token: admin.access,
    });
    expect(badChat.status).toBe(400);
  });

  it('answers 429 with a readable message when a visitor email calls init too often', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    let last: { status: number; body: Record<string, unknown> } | null = null;
    for (let i = 0; i < 11; i += 1) {
      last = await request(CHAT_PATHS.csInit, { body: { email } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(last?.body.message).toBe(CHAT_RATE_MESSAGE);
  });
});

describe('customer-service staff', () => {
  it('only admins and staff marked as customer service read the inbox', async () => {
    const client = await createAccount(server, 'client');
    const staff = await createAccount(server, 'staff');
    expect((await request(CHAT_PATHS.csChatGet, { body: {} })).status).toBe(401);
    expect((await request(CHAT_PATHS.csChatGet, { body: {}, token: client.access })).status).toBe(403);
    expect((await request(CHAT_PATHS.csChatGet, { body: {}, token: staff.access })).status).toBe(403);
    const agents = await request<{ agents: Array<{ id: string; customer_service: boolean }> }>(
      CHAT_PATHS.csAgents,
      {
        token: admin.access,
      },
    );
    expect(agents.body.agents.find((a) => a.id === staff.id)?.customer_service).toBe(false);
    expect((await request(CHAT_PATHS.csAgents, { token: staff.access })).status).toBe(403);
    const mark = await request(CHAT_PATHS.csAgentSet, {
      body: { user_id: staff.id, customer_service: true },
      token: admin.access,
    });
    expect(mark.status).toBe(200);
    expect((await request(CHAT_PATHS.csChatGet, { body: {}, token: staff.access })).status).toBe(200);
    const visitor = await startVisitor(server, uniqueEmail('asks-staff'));
    await visitor.say('Anyone?');
    const chatId = await chatIdOf(visitor.email);
    const answer = await request(CHAT_PATHS.csMessageSend, {
      body: { chat_id: chatId, message: 'Staff here' },
      token: staff.access,
    });
    expect(answer.status).toBe(200);
    expect((await visitor.get()).body.messages.at(-1)).toMatchObject({
      from: 'Customer Service',
      message: 'Staff here',
    });
    const clientAsAgent = await request(CHAT_PATHS.csAgentSet, {
      body: { user_id: client.id, customer_service: true },
      token: admin.access,
    });
    expect(clientAsAgent.status).toBe(404);
  });

  it('emails a visitor with no open connection about a reply, once, with a link back', async () => {
    const visitor = await startVisitor(server, uniqueEmail('away'));
    await visitor.say('Please call me back');
    const chatId = await chatIdOf(visitor.email);
    server.clock.advance(5 * 60_000);
    const reply = () =>
      request(CHAT_PATHS.csMessageSend, {
        body: { chat_id: chatId, message: 'We tried' },
        token: admin.access,
      });
    await reply();
    await reply();
    const rows = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, visitor.email), like(mailOutbox.subject, '%replied%')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toContain('/contact-us');
  });
});

describe('chat media', () => {
  it('stores an image, serves it only to the conversation, and refuses wrong types and oversize', async () => {
    const visitor = await startVisitor(server, uniqueEmail('media'));
    const stranger = await startVisitor(server, uniqueEmail('stranger'));
    const upload = await request<{ sent: { media: string; media_type: string } }>(CHAT_PATHS.csMessageSend, {
      body: mediaForm({ email: visitor.email }, PNG, 'photo.png', 'image/png'),
      headers: visitor.headers,
    });
    expect(upload.status).toBe(200);
    expect(upload.body.sent.media_type).toBe('image/png');
    const path = upload.body.sent.media;
    const get = (headers: Record<string, string>) => fetch(`${server.baseUrl}${path}`, { headers });
    const mine = await get(visitor.headers);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get(stranger.headers)).status).toBe(404);
    expect((await get({})).status).toBe(404);
    expect((await get({ authorization: `Bearer ${admin.access}` })).status).toBe(200);
    const client = await createAccount(server, 'client');
    expect((await get({ authorization: `Bearer ${client.access}` })).status).toBe(404);

    const script = await request(CHAT_PATHS.csMessageSend, {
      body: mediaForm({ email: visitor.email }, Buffer.from('#!/bin/sh\necho hi\n'), 'x.png', 'image/png'),
      headers: visitor.headers,
    });
    expect(script.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(40 * 1024 * 1024)]);
    const oversized = await request(CHAT_PATHS.csMessageSend, {
      body: mediaForm({ email: visitor.email }, big, 'big.png', 'image/png'),
      headers: visitor.headers,
    });
    expect(oversized.status).toBe(413);
    const anonymous = await request(CHAT_PATHS.csMessageSend, {
      body: mediaForm({ email: visitor.email }, PNG, 'photo.png', 'image/png'),
    });
    expect(anonymous.status).toBe(401);
  });
});
