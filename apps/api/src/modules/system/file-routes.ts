import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import { assertTwoFactorKept } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';

/**
 * The one download path for uploaded files. The feature that owns a file's purpose decides who may
 * read it; anyone else gets the same 404 as for a file that does not exist.
 */
export const fileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/files/:id',
      {
        // Stored uploads: nosniff and a sandboxing policy (decision 038).
        config: { replyKind: 'download' },
        schema: {
          tags: ['files'],
          summary: 'Download an uploaded file you are allowed to see',
          security: [{ accessToken: [] }],
          params: z.object({ id: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        let user: AuthUser | null = null;
        if (request.headers.authorization) {
          await deps.guards.requireUser.call(app, request, reply);
          user = request.authUser ?? null;
          if (user) assertTwoFactorKept(user);
        }
        const file = await deps.storage.find(request.params.id);
        if (!file || !(await deps.fileAccess.canRead(file, user))) throw notFound('File not found');
        // Opened before any header is set: a store that is down answers 503, not half a download.
        const body = await deps.storage.open(file);
        const asciiName = file.originalName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
        // Readable without credentials means public (e.g. a listed property's photo): other sites may embed it.
        if (user === null) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        return reply
          .type(file.mimeType)
          .header('Content-Length', String(file.sizeBytes))
          .header('Cache-Control', 'private, no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
          )
          .send(body);
      },
    );
  };
