import { SYSTEM_PATHS, ZSiteConfigResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { defineCleanup } from './cleanup.js';

const ZCheckStatus = z.enum(['ok', 'degraded', 'failed']);
const ZReadiness = z.object({
  status: ZCheckStatus,
  checks: z.record(z.string(), z.object({ status: ZCheckStatus, latencyMs: z.number() })),
  degraded: z.array(z.string()),
  failed: z.array(z.string()),
});

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    defineCleanup(deps);

    // Liveness: the process answers (nothing else, so a slow dependency never gets it restarted).
    // Polled constantly, so its own scope writes the reply with a compiled serialiser (decision 028).
    await app.register(
      compiledRoutes(async (liveness) => {
        liveness.get(
          '/healthz',
          { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
          async () => ({ status: 'ok' as const }),
        );
      }),
    );

    // Readiness: every registered dependency check (platform/health). 503 only when a critical
    // one fails (the database): a load balancer then stops sending traffic here. Failing
    // accelerators (Redis) are listed under `degraded` with 200, since the instance still serves.
    // The 503 carries the failure envelope's `code` too (decision 031).
    app.get(
      '/readyz',
      {
        schema: {
          hide: true,
          response: {
            200: ZReadiness,
            503: ZReadiness.extend({ code: z.literal('unavailable'), message: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        const report = await deps.health.report();
        if (report.status !== 'failed') return report;
        return reply.code(503).send({
          ...report,
          code: 'unavailable' as const,
          message: `Not ready: ${report.failed.join(', ')} not answering`,
        });
      },
    );

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
