import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { accountMembers, users } from '../../../db/schema/index.js';
import type { AuditTrail } from '../../../platform/audit/audit-trail.js';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/http/errors.js';

/**
 * An account owner's (or admin's) rule that every member signs in with a second factor. The guard
 * (requireAccess) refuses members without one in that account; turning it on needs a factor of
 * one's own, so the owner does not lock themselves out.
 */
export async function setMemberTwoFactorPolicy(
  deps: { db: Db; clock: Clock; audit: AuditTrail; userChanged(userId: string): Promise<void> },
  by: AuthUser,
  accountId: string,
  required: boolean,
  ip: string,
): Promise<void> {
  if (required && !by.hasSecondFactor) {
    throw badRequest('Set up your own authenticator app or passkey first, then require one of every member');
  }
  const members = await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ requireMemberTwoFactor: required, updatedAt: deps.clock.now() })
      .where(eq(users.id, accountId));
    await deps.audit.record(
      { accountId, actor: by, action: 'account.two_factor_policy', detail: { required }, ip },
      tx,
    );
    return tx
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, accountId));
  });
  // Every member's session state carries the rule: each instance re-reads them.
  for (const member of members) await deps.userChanged(member.userId);
}
