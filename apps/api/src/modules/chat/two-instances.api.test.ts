import { CHAT_PATHS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail } from '../../test/fixtures.js';
import { httpClient } from '../../test/http.js';
import { onPostgres, twoInstances } from '../../test/two-instances.js';
import { openSocket, startVisitor } from './chat-test-support.js';

const startTwoInstances = twoInstances();

describe('two API instances on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)(
    'a message posted through instance A reaches a socket on instance B (skipped without TEST_DATABASE_URL: needs PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const [a, b] = await startTwoInstances();
      expect(a.database.kind).toBe('postgres');

      const visitor = await startVisitor(b, uniqueEmail('multi'));
      await visitor.say('hello from B');
      const admin = await createAccount(a, 'admin');
      const chats = await httpClient(a.baseUrl)<{ chats: Array<{ id: string; user_email: string }> }>(
        CHAT_PATHS.csChatGet,
        { body: {}, token: admin.access },
      );
      const chatId = chats.body.chats.find((chat) => chat.user_email === visitor.email)?.id;
      expect(chatId).toBeDefined();

      const socket = await openSocket(b.baseUrl);
      socket.send({ type: 'auth', chat_session: visitor.token });
      await socket.next('ready');
      socket.send({ type: 'join', target: { kind: 'cs' } });
      await socket.next('joined');

      // Each test server has its own manual clock; A's must not lag B's, or the reply would
      // predate the visitor's session and (correctly) stay hidden from it.
      a.clock.set(new Date(b.clock.now().getTime() + 1000));
      const started = Date.now();
      const sent = await httpClient(a.baseUrl)(CHAT_PATHS.csMessageSend, {
        body: { chat_id: chatId, message: 'reply through A' },
        token: admin.access,
      });
      expect(sent.status).toBe(200);
      const pushed = await socket.next('cs-message', 200 + (Date.now() - started));
      expect(pushed.message).toMatchObject({ from: 'Customer Service', message: 'reply through A' });
      socket.close();
    },
  );
});
