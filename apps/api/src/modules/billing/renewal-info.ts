import type { RenewalInfo } from '@app/contract';
import type { PlanSubscriptionRow, SubscriptionRenewalRow } from '../../db/schema/index.js';

/** How a subscription renews, as the Subscriptions tab shows it (decision 021). */
export function renewalInfo(
  subscription: Pick<PlanSubscriptionRow, 'cancelAtPeriodEnd'>,
  renewal: SubscriptionRenewalRow | null,
): RenewalInfo {
  const status = renewal?.status ?? 'off';
  const card = renewal?.cardLast4
    ? `•••• ${renewal.cardLast4}${renewal.cardExpiry ? ` (${renewal.cardExpiry})` : ''}`
    : null;
  return {
    automatic: status !== 'off' && !subscription.cancelAtPeriodEnd,
    provider: renewal && status !== 'off' ? renewal.provider : null,
    status,
    card: status === 'off' ? null : card,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    failed_attempts: status === 'past_due' ? (renewal?.failedAttempts ?? 0) : 0,
    next_attempt_at: status === 'past_due' ? (renewal?.nextAttemptAt?.toISOString() ?? null) : null,
    past_due_since: status === 'past_due' ? (renewal?.pastDueSince?.toISOString() ?? null) : null,
  };
}
