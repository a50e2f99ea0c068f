import type { AccountArea } from '@app/contract';
import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';

/** What an account guard requires (decision 033). */
export interface AccessNeed {
  area: AccountArea;
  need: 'read' | 'write';
}

/** A route guarded by `requireAccess`, as registered. */
export interface AccountRoute extends AccessNeed {
  method: string;
  url: string;
}

const authGuards = new WeakMap<object, AccessNeed | null>();
const accountRoutes = new WeakMap<FastifyInstance, AccountRoute[]>();

/**
 * Marks a handler as an auth guard, so `registerGuardsFirst` runs it before anything else; an
 * account guard names what it requires, so `accountRoutesOf` can list every such route.
 */
export function markAuthGuard<T extends object>(guard: T, access: AccessNeed | null = null): T {
  authGuards.set(guard, access);
  return guard;
}

/** Every route of the app guarded by `requireAccess` (the role-matrix test covers each one). */
export function accountRoutesOf(app: FastifyInstance): readonly AccountRoute[] {
  return accountRoutes.get(app) ?? [];
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
  const listed: AccountRoute[] = [];
  accountRoutes.set(app, listed);
  app.addHook('onRoute', (route) => {
    const preHandlers = asList<preHandlerHookHandler>(route.preHandler);
    const guards = preHandlers.filter((handler) => authGuards.has(handler));
    if (guards.length === 0) return;
    for (const guard of guards) {
      const access = authGuards.get(guard);
      for (const method of asList(route.method)) {
        if (access && method !== 'HEAD') listed.push({ method, url: route.url, ...access });
      }
    }
    route.preHandler = preHandlers.filter((handler) => !authGuards.has(handler));
    // Same (request, reply) signature; the guards are async and never touch the body.
    route.onRequest = [...(guards as unknown as onRequestHookHandler[]), ...asList(route.onRequest)];
  });
}
