import {
  KEY_MANAGER_ERRORS,
  KEY_MANAGER_PATHS,
  USAGE_LIMITS,
  type ZFailedResponse,
  ZUsageRequest,
  ZUsageResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, refusal } from '../../../platform/http/errors.js';
import { type ApiKeyGuardFor, apiCaller } from '../api-key-guard.js';
import type { UsageReader } from './analytics-read.js';
import type { UsageRecorder } from './recorder.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Points per reply: a month of hours, or the 90 days of figures kept. */
const MAX_HOURS = 31 * 24;
const MAX_DAYS = USAGE_LIMITS.analyticsDays + 1;

/**
 * `getUsage` (decision 037): the owner's usage counts per hour or day, for dashboards of their own.
 * Secret API key only (the guard refuses a publishable key with 403); an API key restricted to one
 * product sees that product's figures. Registered inside the public REST plugin (its CORS and failures).
 */
export function registerUsageRoute(
  app: App,
  requireApiKey: ApiKeyGuardFor,
  services: { reader: UsageReader; recorder: UsageRecorder | null; clock: Clock },
  shared: {
    tags: string[];
    security: Array<Record<string, string[]>>;
    failures: Record<number, typeof ZFailedResponse>;
  },
): void {
  app.post(
    KEY_MANAGER_PATHS.getUsage,
    {
      onRequest: requireApiKey('getUsage'),
      schema: {
        operationId: 'getUsage',
        tags: shared.tags,
        security: shared.security,
        summary: 'Usage counts per hour or day (secret API key)',
        description: `Calls per operation family and refusals, every bucket present (UTC), from \`from\` to \`to\` (default now), with totals and unique devices. At most ${MAX_HOURS} hours or ${MAX_DAYS} days per call; figures are kept ${USAGE_LIMITS.analyticsDays} days.`,
        body: ZUsageRequest,
        response: { 200: ZUsageResponse, ...shared.failures },
      },
    },
    async (request) => {
      const caller = apiCaller(request);
      const { granularity, productId, keyId } = request.body;
      if (caller.productId && productId && productId !== caller.productId) {
        throw refusal(KEY_MANAGER_ERRORS.productNotFound, { field: 'productId' });
      }
      const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
      const fromMs = new Date(request.body.from).getTime();
      const toMs = request.body.to ? new Date(request.body.to).getTime() : services.clock.now().getTime();
      if (toMs <= fromMs) throw badRequest('To must be after from', 'to');
      const from = fromMs - (fromMs % size);
      const to = toMs % size === 0 ? toMs : toMs - (toMs % size) + size;
      const points = (to - from) / size;
      if (points > (granularity === 'hour' ? MAX_HOURS : MAX_DAYS)) {
        throw badRequest(
          granularity === 'hour'
            ? `Ask for at most ${MAX_HOURS} hours at a time, or use day granularity`
            : `Ask for at most ${MAX_DAYS} days at a time`,
          'from',
        );
      }
      await services.recorder?.flush();
      const filters = { productId: caller.productId ?? productId, keyId };
      const { series, totals } = await services.reader.series(caller.ownerId, filters, {
        from: new Date(from),
        to: new Date(to),
        bucket: granularity,
      });
      return { status: 'ok' as const, granularity, series, totals };
    },
  );
}
