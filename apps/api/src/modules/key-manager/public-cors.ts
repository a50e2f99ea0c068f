import { RATE_LIMIT_HEADERS, SIGNED_REPLY_HEADERS, SIMULATION_HEADER } from '@app/contract';
import type { FastifyInstance } from 'fastify';

/** How long a browser may reuse a preflight answer (one day; browsers cap it lower anyway). */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * On every reply of the public REST routes, errors included, so a page can read why a call failed.
 * Any origin, never credentials: the caller authenticates with a bearer key, not a cookie.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': [
    RATE_LIMIT_HEADERS.limit,
    RATE_LIMIT_HEADERS.remaining,
    RATE_LIMIT_HEADERS.reset,
    'retry-after',
    'x-request-id',
    SIMULATION_HEADER,
    SIGNED_REPLY_HEADERS.signature,
    SIGNED_REPLY_HEADERS.signingKeyId,
    SIGNED_REPLY_HEADERS.signedAt,
  ].join(', '),
};

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': `Authorization, Content-Type, ${SIGNED_REPLY_HEADERS.nonce}`,
  'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
};

/**
 * CORS for the Key Manager public REST interface only (decision 020): a hook on this plugin, not
 * a global plugin, so the dashboard and account routes stay same-origin with no CORS headers.
 * Preflights are answered 204 by an `OPTIONS` route per path, hidden from the OpenAPI document.
 */
export function registerPublicCors(app: FastifyInstance, paths: readonly string[]): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(CORS_HEADERS);
    done();
  });
  for (const path of paths) {
    app.options(path, { schema: { hide: true } }, (_request, reply) => {
      reply.code(204).headers(PREFLIGHT_HEADERS).send();
    });
  }
}
