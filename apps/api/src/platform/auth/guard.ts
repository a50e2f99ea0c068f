import { type Role, roleOf, type UserType } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { TokenService } from './tokens.js';

export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
  role: Role;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole; absent on public routes. */
    authUser?: AuthUser;
  }
}

export interface AuthGuards {
  requireUser: preHandlerAsyncHookHandler;
  requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
}

/** The user a guarded handler runs for. Throws if a route forgot its guard (a bug, not a 4xx). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error('currentUser() called on a route without requireUser');
  return request.authUser;
}

export function createAuthGuards(db: Db, tokens: TokenService): AuthGuards {
  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Authentication required');
    const claims = await tokens.verifyAccess(match[1]);
    if (!claims) throw unauthorized('Your session has expired or is invalid; sign in again');
    // Checked on every request so that a disabled or deleted account loses access at once.
    const [row] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!row || row.disabled) throw unauthorized('This account is not active');
    return {
      id: row.id,
      email: row.email,
      userType: row.userType,
      role: roleOf(row.userType),
      firstName: row.firstName,
      lastName: row.lastName,
    };
  }

  const requireUser: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.authUser = await authenticate(request);
  };

  const requireRole =
    (...roles: Role[]): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!roles.includes(user.role)) throw forbidden();
      request.authUser = user;
    };

  return { requireUser, requireRole };
}
