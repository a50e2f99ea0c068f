import { z } from 'zod';
import { zEmail } from './common.js';
import { ZNotificationPush } from './notifications.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';

/**
 * docs/product-contract.md §Calls (Projects and chat), plus the routes this product adds for visitor identity
 * and media.
 */
export const CHAT_PATHS = {
  discussions: '/api/v1/user/projects/chat/get_discussions',
  projectGet: '/api/v1/chat/get/project/active',
  projectSet: '/api/v1/chat/set/project/active',
  csInit: '/api/v1/customer-service/init',
  csMessagesGet: '/api/v1/customer-service/messages/get',
  csMessageSend: '/api/v1/customer-service/message/send',
  csChatGet: '/api/v1/customer-service/chat/get',
  csVerifyRequest: '/api/v1/customer-service/verify/request',
  csVerify: '/api/v1/customer-service/verify',
  csMedia: '/api/v1/customer-service/media/:id',
  csAgents: '/api/v1/customer-service/agents',
  csAgentSet: '/api/v1/customer-service/agents/set',
  socket: '/api/v1/chat/socket',
} as const;

/** Visitors prove their chat session with this header (the token `init` returned). */
export const CHAT_SESSION_HEADER = 'x-chat-session';

export const CHAT_LIMITS = {
  textMax: 5000,
  mediaMaxBytes: 40 * 1024 * 1024,
  mediaTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'application/pdf'],
  /** docs/product-contract.md §Polling: the intervals used when the socket is down. */
  visitorPollMs: 2000,
  projectPollMs: 2000,
  adminPollMs: 3000,
} as const;

export const zChatText = z
  .string()
  .trim()
  .min(1, 'Message is empty')
  .max(CHAT_LIMITS.textMax, `Message must be at most ${CHAT_LIMITS.textMax} characters`);

const zChatId = z.uuid('Choose a chat');
const zMessageId = z.number().int().positive();

/** A message as one side sees it: `from` is 'Me' for the reader's own side. */
const messageBase = {
  id: zMessageId,
  from: z.string(),
  message: z.string(),
  /** Download path of the attached media (needs the same credentials as the chat), or null. */
  media: z.string().nullable(),
  media_name: z.string().nullable(),
  media_type: z.string().nullable(),
};

// ---- Customer service (visitors by email, admins and customer-service staff by chat_id) ----

export const ZCsMessage = z.object({
  ...messageBase,
  sender: z.enum(['visitor', 'staff']),
  datetime: z.string(),
  /** The same instant under the admin-side field name (docs/product-contract.md §Entities). */
  date_time: z.string(),
});
export type CsMessage = z.infer<typeof ZCsMessage>;

export const ZCsInitRequest = z.strictObject({ email: zEmail });
export const ZCsInitResponse = z.object({
  status: z.literal('ok'),
  email: z.string(),
  token: z.string(),
  /** True once this session proved the email with the 6-digit code. */
  verified: z.boolean(),
  /** Earlier messages exist that this session may see only after verifying. */
  has_hidden_history: z.boolean(),
});
export type CsInitResponse = z.infer<typeof ZCsInitResponse>;

export const ZCsMessagesGetRequest = z.union([
  z.strictObject({ email: zEmail }),
  z.strictObject({ chat_id: zChatId }),
]);
export const ZCsMessagesGetResponse = z.object({
  status: z.literal('ok'),
  messages: z.array(ZCsMessage),
  has_hidden_history: z.boolean(),
  /** When the other side last read this chat (read state), or null. */
  last_seen: z.string().nullable(),
});
export type CsMessagesGetResponse = z.infer<typeof ZCsMessagesGetResponse>;

export const ZCsSendRequest = z.union([
  z.strictObject({ email: zEmail, message: zChatText }),
  z.strictObject({ chat_id: zChatId, message: zChatText }),
]);
/** Text fields of the multipart variant ({email|chat_id, media} and an optional caption). */
export const ZCsSendFields = z.union([
  z.strictObject({ email: zEmail, message: zChatText.optional() }),
  z.strictObject({ chat_id: zChatId, message: zChatText.optional() }),
]);
export const ZCsSendResponse = z.object({ status: z.literal('ok'), sent: ZCsMessage });

export const ZCsChat = z.object({
  id: z.string(),
  username: z.string(),
  user_email: z.string(),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
  /** Visitor messages the staff side has not read yet. */
  unread: z.number().int(),
});
export type CsChat = z.infer<typeof ZCsChat>;
/**
 * Extension (decision 026): chat/get is paged on the server. Every field is optional, so the contract's
 * body-less call still works and answers the first page (most recent first) with `nextCursor`;
 * `search` matches the visitor's email.
 */
