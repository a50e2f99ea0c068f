import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../http/errors.js';
import type { createCollectors } from './collectors.js';
import type { Metrics } from './registry.js';

export const METRICS_PATH = '/metrics';

/**
 * Who may scrape (decision 040): with METRICS_TOKEN set, only a request bearing it (401 otherwise,
 * in every mode); without one, anyone on the trial server and nobody in production (404, as if the
 * route did not exist).
 */
export type MetricsAccess = { kind: 'open' } | { kind: 'hidden' } | { kind: 'token'; token: string };

export function metricsAccess(mode: 'trial' | 'production', token: string | undefined): MetricsAccess {
  if (token) return { kind: 'token', token };
  return mode === 'trial' ? { kind: 'open' } : { kind: 'hidden' };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics: the Prometheus text exposition, scrape-time figures refreshed first (bounded). */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  collectors: ReturnType<typeof createCollectors>,
  access: MetricsAccess,
): void {
  const registry = metrics.registry;
  if (!registry) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (access.kind === 'hidden') throw notFound();
    if (access.kind === 'token' && !bearerMatches(request.headers.authorization, access.token)) {
      throw new AppError(401, 'A valid METRICS_TOKEN bearer token is required to read the metrics.', {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    await collectors.refresh();
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
