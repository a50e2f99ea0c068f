import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { authChallenges } from '../../../db/schema/index.js';
import { newOpaqueToken, sha256 } from '../../../platform/auth/tokens.js';
import type { Clock } from '../../../platform/clock.js';

/**
 * What a challenge is for: the second step of a sign-in (client or admin), of the reset, or a
 * passkey being registered.
 */
export type ChallengePurpose = 'signin' | 'admin-signin' | 'reset' | 'passkey-register';

/** What the step remembers between the two calls. */
export interface ChallengeData {
  rememberMe?: boolean;
  /** The WebAuthn challenge the browser signs (base64url). */
  webauthn?: string;
}

export interface OpenChallenge {
  id: string;
  userId: string;
  purpose: ChallengePurpose;
  data: ChallengeData;
}

function parseData(text: string | null): ChallengeData {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  return {
    ...(typeof record.rememberMe === 'boolean' ? { rememberMe: record.rememberMe } : {}),
    ...(typeof record.webauthn === 'string' ? { webauthn: record.webauthn } : {}),
  };
}

/**
 * Short-lived, one-use, attempt-limited challenges (`auth_challenges`). The token handed to the
 * browser is random and stored as its SHA-256, like refresh tokens.
 */
export class ChallengeStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Opens a challenge for `userId`; returns the token to hand out. Expired rows of the person go. */
  async open(userId: string, purpose: ChallengePurpose, ttlSeconds: number, data: ChallengeData) {
    const now = this.clock.now();
    const token = newOpaqueToken();
    await this.db
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, userId), lte(authChallenges.expiresAt, now)));
    await this.db.insert(authChallenges).values({
      userId,
      purpose,
      challenge: sha256(token),
      data: JSON.stringify(data),
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      createdAt: now,
    });
    return token;
  }

  /** The open challenge a token names (not spent, not expired), without counting an attempt. */
  async find(token: string): Promise<OpenChallenge | null> {
    const [row] = await this.db
      .select()
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.challenge, sha256(token)),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, this.clock.now()),
        ),
      )
      .limit(1);
    if (!row?.userId) return null;
    return {
      id: row.id,
      userId: row.userId,
      purpose: row.purpose as ChallengePurpose,
      data: parseData(row.data),
    };
  }

  /** Counts an attempt; false when the challenge is spent, expired or out of attempts. */
  async claimAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const claimed = await this.db
      .update(authChallenges)
      .set({ attempts: sql`${authChallenges.attempts} + 1` })
      .where(
        and(
          eq(authChallenges.id, id),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, this.clock.now()),
          lt(authChallenges.attempts, maxAttempts),
        ),
      )
      .returning({ id: authChallenges.id });
    return claimed.length > 0;
  }

  /** Marks it used; false when another request spent it first. */
  async spend(id: string): Promise<boolean> {
    const spent = await this.db
      .update(authChallenges)
      .set({ usedAt: this.clock.now() })
      .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
      .returning({ id: authChallenges.id });
    return spent.length > 0;
  }

  /** A challenge kept by the person rather than by token (a passkey being registered): one at a time. */
  async openForUser(userId: string, purpose: ChallengePurpose, ttlSeconds: number, data: ChallengeData) {
    await this.db
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, purpose)));
    await this.open(userId, purpose, ttlSeconds, data);
  }

  /** Takes (spends) the person's latest open challenge of `purpose`. */
  async takeForUser(userId: string, purpose: ChallengePurpose): Promise<ChallengeData | null> {
    const [row] = await this.db
      .select()
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.userId, userId),
          eq(authChallenges.purpose, purpose),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, this.clock.now()),
        ),
      )
      .orderBy(desc(authChallenges.createdAt))
      .limit(1);
    if (!row || !(await this.spend(row.id))) return null;
    return parseData(row.data);
  }
}
