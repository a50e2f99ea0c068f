import { randomUUID } from 'node:crypto';
import type { UserType } from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
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

/**
 * Access/refresh pairs. Refresh tokens rotate on every use; a token that was already used (or
 * revoked) revokes its whole family, so a stolen token dies the moment either party uses it twice.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
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
    return { access: await this.tokens.signAccess(user.id, user.userType), refresh };
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
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
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
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}
