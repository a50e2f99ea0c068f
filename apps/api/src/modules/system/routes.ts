import { SYSTEM_PATHS, ZSiteConfigResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Liveness: the process answers. Readiness: the database answers too.
    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({
        status: 'ok' as const,
      }),
    );

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ok', database: deps.database.kind };
      } catch {
        return reply.code(503).send({ status: 'failed', message: 'Database is not reachable' });
      }
    });

    app.get(
      SYSTEM_PATHS.siteConfig,
      {
        schema: {
          tags: ['site'],
          summary: 'Brand facts for the web app',
          response: { 200: ZSiteConfigResponse },
        },
      },
      async () => ({
        status: 'ok' as const,
        brandName: deps.config.BRAND_NAME,
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
    );
  };
