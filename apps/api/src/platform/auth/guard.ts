import {
  type AccountArea,
  EMAIL_NOT_VERIFIED_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  type Role,
  roleAllows,
  roleRefusalMessage,
  STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from '@app/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import type { ActingAccount, AuthUser } from './auth-user.js';
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
  /**
   * A signed-in member whose role in the session's account reaches `area` (decision 033); with
   * `people`, the person must also be one of those site roles (orders are for clients). An account
   * whose owner requires two-factor sign-in refuses members without a second factor.
   */
  requireAccess: (area: AccountArea, need: 'read' | 'write', ...people: Role[]) => preHandlerAsyncHookHandler;
  /**
   * A signed-in person, even a staff member or admin without the second factor the company requires
   * of them (STAFF_TWO_FACTOR): Profile → Security, the profile and settings, nothing else.
   */
  requireUserForEnrolment: preHandlerAsyncHookHandler;
  /** Paying, creating API keys and inviting need a proven address (decision 033); use after another guard. */
  requireVerifiedEmail: preHandlerAsyncHookHandler;
  /** The same check for an access token that does not come in a header (a WebSocket's first frame). */
  userOfAccessToken: (token: string) => Promise<AuthUser>;
}

/** The account a `requireAccess` route acts on, and the caller's role in it. */
export function currentAccount(request: FastifyRequest): ActingAccount {
  const account = request.authUser?.account;
  if (!account) throw new Error('currentAccount() called on a route without requireAccess');
  return account;
}

/**
 * The account rules of `requireAccess` for a client member already signed in, for routes whose guard
 * is `requireUser` because staff and admins use them too (project chat, quotes, deliverables, invoice
 * PDFs): throws 403 `not_a_member`, `two_factor_required` (the account requires it and the person has
 * none) or `role_not_allowed`, as requireAccess would. Staff and admins pass: their rules are the
 * feature's (assigned projects, every project).
 */
export function assertAccountAccess(user: AuthUser, area: AccountArea, need: 'read' | 'write'): void {
  if (user.role === 'client') assertMemberReaches(user, area, need);
}

/**
 * A person acting for an account whose owner requires two-factor sign-in reaches nothing of it
 * without a second factor (decision 033) — also on routes that judge access per item, such as the
 * one file download path.
 */
export function assertTwoFactorKept(user: AuthUser): void {
  if (user.account?.requiresTwoFactor && !user.hasSecondFactor) {
    throw new AppError(403, TWO_FACTOR_REQUIRED_MESSAGE, {}, undefined, undefined, 'two_factor_required');
  }
}

/** requireAccess's account rules, whoever the person is. */
function assertMemberReaches(user: AuthUser, area: AccountArea, need: 'read' | 'write'): void {
  const account = user.account;
  if (!account) throw new AppError(403, NOT_A_MEMBER_MESSAGE, {}, undefined, undefined, 'not_a_member');
  assertTwoFactorKept(user);
  if (!roleAllows(account.role, area, need)) {
    throw new AppError(
      403,
      roleRefusalMessage(account.role, area, need),
      {},
      undefined,
      { area, role: account.role },
      'role_not_allowed',
    );
  }
}

/** The user a guarded handler runs for. Throws if a route forgot its guard (a bug, not a 4xx). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error('currentUser() called on a route without requireUser');
  return request.authUser;
}

export interface GuardOptions {
  /** `required`: staff and admins without a second factor reach only the enrolment routes. */
  staffTwoFactor: 'required' | 'optional';
}

export function createAuthGuards(
  tokens: TokenService,
  sessions: AuthSessionCache,
  options: GuardOptions = { staffTwoFactor: 'optional' },
): AuthGuards {
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

  // The company's rule for staff and admins: without a second factor, only enrolment.
  const staffMustEnrol = (user: AuthUser) =>
    options.staffTwoFactor === 'required' && user.role !== 'client' && !user.hasSecondFactor;
  async function authenticateUnderPolicy(request: FastifyRequest): Promise<AuthUser> {
    const user = await authenticate(request);
    if (staffMustEnrol(user)) {
      throw new AppError(
        403,
        STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
        {},
        undefined,
        undefined,
        'two_factor_required',
      );
    }
    return user;
  }

  // Marked so that registerGuardsFirst (guard-order.ts) runs them before the body is parsed.
  const requireUser: preHandlerAsyncHookHandler = markAuthGuard(
    async (request: FastifyRequest, _reply: FastifyReply) => {
      request.authUser = await authenticateUnderPolicy(request);
    },
  );

  const requireUserForEnrolment: preHandlerAsyncHookHandler = markAuthGuard(
    async (request: FastifyRequest) => {
      request.authUser = await authenticate(request);
    },
  );

  const requireRole = (...roles: Role[]): preHandlerAsyncHookHandler =>
    markAuthGuard(async (request: FastifyRequest) => {
      const user = await authenticateUnderPolicy(request);
      if (!roles.includes(user.role)) throw forbidden();
      request.authUser = user;
    });

  const requireAccess = (area: AccountArea, need: 'read' | 'write', ...people: Role[]) =>
    markAuthGuard(
      async (request: FastifyRequest) => {
        const user = await authenticateUnderPolicy(request);
        if (people.length > 0 && !people.includes(user.role)) throw forbidden();
        assertMemberReaches(user, area, need);
        request.authUser = user;
      },
      { area, need },
    );

  const requireVerifiedEmail: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const user = request.authUser;
    if (!user) throw new Error('requireVerifiedEmail must follow a guard that signs the user in');
    if (!user.emailVerified) {
      throw new AppError(403, EMAIL_NOT_VERIFIED_MESSAGE, {}, undefined, undefined, 'email_not_verified');
    }
  };

  return {
    requireUser,
    requireRole,
    requireAccess,
    requireUserForEnrolment,
    requireVerifiedEmail,
    userOfAccessToken,
  };
}
