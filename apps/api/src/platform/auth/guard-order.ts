import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';

const authGuards = new WeakSet<object>();

/** Marks a handler as an auth guard, so `registerGuardsFirst` runs it before anything else. */
export function markAuthGuard<T extends object>(guard: T): T {
  authGuards.add(guard);
  return guard;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Routes declare their guard as `preHandler` (docs/adding-a-feature.md), which Fastify runs after
 * parsing and validating the body: an anonymous caller would learn the field names from the 400,
 * and pay for the parse. This moves every marked guard to the front of the route's `onRequest`
 * hooks instead, in one place, so who is calling is settled before the body is even read.
 */
export function registerGuardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const preHandlers = asList<preHandlerHookHandler>(route.preHandler);
    const guards = preHandlers.filter((handler) => authGuards.has(handler));
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((handler) => !authGuards.has(handler));
    // Same (request, reply) signature; the guards are async and never touch the body.
    route.onRequest = [...(guards as unknown as onRequestHookHandler[]), ...asList(route.onRequest)];
  });
}
