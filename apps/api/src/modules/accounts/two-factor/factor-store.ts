import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { passkeys, recoveryCodes, totpFactors } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';

export type TotpRow = typeof totpFactors.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;

/** The rows of a person's second factors: the authenticator app, its recovery codes, passkeys. */
export class FactorStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async totpOf(userId: string): Promise<TotpRow | null> {
    const [row] = await this.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
    return row ?? null;
  }

  /** A new secret waiting for its first code (replaces one never confirmed). */
  async putPendingTotp(userId: string, secretCiphertext: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insert(totpFactors)
      .values({ userId, secretCiphertext, createdAt: now })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secretCiphertext, confirmedAt: null, lastUsedStep: null, createdAt: now },
      });
  }

  /**
   * Takes a 30-second step for the person's app if no later or equal one was taken: the database
   * decides, so two requests with one code cannot both pass. `confirm` also marks the app set up.
   */
  async claimTotpStep(userId: string, step: number, db: DbOrTransaction = this.db, confirm = false) {
    const claimed = await db
      .update(totpFactors)
      .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: this.clock.now() } : {}) })
      .where(
        and(
          eq(totpFactors.userId, userId),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return claimed.length > 0;
  }

  async deleteTotp(db: DbOrTransaction, userId: string): Promise<void> {
    await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  }

  async replaceRecoveryCodes(db: DbOrTransaction, userId: string, hashes: string[]): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length === 0) return;
    const now = this.clock.now();
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  }

  /** Spends a recovery code; false when it is not one of the person's unused codes. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.clock.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  passkeysOf(userId: string): Promise<PasskeyRow[]> {
    return this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt));
  }

  async passkeyByCredential(userId: string, credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await this.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
      .limit(1);
    return row ?? null;
  }

  async passkeyUsed(id: string, counter: number): Promise<void> {
    await this.db.update(passkeys).set({ counter, lastUsedAt: this.clock.now() }).where(eq(passkeys.id, id));
  }
}
