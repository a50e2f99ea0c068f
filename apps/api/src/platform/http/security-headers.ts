import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's policy: same-origin everything, inline styles for Bootstrap, WebSockets for chat. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Runs helmet once against a recording response and returns the headers it would set. The policy
 * has no per-request parts (no nonces, no functions), so computing it once is exact, and it saves
 * what @fastify/helmet spent on every request: building the middleware and re-parsing the policy.
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a reply is (decision 038): an HTML `document` of the web app (and the build's assets and
 * Swagger UI, which are loaded by one), an `api` JSON reply, or a `download` — a file sent to be
 * saved or embedded (uploads, CSV, PDF, images, licence files).
 */
export type ReplyKind = 'document' | 'api' | 'download';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that sends files declares `download`; the others are told apart by their URL. */
    replyKind?: ReplyKind;
    /** The route's security headers, chosen once when it is registered (decision 038). */
    securityHeaders?: Readonly<Record<string, string>>;
  }
}

const DOCUMENT_HEADERS = computeSecurityHeaders(HELMET_OPTIONS);
/** Helmet's HSTS, sent on every reply today as before (browsers ignore it over plain HTTP). */
const HSTS = DOCUMENT_HEADERS['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains';

/**
 * The security headers of each kind of reply, computed once. Documents keep helmet's whole set; an
 * API reply carries OWASP's REST Security Cheat Sheet set (Content-Type is the route's own; CORS and
 * rate-limit headers are added where they apply): a script or style policy means nothing to a JSON
 * reader. A download keeps nosniff and gets a sandboxing policy, so a file opened in the browser
 * runs nothing; its route sets its own Content-Disposition and Cache-Control.
 */
export const REPLY_HEADERS: Readonly<Record<ReplyKind, Readonly<Record<string, string>>>> = {
  document: DOCUMENT_HEADERS,
  api: {
    'cache-control': 'no-store',
    'content-security-policy': "frame-ancestors 'none'",
    'strict-transport-security': HSTS,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  },
  download: {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': HSTS,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  },
};

/** A route's kind from its URL: JSON under /api/ (but Swagger UI's pages) and the health probes. */
export function replyKindOf(url: string): ReplyKind {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'document';
  if (url === '/api' || url.startsWith('/api/')) return 'api';
  if (url === '/healthz' || url === '/readyz' || url === '/metrics') return 'api';
  return 'document';
}

/** The headers for a request that matched no route (404s): chosen by its path. */
function headersForPath(url: string): Readonly<Record<string, string>> {
  const query = url.indexOf('?');
  return REPLY_HEADERS[replyKindOf(query === -1 ? url : url.slice(0, query))];
}

/** Sets the security headers of a reply sent outside the routes' hooks (the router's refusals). */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(request.routeOptions.config?.securityHeaders ?? headersForPath(request.url));
  reply.header('x-request-id', request.id);
}

/**
 * Every reply carries the security headers of its kind and its request id (given in `x-request-id`
 * or generated). The kind is decided once per route when it is registered (onRoute); one
 * synchronous onRequest hook, first of all, sets them, so error replies and 404s have them too.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const kind = route.config?.replyKind ?? replyKindOf(route.url);
    route.config = { ...route.config, securityHeaders: REPLY_HEADERS[kind] };
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? headersForPath(request.url));
    reply.header('x-request-id', request.id);
    done();
  });
}
