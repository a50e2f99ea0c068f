import { PORTAL_CSRF_HEADER, PORTAL_LIMITS, portalText } from '@app/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LicenseePortalRow } from '../../db/schema/index.js';
import { codedError, notFound } from '../../platform/http/errors.js';
import type { PortalCookies } from './portal-cookies.js';
import type { ActivePortalSession, PortalSessions } from './portal-sessions.js';
import type { PortalSettingsStore } from './portal-settings.js';
import { sameSecret } from './secrets.js';

/** What every portal call knows once the guard ran: the portal (switched on) and the session, if any. */
export interface PortalCall {
  portal: LicenseePortalRow;
  session: ActivePortalSession | null;
}

const calls = new WeakMap<FastifyRequest, PortalCall>();
const HANDLE_SHAPE = new RegExp(
  `^[a-z][a-z0-9-]{${PORTAL_LIMITS.handleMin - 1},${PORTAL_LIMITS.handleMax - 1}}$`,
  'i',
);
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function portalCall(request: FastifyRequest): PortalCall {
  const call = calls.get(request);
  if (!call) throw new Error('portal route without the portal guard');
  return call;
}

/** The call's session, or 401 `portal_session_ended`. */
export function requireSession(request: FastifyRequest): ActivePortalSession {
  const { session } = portalCall(request);
  if (!session) throw codedError('portal_session_ended', portalText('sessionEnded'));
  return session;
}

export interface PortalGuardOptions {
  settings: PortalSettingsStore;
  sessions: PortalSessions;
  cookies: PortalCookies;
  /** The app's own origin (PUBLIC_URL's). */
  ownOrigin: string;
  /** Routes (their URL patterns) whose CSRF token may be the sign-in cookie's instead of a session's. */
  cookieTokenRoutes: ReadonlySet<string>;
}

/**
 * The first hook of every portal route (decision 036), before the body is read: `no-store`; the
 * portal by its handle (404 when unknown or switched off); the session of this owner's portal from
 * its cookie; and for every change, CSRF — a foreign `Origin` is refused, and `X-Portal-CSRF` must
 * equal the session's token (or, on the sign-in calls, the sign-in cookie) → else 403 `csrf_failed`.
 */
export function portalGuard(options: PortalGuardOptions): onRequestAsyncHookHandler {
  return async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { handle } = request.params as { handle?: string };
    // Only a handle's shape reaches the database (this runs before the input checks: NUL and the like).
    const portal = handle && HANDLE_SHAPE.test(handle) ? await options.settings.byHandle(handle) : undefined;
    if (!portal?.enabled) throw notFound(portalText('portalNotFound'));
    const token = options.cookies.session(request);
    const session = token ? await options.sessions.find(portal.ownerId, token) : null;
    calls.set(request, { portal, session });
    if (!CHANGES.has(request.method)) return;
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      origin !== options.ownOrigin &&
      origin !== `${request.protocol}://${request.host}`
    ) {
      throw csrfFailed();
    }
    const sent = request.headers[PORTAL_CSRF_HEADER.toLowerCase()];
    if (typeof sent !== 'string' || sent.length === 0) throw csrfFailed();
    if (session && sameSecret(sent, session.csrfToken)) return;
    const cookie = options.cookies.csrf(request);
    if (cookie && options.cookieTokenRoutes.has(request.routeOptions.url ?? '') && sameSecret(sent, cookie))
      return;
    throw csrfFailed();
  };
}

const csrfFailed = () => codedError('csrf_failed', portalText('csrfFailed'));
