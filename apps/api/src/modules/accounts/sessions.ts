import { randomUUID } from 'node:crypto';
import type { UserType } from '@app/contract';
import { and, eq, isNotNull, isNull, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
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

const revokedInFamily = alias(refreshTokens, 'revoked_in_family');

/**
 * Access/refresh pairs. Refresh tokens rotate on every use; a token that was already used (or
 * revoked) revokes its whole family, so a stolen token dies the moment either party uses it twice.
 * The family is the session: access tokens carry its id (`sid`), and the auth guard refuses them
 * once it is revoked (log-out, password change or reset, reuse).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly authSessions: AuthSessionCache,
  ) {}

  async issue(
    user: { id: string; userType: UserType },
    rememberMe: boolean,
    familyId: string = randomUUID(),
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
    return this.issue(user, row.rememberMe, row.familyId);
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
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    await this.authSessions.userChanged(userId);
  }

  /** The account changed (disabled, renamed): signed-in requests re-read it, on every instance. */
  accountChanged(userId: string): Promise<void> {
    return this.authSessions.userChanged(userId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    const revoked = await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    // The access tokens of the family stop working now, not when they expire.
    for (const userId of new Set(revoked.map((row) => row.userId)))
      await this.authSessions.userChanged(userId);
  }
}
