import { randomUUID } from 'node:crypto';
import { PORTAL_LIMITS, portalText } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import type { Clock } from '../../platform/clock.js';
import { codedError } from '../../platform/http/errors.js';
import { hashCode, newCode, sameSecret } from './secrets.js';

export interface NewAttempt {
  attemptId: string;
  code: string;
}

interface AttemptRow {
  id: string;
  email: string;
  code_hash: string;
  expires_at: Date | string;
  wrong_tries: number;
  used_at: Date | string | null;
}

/**
 * Mailed one-time codes (decision 036): 6 digits, 10 minutes, single use, only their hash kept. A
 * wrong code spends a try of this attempt alone; after `codeTriesPerAttempt` the attempt is spent
 * and nothing else is locked (another attempt for the same email still works).
 */
export class SignInCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Writes an attempt (for any email: the work is the same whether it holds a licence or not). */
  async create(db: DbOrTransaction, ownerId: string, email: string, ip: string | null): Promise<NewAttempt> {
    const code = newCode();
    const attemptId = randomUUID();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + PORTAL_LIMITS.codeTtlMinutes * 60_000);
    await db.execute(
      sql`insert into portal_sign_in_attempts (id, owner_id, email, code_hash, expires_at, ip, created_at)
          values (${attemptId}::uuid, ${ownerId}::uuid, ${email}, ${hashCode(attemptId, code)},
            ${expires.toISOString()}::timestamptz, ${ip}, ${now.toISOString()}::timestamptz)`,
    );
    return { attemptId, code };
  }

  /** The attempt's email once its code is right (and the attempt is used); else a 401 naming why. */
  async verify(ownerId: string, attemptId: string, code: string): Promise<string> {
    const now = this.clock.now().toISOString();
    const [attempt] = await rawRows<AttemptRow>(
      this.db,
      sql`select id, email, code_hash, expires_at, wrong_tries, used_at from portal_sign_in_attempts
          where id = ${attemptId}::uuid and owner_id = ${ownerId}::uuid`,
    );
    if (!attempt) throw codedError('portal_code_invalid', portalText('codeWrong'), 'code');
    if (attempt.used_at !== null || new Date(attempt.expires_at).getTime() <= Date.parse(now)) {
      throw codedError('portal_code_expired', portalText('codeExpired'), 'code');
    }
    if (Number(attempt.wrong_tries) >= PORTAL_LIMITS.codeTriesPerAttempt) throw spent();
    if (sameSecret(hashCode(attempt.id, code), attempt.code_hash)) {
      // Conditional, so two requests with the right code open one session.
      const [used] = await rawRows<{ email: string }>(
        this.db,
        sql`update portal_sign_in_attempts set used_at = ${now}::timestamptz
            where id = ${attempt.id}::uuid and used_at is null and expires_at > ${now}::timestamptz
              and wrong_tries < ${PORTAL_LIMITS.codeTriesPerAttempt}
            returning email`,
      );
      if (!used) throw codedError('portal_code_expired', portalText('codeExpired'), 'code');
      return used.email;
    }
    const [counted] = await rawRows<{ wrong_tries: number }>(
      this.db,
      sql`update portal_sign_in_attempts set wrong_tries = wrong_tries + 1
          where id = ${attempt.id}::uuid and wrong_tries < ${PORTAL_LIMITS.codeTriesPerAttempt}
          returning wrong_tries`,
    );
    if (!counted || Number(counted.wrong_tries) >= PORTAL_LIMITS.codeTriesPerAttempt) throw spent();
    throw codedError('portal_code_invalid', portalText('codeWrong'), 'code');
  }

  /** Deletes attempts expired more than a day ago (the clean-up job). */
  async removeOld(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - 86_400_000).toISOString();
    await this.db.execute(sql`delete from portal_sign_in_attempts where expires_at < ${before}::timestamptz`);
  }
}

const spent = () => codedError('portal_attempt_spent', portalText('codeSpent'), 'code');
