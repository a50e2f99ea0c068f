import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Metrics } from './registry.js';

type Observer = { observe(seconds: number): void };

/** The label of every file @fastify/static serves (one route per file: one series, not hundreds). */
const STATIC_ROUTE = '/<static file>';

/**
 * Request rate, latency and errors per route (decision 040). Labels are decided once per route, at
 * onRoute: the route's URL pattern (never the raw URL), its method, and the status class; the
 * route's own onResponse hook then does one array read and one histogram observation per request.
 * Requests that match no route (404s from the not-found handler) are not observed.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.httpDuration;
  if (!histogram) return;
  app.addHook('onRoute', (route) => {
    const config = route.config as { rootPath?: unknown } | undefined;
    const pattern = config?.rootPath !== undefined ? STATIC_ROUTE : route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Per method, the children for status classes 1xx…5xx, made when first needed.
    const children = new Map<string, (Observer | undefined)[]>(methods.map((method) => [method, []]));
    const childOf = (method: string, statusClass: number): Observer => {
      let byClass = children.get(method);
      if (!byClass) {
        byClass = [];
        children.set(method, byClass);
      }
      let child = byClass[statusClass];
      if (!child) {
        child = histogram.labels(method, pattern, `${statusClass}xx`);
        byClass[statusClass] = child;
      }
      return child;
    };
    const observe: onResponseHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
      childOf(request.method, Math.trunc(reply.statusCode / 100)).observe(reply.elapsedTime / 1000);
      done();
    };
    const existing = route.onResponse;
    route.onResponse = existing ? [...(Array.isArray(existing) ? existing : [existing]), observe] : [observe];
  });
}
