import { type AccessClaims, roleOf } from '@app/contract';
import { and, eq, exists, isNotNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  accountMembers,
  passkeys,
  refreshTokens,
  totpFactors,
  userSessions,
  users,
} from '../../db/schema/index.js';
import { ReadThroughCache } from '../cache/read-through-cache.js';
import type { EventBus } from '../events/index.js';
import type { AuthUser } from './auth-user.js';

/**
 * Published (`{userId}`) after a change to an account or its sessions committed: log-out, a
 * password change or reset, refresh-token reuse, disabling, a new name. Every instance's guard
 * forgets what it remembered about that user.
 */
/** The user row of the account a session acts for (its two-factor rule). */
const accountOwner = alias(users, 'account_owner');

export const AUTH_USER_CHANGED_TOPIC = 'auth.user-changed';

export interface AuthUserChanged {
  userId: string;
}

/**
 * How long a session's state is served from memory. Changes made through this instance drop it
 * before the reply; other instances hear of them through the EventBus within milliseconds. The TTL
 * only bounds staleness when an event is lost (the bus's connection dropped).
 */
export const AUTH_SESSION_CACHE_TTL_MS = 10_000;

export type SessionState =
  | { userId: string; status: 'active'; user: AuthUser }
  | { userId: string; status: 'ended' | 'inactive' };

/**
 * What the auth guard knows about a verified access token: the session (its `sid`, the refresh
 * family) must not have been revoked, and the account must exist and be enabled. Both are read in
 * one query and kept per session, so a cache hit costs no database query.
 */
export class AuthSessionCache {
  private readonly cache = new ReadThroughCache<SessionState>({
    ttlMs: AUTH_SESSION_CACHE_TTL_MS,
    maxEntries: 50_000,
  });
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = events.subscribe(AUTH_USER_CHANGED_TOPIC, (data) => {
      const userId = (data as Partial<AuthUserChanged> | null)?.userId;
      if (typeof userId === 'string') this.forget(userId);
    });
  }

  async stateOf(claims: AccessClaims): Promise<SessionState> {
    const state = await this.cache.read(claims.sid, () => this.load(claims));
    // A session belongs to one user; a token naming another (it cannot be forged) is refused.
    if (!state || state.userId !== claims.sub) return { userId: claims.sub, status: 'ended' };
    return state;
  }

  /**
   * Call after a change to the user's account or sessions committed: this instance forgets at once
   * (before the reply goes out), and the event tells the others.
   */
  async userChanged(userId: string): Promise<void> {
    this.forget(userId);
    const event: AuthUserChanged = { userId };
    try {
      await this.events.publish(AUTH_USER_CHANGED_TOPIC, event);
    } catch (error) {
      // The change itself is committed; other instances catch up within the TTL.
      this.log.warn({ err: error, userId }, 'could not publish an auth change');
    }
  }

  close(): void {
    this.unsubscribe();
  }

  private forget(userId: string): void {
    this.cache.invalidateWhere((state) => state.userId === userId);
  }

  private async load(claims: AccessClaims): Promise<SessionState> {
    const family = (revoked: boolean) =>
      this.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, claims.sid),
            eq(refreshTokens.userId, claims.sub),
            ...(revoked ? [isNotNull(refreshTokens.revokedAt)] : []),
          ),
        );
    // A family is revoked all at once; one revoked token is enough to end the session, even if a
    // rotation racing the revocation added a token after it. The session names the account it acts
    // for (decision 033); a session without a row (none yet) acts for the person's own account.
    const [row] = await this.db
      .select({
        user: users,
        active: notExists(family(true)).mapWith((value) => value === true || value === 't'),
        accountId: accountMembers.accountId,
        accountRole: accountMembers.role,
        accountRequiresTwoFactor: accountOwner.requireMemberTwoFactor,
        hasSecondFactor:
          sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`.mapWith(
            (value) => value === true || value === 't',
          ),
      })
      .from(users)
      .leftJoin(userSessions, eq(userSessions.id, claims.sid))
      .leftJoin(
        accountMembers,
        and(
          eq(accountMembers.userId, users.id),
          eq(accountMembers.accountId, sql`coalesce(${userSessions.accountId}, ${users.id})`),
        ),
      )
      .leftJoin(accountOwner, eq(accountOwner.id, accountMembers.accountId))
      .where(and(eq(users.id, claims.sub), exists(family(false))))
      .limit(1);
    if (!row?.active) return { userId: claims.sub, status: 'ended' };
    const { user } = row;
    if (user.disabled) return { userId: claims.sub, status: 'inactive' };
    return {
      userId: claims.sub,
      status: 'active',
      user: {
        id: user.id,
        email: user.email,
        userType: user.userType,
        role: roleOf(user.userType),
        firstName: user.firstName,
        lastName: user.lastName,
        emailVerified: user.emailVerifiedAt !== null,
        hasSecondFactor: row.hasSecondFactor,
        sessionId: claims.sid,
        account:
          row.accountId && row.accountRole
            ? {
                id: row.accountId,
                role: row.accountRole,
                requiresTwoFactor: row.accountRequiresTwoFactor === true,
              }
            : null,
      },
    };
  }
}
