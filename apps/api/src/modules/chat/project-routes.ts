import {
  CHAT_PATHS,
  ZDiscussionsQuery,
  ZDiscussionsResponse,
  ZProjectMessagesResponse,
  ZProjectRoomRequest,
  ZProjectSendFields,
  ZProjectSendResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { StoredFileRow } from '../../db/schema/index.js';
import { assertAccountAccess, currentUser } from '../../platform/auth/guard.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { mediaField, PROJECT_CHAT_MEDIA_PURPOSE } from './media-rules.js';
import { noticeNewMessage } from './message-notices.js';
import { parseWith, singleFields } from './parse.js';
import type { ProjectChats } from './project-chat-service.js';

const tags = ['project chat'];
const ROOM_NOT_FOUND = 'Project chat not found';
/** What the discussions lists read: their change versions make the ETag. */
const DISCUSSION_TABLES = ['project_orders', 'projects', 'project_employees', 'users'];

/**
 * docs/product-contract.md §Calls (Projects and chat), project chat: the client who ordered, assigned
 * staff and admins share one room per project.
 */
export const projectChatRoutes =
  (deps: AppDeps, chats: ProjectChats): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = deps.guards.requireUser;

    app.get(
      CHAT_PATHS.discussions,
      {
        schema: {
          tags,
          summary: 'Discussions: one per order you may see, with its projects (chat rooms, type 2)',
          description:
            "An admin's list (every order) comes in keyset pages with search; 304 with no body when If-None-Match carries the current ETag.",
          security: [{ accessToken: [] }],
          querystring: ZDiscussionsQuery,
          response: { 200: ZDiscussionsResponse, 304: zNotModified },
        },
        preHandler: guard,
      },
      async (request, reply) => {
        const user = currentUser(request);
        assertAccountAccess(user, 'projects', 'read');
        // Every admin sees the same list; a client's or staff member's list is their own.
        const list = user.role === 'admin' ? 'discussions' : `discussions:${user.id}`;
        if (await listNotModified(deps.database.db, request, reply, list, DISCUSSION_TABLES)) return reply;
        return { status: 'ok' as const, ...(await chats.discussions(user, request.query)) };
      },
    );

    app.post(
      CHAT_PATHS.projectGet,
      {
        schema: {
          tags,
          summary: 'Messages of a project chat room ({order_, project})',
          security: [{ accessToken: [] }],
          body: ZProjectRoomRequest,
          response: { 200: ZProjectMessagesResponse },
        },
        preHandler: guard,
      },
      async (request) => {
        const user = currentUser(request);
        assertAccountAccess(user, 'projects', 'read');
        const room = await chats.room(user, request.body.order_, request.body.project);
        if (!room) throw notFound(ROOM_NOT_FOUND);
        const messages = await chats.messages(room, user.id);
        await chats.markSeen(room.projectId, user.id);
        return {
          status: 'ok' as const,
          messages,
          last_seen: await chats.lastSeenByOthers(room.projectId, user.id),
        };
      },
    );

    app.post(
      CHAT_PATHS.projectSet,
      {
        schema: {
          tags,
          summary:
            'Send to a project chat: multipart {message, order, project} and/or media (JSON also works)',
          description: 'Media: images, MP4 or PDF up to 40 MB; text up to 5,000 characters.',
          security: [{ accessToken: [] }],
          response: { 200: ZProjectSendResponse },
        },
        preHandler: guard,
      },
      async (request) => {
        const user = currentUser(request);
        // Writing in a room speaks for the account: a role that only reads projects (viewer, billing)
        // reads the chat and does not post, refused before an upload is stored.
        assertAccountAccess(user, 'projects', 'write');
        let fields: unknown = request.body;
        let file: StoredFileRow | null = null;
        if (request.isMultipart()) {
          const parsed = await readMultipart(request, deps.storage, {
            files: mediaField(PROJECT_CHAT_MEDIA_PURPOSE),
            ownerId: user.id,
          });
          fields = singleFields(parsed.fields);
          file = parsed.files.media?.[0] ?? null;
        }
        try {
          const body = parseWith(ZProjectSendFields, fields);
          const text = body.message ?? '';
          if (!text && !file) throw badRequest('Write a message or attach a file', 'message');
          const room = await chats.room(user, body.order, body.project);
          if (!room) throw notFound(ROOM_NOT_FOUND);
          const sent = await chats.send(room, user, text, file);
          await noticeNewMessage(deps, room, user, { text, file: file !== null });
          return { status: 'ok' as const, sent };
        } catch (error) {
          if (file) await deps.storage.remove(file);
          throw error;
        }
      },
    );
  };
