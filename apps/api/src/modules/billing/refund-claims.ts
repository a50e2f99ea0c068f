import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTransaction } from '../../db/client.js';
import { refundClaims } from '../../db/schema/index.js';
import { conflict } from '../../platform/http/errors.js';
import { STRIPE_NETWORK_RETRIES, STRIPE_TIMEOUT_MS } from './providers/stripe-provider.js';

export const REFUND_IN_PROGRESS_MESSAGE =
  'Another refund of this payment is being made. Reload in a moment to see it.';

/**
 * When a claim was surely left by a process that died during the provider's call: Stripe's SDK gives
 * up on a call after STRIPE_TIMEOUT_MS and tries once more, so a live refund has its answer well
 * within this (the margin covers the SDK's back-off and a slow database).
 */
export const REFUND_CLAIM_STALE_MS = (STRIPE_NETWORK_RETRIES + 1) * STRIPE_TIMEOUT_MS + 90_000;

/** A refund of one payment being made at its provider (decision 022). */
export interface RefundClaim {
  paymentId: string;
  claimId: string;
  amountCents: number;
  totalCents: number;
}

/**
 * Claims the payment's refund, in the caller's short transaction that holds the payment row locked
 * (so two claims of one payment are decided one after the other). A claim still open is refused at
 * once, never waited for; a stale one is taken over (decision 022, crash safety).
 */
export async function claimRefund(
  tx: DbOrTransaction,
  refund: Omit<RefundClaim, 'claimId'> & { claimedBy: string; now: Date },
  log: FastifyBaseLogger,
): Promise<RefundClaim> {
  const [open] = await tx.select().from(refundClaims).where(eq(refundClaims.paymentId, refund.paymentId));
  if (open) {
    if (refund.now.getTime() - open.claimedAt.getTime() < REFUND_CLAIM_STALE_MS)
      throw conflict(REFUND_IN_PROGRESS_MESSAGE);
    log.warn(
      { ...open, takenOverBy: refund.claimedBy },
      'refund claim left by a refund that never finished taken over',
    );
  }
  const claim = {
    paymentId: refund.paymentId,
    claimId: randomUUID(),
    amountCents: refund.amountCents,
    totalCents: refund.totalCents,
  };
  const row = { ...claim, claimedBy: refund.claimedBy, claimedAt: refund.now };
  await tx.insert(refundClaims).values(row).onConflictDoUpdate({ target: refundClaims.paymentId, set: row });
  return claim;
}

/** Ends the claim once the provider's answer is recorded or its refusal known; a claim taken over stays. */
export async function releaseRefundClaim(db: DbOrTransaction, claim: RefundClaim): Promise<void> {
  await db
    .delete(refundClaims)
    .where(and(eq(refundClaims.paymentId, claim.paymentId), eq(refundClaims.claimId, claim.claimId)));
}
