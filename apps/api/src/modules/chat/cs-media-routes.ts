import { CHAT_PATHS, ZCsAgentSetRequest, ZCsAgentsResponse, ZOkResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { StoredFileRow } from '../../db/schema/index.js';
import { currentUser } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import type { ChatServices } from './chat-services.js';
import { visibleToVisitor } from './cs-view.js';
import { CS_MEDIA_PURPOSE } from './media-rules.js';
import { sessionToken } from './parse.js';

/**
 * Customer-service media is served here rather than by GET /api/v1/files/:id because visitors hold a
 * chat session token, not an account (docs/decisions). Staff may use either path.
 */
export const customerServiceMediaRoutes =
  (deps: AppDeps, services: ChatServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { visitors, cs } = services;

    app.get(
      CHAT_PATHS.csMedia,
      {
        // Stored uploads: nosniff and a sandboxing policy (decision 038).
        config: { replyKind: 'download' },
        schema: {
          tags: ['customer service'],
          summary: 'Download chat media (visitor session token or customer-service staff)',
          params: z.object({ id: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const file = await deps.storage.find(request.params.id);
        const message = file?.purpose === CS_MEDIA_PURPOSE ? await cs.messageWithFile(file.id) : null;
        let allowed = false;
        const token = sessionToken(request);
        if (message && token) {
          const visitor = await visitors.byToken(token);
          allowed =
            visitor !== null &&
            visitor.chat.id === message.chatId &&
            visibleToVisitor(message, { ...visitor.session });
        } else if (message && request.headers.authorization) {
          await deps.guards.requireUser.call(app, request, reply);
          allowed = await cs.canServe(currentUser(request));
        }
        if (!file || !allowed) throw notFound('File not found');
        return sendFile(reply, deps, file);
      },
    );

    app.get(
      CHAT_PATHS.csAgents,
      {
        schema: {
          tags: ['customer service'],
          summary: 'Staff users and whether each answers customer-service chats (admin)',
          security: [{ accessToken: [] }],
          response: { 200: ZCsAgentsResponse },
        },
        preHandler: deps.guards.requireRole('admin'),
      },
      async () => ({ status: 'ok' as const, agents: await cs.agents() }),
    );

    app.post(
      CHAT_PATHS.csAgentSet,
      {
        schema: {
          tags: ['customer service'],
          summary: 'Mark a staff user as customer service, or not (admin)',
          security: [{ accessToken: [] }],
          body: ZCsAgentSetRequest,
          response: { 200: ZOkResponse },
        },
        preHandler: deps.guards.requireRole('admin'),
      },
      async (request) => {
        await cs.setAgent(request.body.user_id, request.body.customer_service);
        const message = request.body.customer_service
          ? 'Marked as customer service'
          : 'No longer customer service';
        return { status: 'ok' as const, message };
      },
    );
  };

async function sendFile(reply: import('fastify').FastifyReply, deps: AppDeps, file: StoredFileRow) {
  // Opened before any header is set: a store that is down answers 503, not half a download.
  const body = await deps.storage.open(file);
  const asciiName = file.originalName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return reply
    .type(file.mimeType)
    .header('Content-Length', String(file.sizeBytes))
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    )
    .send(body);
}

/** Staff reach customer-service media through GET /api/v1/files/:id too. */
export function registerCsMediaPolicy(deps: AppDeps, services: ChatServices): void {
  deps.fileAccess.register(CS_MEDIA_PURPOSE, (_file, user) => (user ? services.cs.canServe(user) : false));
}
