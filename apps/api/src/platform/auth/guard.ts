import type { Role } from '@app/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthUser } from './auth-user.js';
import { markAuthGuard } from './guard-order.js';
import type { AuthSessionCache } from './session-cache.js';
import type { TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole; absent on public routes. */
    authUser?: AuthUser;
  }
}

export interface AuthGuards {
  requireUser: preHandlerAsyncHookHandler;
  requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  /** The same check for an access token that does not come in a header (a WebSocket's first frame). */
  userOfAccessToken: (token: string) => Promise<AuthUser>;
}

/** The user a guarded handler runs for. Throws if a route forgot its guard (a bug, not a 4xx). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error('currentUser() called on a route without requireUser');
  return request.authUser;
}

export function createAuthGuards(tokens: TokenService, sessions: AuthSessionCache): AuthGuards {
  // The signature proves who the token was issued to; the session state, kept in step with the
  // database (session-cache.ts), makes log-out, password changes and disabling take effect at once.
  async function userOfAccessToken(token: string): Promise<AuthUser> {
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw unauthorized('Your session has expired or is invalid; sign in again');
    const state = await sessions.stateOf(claims);
    if (state.status !== 'active') {
      throw unauthorized(
        state.status === 'ended' ? 'You have been signed out; sign in again' : 'This account is not active',
      );
    }
    return state.user;
  }

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Authentication required');
    return userOfAccessToken(match[1]);
  }

  // Marked so that registerGuardsFirst (guard-order.ts) runs them before the body is parsed.
  const requireUser: preHandlerAsyncHookHandler = markAuthGuard(
    async (request: FastifyRequest, _reply: FastifyReply) => {
      request.authUser = await authenticate(request);
    },
  );

  const requireRole = (...roles: Role[]): preHandlerAsyncHookHandler =>
    markAuthGuard(async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!roles.includes(user.role)) throw forbidden();
      request.authUser = user;
    });

  return { requireUser, requireRole, userOfAccessToken };
}
