import { RENEWAL_RETRY_DAYS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type PlanSubscriptionRow,
  planSubscriptions,
  type SubscriptionRenewalRow,
  saasPlans,
  saasProducts,
  subscriptionRenewals,
  users,
} from '../../db/schema/index.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { stateOf } from '../catalog/index.js';
import { dunningMail } from './renewal-mails.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_RETRY_MS = (RENEWAL_RETRY_DAYS.at(-1) ?? 0) * DAY_MS;

export interface Failure {
  renewal: SubscriptionRenewalRow;
  subscription: PlanSubscriptionRow;
  /** The try that failed: 1 at the period end, then one per retry. */
  attempt: number;
  amountCents: number;
  currency: string;
  error: string;
  /**
   * The provider's next retry (Stripe says it in the event); undefined: our schedule (the sandbox):
   * 1, 3 and 5 days after the first failure.
   */
  providerNextAttemptAt?: Date | null;
}

/**
 * A failed automatic renewal (decision 021), inside the transaction that learnt it: the renewal is
 * past due, the next retry is scheduled, the grace is moved to start after the last retry (so it
 * runs 10 days from then), and the client is mailed with the link to update the card.
 */
export async function recordFailedRenewal(
  tx: Db,
  failure: Failure,
  now: Date,
  mailer: Mailer,
  updateCardUrl: string,
): Promise<void> {
  const { renewal, subscription, attempt } = failure;
  const pastDueSince = renewal.pastDueSince ?? now;
  const scheduled = RENEWAL_RETRY_DAYS[attempt - 1];
  const nextAttemptAt =
    failure.providerNextAttemptAt !== undefined
      ? failure.providerNextAttemptAt
      : scheduled !== undefined
        ? new Date(pastDueSince.getTime() + scheduled * DAY_MS)
        : null;
  // While retries remain, access runs until the last one; after it, the grace counts from the
  // scheduled last retry (or now, if earlier) — a later failing card never extends it.
  const graceStartsAt = nextAttemptAt
    ? failure.providerNextAttemptAt !== undefined
      ? nextAttemptAt
      : new Date(pastDueSince.getTime() + LAST_RETRY_MS)
    : subscription.graceStartsAt && subscription.graceStartsAt < now
      ? subscription.graceStartsAt
      : now;
  await tx
    .update(subscriptionRenewals)
    .set({
      status: 'past_due',
      failedAttempts: attempt,
      pastDueSince,
      nextAttemptAt,
      lastError: failure.error,
      updatedAt: now,
    })
    .where(eq(subscriptionRenewals.subscriptionId, renewal.subscriptionId));
  await tx.update(planSubscriptions).set({ graceStartsAt }).where(eq(planSubscriptions.id, subscription.id));

  const [who] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      product: saasProducts.name,
      plan: saasPlans.name,
    })
    .from(planSubscriptions)
    .innerJoin(users, eq(users.id, planSubscriptions.userId))
    .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
    .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
    .where(eq(planSubscriptions.id, subscription.id));
  if (!who) return;
  const { accessEndsAt } = stateOf({ ...subscription, graceStartsAt }, now);
  await mailer.send(
    dunningMail({
      email: who.email,
      firstName: who.firstName,
      plan: `${who.product} ${who.plan}`,
      amountCents: failure.amountCents,
      currency: failure.currency,
      attempt,
      nextAttemptAt,
      accessEndsAt,
      updateCardUrl,
    }),
    { db: tx },
  );
}

/** A renewal was paid (automatically, by hand, or after a card update): dunning is over. */
export async function clearDunning(tx: Db, subscriptionId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptionRenewals)
    .set({
      status: 'active',
      failedAttempts: 0,
      pastDueSince: null,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscriptionId),
        eq(subscriptionRenewals.status, 'past_due'),
      ),
    );
  await tx
    .update(planSubscriptions)
    .set({ graceStartsAt: null })
    .where(eq(planSubscriptions.id, subscriptionId));
}
