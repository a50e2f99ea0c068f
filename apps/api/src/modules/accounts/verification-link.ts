import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_HOURS, VERIFY_EMAIL_PAGE } from '@app/contract';
import type { DbOrTransaction } from '../../db/client.js';
import { emailVerifications } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';

const TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000;
/** What `email_verifications.token_hash` holds of a link's token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new link for the person's current address: 32 random bytes, stored only as their SHA-256, good
 * for 48 hours. Written with the caller's `db` (the sign-up transaction), and returned as the URL.
 */
export async function issueVerificationLink(
  db: DbOrTransaction,
  user: { id: string; email: string },
  options: { clock: Clock; base: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = options.clock.now();
  await db.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    tokenHash: tokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS),
  });
  return `${options.base}${VERIFY_EMAIL_PAGE}?token=${token}`;
}
