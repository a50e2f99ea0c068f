import { randomUUID } from 'node:crypto';
import type { UserType } from '@app/contract';
import { and, asc, desc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { accountMembers, refreshTokens, userSessions, users } from '../../db/schema/index.js';
import type { AuthSessionCache } from '../../platform/auth/session-cache.js';
import {
  newOpaqueToken,
  REFRESH_TTL_REMEMBER_MS,
  REFRESH_TTL_SESSION_MS,
  sha256,
  type TokenService,
} from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { unauthorized } from '../../platform/http/errors.js';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A new session's pair and the account it acts for (null: the person belongs to no account). */
export interface IssuedSession extends TokenPair {
  accountId: string | null;
}

/** Where a sign-in came from, for the Sessions page and new-device mails. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
  /** The country a trusted proxy named for the request, when one did. */
  place?: string | null;
}

/** A new session that recorded where it came from (new-device mails, new-device.ts). */
export type SignInListener = (signIn: {
  userId: string;
  sessionId: string;
  origin: SessionOrigin;
  at: Date;
}) => Promise<void>;

const revokedInFamily = alias(refreshTokens, 'revoked_in_family');

/**
 * Access/refresh pairs. Refresh tokens rotate on every use; a token that was already used (or
 * revoked) revokes its whole family, so a stolen token dies the moment either party uses it twice.
 * The family is the session: access tokens carry its id (`sid`), and the auth guard refuses them
 * once it is revoked (log-out, password change or reset, reuse).
 */
export class SessionService {
  private readonly signInListeners: SignInListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly authSessions: AuthSessionCache,
  ) {}

  /** A new session (a sign-in): its row acts for the person's own account, else their first one. */
  async issue(
    user: { id: string; userType: UserType },
    rememberMe: boolean,
    origin: SessionOrigin = { ip: '', userAgent: '' },
  ): Promise<IssuedSession> {
    const familyId = randomUUID();
    const [home] = await this.db
      .select({ accountId: accountMembers.accountId })
      .from(accountMembers)
      .where(eq(accountMembers.userId, user.id))
      .orderBy(desc(sql`${accountMembers.accountId} = ${user.id}`), asc(accountMembers.createdAt))
      .limit(1);
    const now = this.clock.now();
    await this.db.insert(userSessions).values({
      id: familyId,
      userId: user.id,
      accountId: home?.accountId ?? null,
      userAgent: origin.userAgent.slice(0, 500),
      ip: origin.ip || null,
      place: origin.place ?? null,
      createdAt: now,
      lastActiveAt: now,
    });
    if (origin.ip || origin.userAgent) {
      for (const listener of this.signInListeners)
        await listener({ userId: user.id, sessionId: familyId, origin, at: now });
    }
    const pair = await this.issueInFamily(user, rememberMe, familyId);
    return { ...pair, accountId: home?.accountId ?? null };
  }

  /** Told of each sign-in that knows its origin; a listener never throws (it logs). */
  onSignIn(listener: SignInListener): void {
    this.signInListeners.push(listener);
  }

  private async issueInFamily(
    user: { id: string; userType: UserType },
    rememberMe: boolean,
    familyId: string,
  ): Promise<TokenPair> {
    const refresh = newOpaqueToken();
    const ttl = rememberMe ? REFRESH_TTL_REMEMBER_MS : REFRESH_TTL_SESSION_MS;
    await this.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      rememberMe,
      expiresAt: new Date(this.clock.now().getTime() + ttl),
      createdAt: this.clock.now(),
    });
    return { access: await this.tokens.signAccess(user.id, user.userType, familyId), refresh };
  }

  async rotate(presented: string): Promise<TokenPair> {
    const now = this.clock.now();
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (!row) throw unauthorized('Invalid refresh token');
    if (row.revokedAt || row.usedAt) {
      await this.revokeFamily(row.familyId);
      throw unauthorized('This refresh token was already used; sign in again');
    }
    if (row.expiresAt <= now) throw unauthorized('Your session has expired; sign in again');
    // Mark used only if nobody else did in the meantime: two concurrent refreshes cannot both win.
    // A family with any revoked token is over, even if a rotation raced its revocation.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          notExists(
            this.db
              .select({ id: revokedInFamily.id })
              .from(revokedInFamily)
              .where(and(eq(revokedInFamily.familyId, row.familyId), isNotNull(revokedInFamily.revokedAt))),
          ),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeFamily(row.familyId);
      throw unauthorized('This refresh token was already used; sign in again');
    }
    const [user] = await this.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || user.disabled) throw unauthorized('This account is not active');
    await this.db.update(userSessions).set({ lastActiveAt: now }).where(eq(userSessions.id, row.familyId));
    return this.issueInFamily(user, row.rememberMe, row.familyId);
  }

  async revoke(presented: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (row) await this.revokeFamily(row.familyId);
  }

  async revokeAllForUser(userId: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    await this.db
      .update(userSessions)
      .set({ endedAt: now })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)));
    await this.authSessions.userChanged(userId);
  }

  /** Ends one session of the person (the Sessions page, a member removed from its account). */
  async endSession(sessionId: string): Promise<void> {
    await this.revokeFamily(sessionId);
  }

  /** Ends the person's sessions acting for an account they no longer belong to (decision 033). */
  async endSessionsActingFor(userId: string, accountId: string): Promise<void> {
    const rows = await this.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(
        and(
          eq(userSessions.userId, userId),
          eq(userSessions.accountId, accountId),
          isNull(userSessions.endedAt),
        ),
      );
    for (const row of rows) await this.revokeFamily(row.id);
    await this.authSessions.userChanged(userId);
  }

  /**
   * Moves a session to another account the person belongs to (the account switcher). The guard's
   * cached state of the person is dropped on every instance, so the next request acts for it.
   */
  async switchAccount(userId: string, sessionId: string, accountId: string): Promise<boolean> {
    const moved = await this.db
      .update(userSessions)
      .set({ accountId })
      .where(
        and(
          eq(userSessions.id, sessionId),
          eq(userSessions.userId, userId),
          isNull(userSessions.endedAt),
          sql`exists (select 1 from ${accountMembers} where ${accountMembers.accountId} = ${accountId} and ${accountMembers.userId} = ${userId})`,
        ),
      )
      .returning({ id: userSessions.id });
    await this.authSessions.userChanged(userId);
    return moved.length > 0;
  }

  /** The account changed (disabled, renamed): signed-in requests re-read it, on every instance. */
  accountChanged(userId: string): Promise<void> {
    return this.authSessions.userChanged(userId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    const now = this.clock.now();
    const revoked = await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    await this.db
      .update(userSessions)
      .set({ endedAt: now })
      .where(and(eq(userSessions.id, familyId), isNull(userSessions.endedAt)));
    // The access tokens of the family stop working now, not when they expire.
    for (const userId of new Set(revoked.map((row) => row.userId)))
      await this.authSessions.userChanged(userId);
  }
}
