import { randomUUID } from 'node:crypto';
import { CHAT_PATHS } from '@app/contract';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

// Staff appear only where every staff user may call; marking one as customer service is tested
// in customer-service.api.test.ts.
const unknownChat = randomUUID();
describeRoleMatrix('chat', () => server, [
  { method: 'POST', path: CHAT_PATHS.csChatGet, body: {}, allowed: ['admin'] },
  { method: 'POST', path: CHAT_PATHS.csMessagesGet, body: { chat_id: unknownChat }, allowed: ['admin'] },
  {
    method: 'POST',
    path: CHAT_PATHS.csMessageSend,
    body: { chat_id: unknownChat, message: 'hi' },
    allowed: ['admin'],
  },
  { method: 'GET', path: CHAT_PATHS.csAgents, allowed: ['admin'] },
  {
    method: 'POST',
    path: CHAT_PATHS.csAgentSet,
    body: { user_id: randomUUID(), customer_service: true },
    allowed: ['admin'],
  },
  { method: 'GET', path: CHAT_PATHS.discussions, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: CHAT_PATHS.projectGet,
    body: { order_: randomUUID(), project: randomUUID() },
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'POST',
    path: CHAT_PATHS.projectSet,
    body: { order: randomUUID(), project: randomUUID(), message: 'hi' },
    allowed: ['client', 'staff', 'admin'],
  },
]);