export const ZCsChatGetRequest = z.strictObject({ search: zListSearch, ...zPageQuery });
export type CsChatGetRequest = z.input<typeof ZCsChatGetRequest>;
export const ZCsChatGetResponse = z.object({
  status: z.literal('ok'),
  chats: z.array(ZCsChat),
  /** Extension: the cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
});

export const ZCsVerifyRequestRequest = z.strictObject({ email: zEmail });
export const ZCsVerifyRequest = z.strictObject({
  email: zEmail,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

export const ZCsAgent = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  customer_service: z.boolean(),
});
export const ZCsAgentsResponse = z.object({ status: z.literal('ok'), agents: z.array(ZCsAgent) });
export const ZCsAgentSetRequest = z.strictObject({
  user_id: z.uuid('Choose a staff member'),
  customer_service: z.boolean(),
});

// ---- Project chat (clients, assigned staff and admins) ----

export const ZDiscussion = z.object({
  id: z.string(),
  name: z.string(),
  client: z.string(),
  projects: z.array(z.object({ id: z.string(), type: z.number().int(), name: z.string().optional() })),
});
export type Discussion = z.infer<typeof ZDiscussion>;
/**
 * Extension (decisions 026, 030): discussions come in keyset pages, newest order first. An admin's (every
 * order) `search` matches the order's name or the client's name or email; a client's (their own orders) and a
 * staff member's (the orders of their assigned projects) match the order's name. `order` asks for that one
 * order among those the caller may see (a mail's link to a room whose order is not on the page on screen).
 */
export const ZDiscussionsQuery = z.strictObject({
  search: zListSearch,
  order: z.uuid('Order is not a valid id').optional(),
  ...zPageQuery,
});
export type DiscussionsQuery = z.infer<typeof ZDiscussionsQuery>;
export const ZDiscussionsResponse = z.object({
  status: z.literal('ok'),
  discussions: z.array(ZDiscussion),
  /** Extension: the cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
});

export const ZProjectRoomRequest = z.strictObject({
  order_: z.string().trim().min(1).max(64),
  project: z.string().trim().min(1).max(64),
});
export const ZProjectMessage = z.object({
  ...messageBase,
  self: z.boolean(),
  date_time: z.string(),
});
export type ProjectMessage = z.infer<typeof ZProjectMessage>;
export const ZProjectMessagesResponse = z.object({
  status: z.literal('ok'),
  messages: z.array(ZProjectMessage),
  last_seen: z.string().nullable(),
});
/** Multipart text fields of set/project/active: {message, order, project} and optional media. */
export const ZProjectSendFields = z.strictObject({
  order: z.string().trim().min(1).max(64),
  project: z.string().trim().min(1).max(64),
  message: zChatText.optional(),
});
export const ZProjectSendResponse = z.object({ status: z.literal('ok'), sent: ZProjectMessage });

// ---- WebSocket protocol (CHAT_PATHS.socket) ----

export const ZSocketTarget = z.discriminatedUnion('kind', [
  /** A visitor's own chat (no id), or a chat by id for staff. */
  z.strictObject({ kind: z.literal('cs'), chat_id: zChatId.optional() }),
  /** Staff: every customer-service chat (the list updates live). */
  z.strictObject({ kind: z.literal('cs-inbox') }),
  z.strictObject({ kind: z.literal('project'), order: z.string().max(64), project: z.string().max(64) }),
  /** A signed-in person's own notifications (decision 034): `notification` frames follow. */
  z.strictObject({ kind: z.literal('notifications') }),
]);
export type SocketTarget = z.infer<typeof ZSocketTarget>;

export const ZSocketClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth'),
    access: z.string().max(4096).optional(),
    chat_session: z.string().max(200).optional(),
  }),
  z.strictObject({ type: z.literal('join'), target: ZSocketTarget }),
  z.strictObject({ type: z.literal('typing'), room: z.string().max(200) }),
  z.strictObject({ type: z.literal('read'), room: z.string().max(200) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type SocketClientMessage = z.infer<typeof ZSocketClientMessage>;

export const ZSocketServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('joined'), room: z.string(), target: ZSocketTarget }),
  z.object({ type: z.literal('cs-message'), room: z.string(), message: ZCsMessage }),
  z.object({ type: z.literal('project-message'), room: z.string(), message: ZProjectMessage }),
  z.object({ type: z.literal('inbox'), chat_id: z.string() }),
  z.object({ type: z.literal('typing'), room: z.string(), name: z.string() }),
  z.object({ type: z.literal('read'), room: z.string(), last_seen: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  // The notification centre's: a new one, and the count after a read on another page.
  ...ZNotificationPush.options,
]);
export type SocketServerMessage = z.infer<typeof ZSocketServerMessage>;

/**
 * Close codes of the chat socket. `policy` (RFC 6455 1008): over a frame budget or a connection
 * cap; clients wait long before reconnecting. `unauthenticated`: no or invalid credentials.
 */
export const SOCKET_CLOSE_CODES = { policy: 1008, unauthenticated: 4401 } as const;
