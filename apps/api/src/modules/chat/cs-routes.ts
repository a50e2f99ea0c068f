import {
  CHAT_PATHS,
  ZCsChatGetRequest,
  ZCsChatGetResponse,
  ZCsInitRequest,
  ZCsInitResponse,
  ZCsMessagesGetRequest,
  ZCsMessagesGetResponse,
  ZCsSendFields,
  ZCsSendRequest,
  ZCsSendResponse,
  ZCsVerifyRequest,
  ZCsVerifyRequestRequest,
  ZOkResponse,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CsChatRow, StoredFileRow } from '../../db/schema/index.js';
import { currentUser } from '../../platform/auth/guard.js';
import { badRequest, unauthorized } from '../../platform/http/errors.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import { readMultipart } from '../../platform/http/multipart.js';
import type { ChatServices } from './chat-services.js';
import type { CsViewer } from './cs-view.js';
import { consumeAll } from './limits.js';
import { CS_MEDIA_PURPOSE, mediaField } from './media-rules.js';
import { notifyOfflineVisitor } from './offline-mail.js';
import { parseWith, requireSessionToken, SESSION_EXPIRED, sessionToken, singleFields } from './parse.js';

const tags = ['customer service'];
/**
 * What the inbox reads: its chats and their messages (last message, unread count). A visitor's poll
 * or heartbeat changes nothing the inbox shows, so the cs_chats trigger does not count it.
 */
const INBOX_TABLES = ['cs_chats', 'cs_messages'];
const visitorNote = `Visitors send the chat session token from init in the \`x-chat-session\` header.`;
/** Either credential: a visitor's chat session header, or a staff member's access token. */
const visitorOrStaff: Array<Record<string, string[]>> = [{ chatSession: [] }, { accessToken: [] }];

/**
 * docs/product-contract.md §Calls (Projects and chat), the customer-service calls: visitors by email +
 * session token, staff by chat_id + bearer.
 */
export const customerServiceRoutes =
  (deps: AppDeps, services: ChatServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { visitors, cs, limiters } = services;

    const staffUser = async (request: FastifyRequest, reply: FastifyReply) => {
      await deps.guards.requireUser.call(app, request, reply);
      const user = currentUser(request);
      await cs.requireServer(user);
      return user;
    };

    const sendLimits = (request: FastifyRequest, email: string) =>
      consumeAll([
        [limiters.sendPerIp, request.ip],
        [limiters.sendPerEmail, email],
      ]);

    app.post(
      CHAT_PATHS.csInit,
      {
        schema: {
          tags,
          summary: 'Start (or resume) a visitor chat session for an email',
          description: 'Returns a session token; resend it in `x-chat-session` to keep the same session.',
          body: ZCsInitRequest,
          response: { 200: ZCsInitResponse },
        },
      },
      async (request) => {
        const { email } = request.body;
        await consumeAll([
          [limiters.initPerIp, request.ip],
          [limiters.initPerEmail, email],
        ]);
        const context = await visitors.init(email, sessionToken(request));
        return {
          status: 'ok' as const,
          email,
          token: context.token,
          verified: context.session.verified,
          has_hidden_history: await visitors.hasHiddenHistory(context),
        };
      },
    );

    app.post(
      CHAT_PATHS.csMessagesGet,
      {
        schema: {
          tags,
          summary: 'Messages of a chat: {email} for the visitor, {chat_id} for staff',
          description: visitorNote,
          security: visitorOrStaff,
          body: ZCsMessagesGetRequest,
          response: { 200: ZCsMessagesGetResponse },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if ('chat_id' in body) {
          const user = await staffUser(request, reply);
          const chat = await cs.chatById(body.chat_id);
          const messages = await cs.messages(chat, { kind: 'staff', userId: user.id });
          await cs.markSeen(chat, 'staff');
          const lastSeen = chat.visitorSeenAt?.toISOString() ?? null;
          return { status: 'ok' as const, messages, has_hidden_history: false, last_seen: lastSeen };
        }
        const context = await visitors.authenticate(body.email, requireSessionToken(request));
        const { chat, session } = context;
        const viewer: CsViewer = { kind: 'visitor', sessionId: session.id, verified: session.verified };
        const messages = await cs.messages(chat, viewer, session);
        await cs.markSeen(chat, 'visitor');
        return {
          status: 'ok' as const,
          messages,
          has_hidden_history: await visitors.hasHiddenHistory(context),
          last_seen: chat.staffSeenAt?.toISOString() ?? null,
        };
      },
    );

    app.post(
      CHAT_PATHS.csMessageSend,
      {
        schema: {
          tags,
          summary: 'Send text ({message, email|chat_id}) or media (multipart {email|chat_id, media})',
          description: `${visitorNote} Media: images, MP4 or PDF up to 40 MB; text up to 5,000 characters.`,
          security: visitorOrStaff,
          response: { 200: ZCsSendResponse },
        },
      },
      async (request, reply) => {
        const token = sessionToken(request);
        // Visitors are checked before any upload is read, so strangers cannot park files here.
        const visitor = token ? await visitors.byToken(token) : null;
        if (token && !visitor) throw unauthorized(SESSION_EXPIRED);
        const user = visitor ? null : await staffUser(request, reply);
        if (visitor) await sendLimits(request, visitor.chat.email);

        let fields: unknown = request.body;
        let file: StoredFileRow | null = null;
        if (request.isMultipart()) {
          const parsed = await readMultipart(request, deps.storage, {
            files: mediaField(CS_MEDIA_PURPOSE),
            ownerId: user?.id ?? null,
          });
          fields = singleFields(parsed.fields);
          file = parsed.files.media?.[0] ?? null;
        }
        try {
          const body = file ? parseWith(ZCsSendFields, fields) : parseWith(ZCsSendRequest, fields);
          if (request.isMultipart() && !file) throw badRequest('Choose a file to send', 'media');
          let chat: CsChatRow;
          let viewer: CsViewer;
          if (visitor) {
            if (!('email' in body) || body.email !== visitor.chat.email) {
              throw badRequest('This chat session belongs to another email', 'email');
            }
            chat = visitor.chat;
            const { session } = visitor;
            viewer = { kind: 'visitor', sessionId: session.id, verified: session.verified };
          } else {
            if (!('chat_id' in body)) throw badRequest('Choose a chat', 'chat_id');
            chat = await cs.chatById(body.chat_id);
            viewer = { kind: 'staff', userId: user?.id ?? '' };
          }
          const sent = await cs.send({ chat, viewer, text: body.message ?? '', file });
          if (viewer.kind === 'staff') await notifyOfflineVisitor(services.offlineMail, chat);
          return { status: 'ok' as const, sent };
        } catch (error) {
          if (file) await deps.storage.remove(file);
          throw error;
        }
      },
    );

    app.post(
      CHAT_PATHS.csChatGet,
      {
        schema: {
          tags,
          summary:
            'Customer-service chats, most recent first, in keyset pages (admins and customer-service staff)',
          description:
            'No body: the first page (50 most recent chats) and nextCursor. Answers 304 with no body when If-None-Match carries the current ETag.',
          security: [{ accessToken: [] }],
          body: ZCsChatGetRequest.nullish(),
          response: { 200: ZCsChatGetResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        await staffUser(request, reply);
        const query = ZCsChatGetRequest.parse(request.body ?? {});
        // The same inbox for every admin and customer-service staff member.
        if (await listNotModified(deps.database.db, request, reply, 'cs-inbox', INBOX_TABLES)) {
          return reply;
        }
        return { status: 'ok' as const, ...(await cs.list(query)) };
      },
    );

    app.post(
      CHAT_PATHS.csVerifyRequest,
      {
        schema: {
          tags,
          summary: 'Email a 6-digit code that unlocks earlier chat history',
          description: visitorNote,
          body: ZCsVerifyRequestRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const context = await visitors.authenticate(request.body.email, requireSessionToken(request));
        await consumeAll([[limiters.codePerEmail, context.chat.email]]);
        await visitors.sendCode(context);
        return { status: 'ok' as const, message: `We emailed a 6-digit code to ${context.chat.email}` };
      },
    );

    app.post(
      CHAT_PATHS.csVerify,
      {
        schema: {
          tags,
          summary: 'Prove the email with the mailed code; the session then sees the whole history',
          description: visitorNote,
          body: ZCsVerifyRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const context = await visitors.authenticate(request.body.email, requireSessionToken(request));
        await visitors.verify(context, request.body.code);
        return { status: 'ok' as const, message: 'Your earlier messages are now shown' };
      },
    );
  };
