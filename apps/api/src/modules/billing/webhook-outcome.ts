import type { PaymentRow } from '../../db/schema/index.js';
import type { VerifiedEvent } from './providers/provider.js';

/** What a verified event does to a payment in its current state; stored with the event. */
export type AppliedOutcome =
  | 'paid'
  | 'canceled'
  | 'failed'
  | 'refunded'
  | 'partially-refunded'
  | 'dispute-opened'
  | 'dispute-won'
  | 'dispute-lost'
  | 'already-paid'
  /** Paid, but for a period another payment already paid (decision 021): refunded, adds nothing. */
  | 'period-already-paid'
  | 'ignored-after-paid'
  | 'already-refunded'
  | 'not-paid'
  | 'amount-mismatch'
  | 'currency-mismatch'
  | 'unknown-payment'
  | 'ignored';

/**
 * Order-independent rules: `paid` is terminal for checkout events (a late cancel or failure changes
 * nothing; a payment after a cancel is honoured, the money was taken); an amount or currency other
 * than the payment's grants nothing; refunds and disputes act only on a paid payment, once.
 */
export function decideOutcome(event: VerifiedEvent, payment: PaymentRow | undefined): AppliedOutcome {
  if (!payment) return event.outcome === 'ignored' ? 'ignored' : 'unknown-payment';
  if (event.currency !== null && event.currency !== payment.currency.toLowerCase())
    return 'currency-mismatch';
  const settled = payment.status === 'paid' || payment.status === 'refunded';
  switch (event.outcome) {
    case 'paid':
      if (settled) return 'already-paid';
      if (event.amountCents !== null && event.amountCents !== payment.amountCents) return 'amount-mismatch';
      return 'paid';
    case 'canceled':
    case 'failed':
      if (settled) return 'ignored-after-paid';
      return payment.status === 'pending' ? event.outcome : 'ignored';
    case 'refunded': {
      if (payment.status === 'refunded') return 'already-refunded';
      if (payment.status !== 'paid') return 'not-paid';
      const total = event.refund?.amountCents ?? payment.amountCents;
      if (event.refund?.full || total >= payment.amountCents) return 'refunded';
      return total > payment.refundedCents ? 'partially-refunded' : 'already-refunded';
    }
    case 'dispute-opened':
      if (payment.status !== 'paid') return 'not-paid';
      // A dispute already closed (events out of order) is not reopened.
      return payment.disputeStatus === null ? 'dispute-opened' : 'ignored';
    case 'dispute-won':
      return payment.disputeStatus === 'open' ? 'dispute-won' : 'ignored';
    case 'dispute-lost':
      if (payment.status !== 'paid') return 'not-paid';
      return payment.disputeStatus === 'open' || payment.disputeStatus === null ? 'dispute-lost' : 'ignored';
    case 'ignored':
      return 'ignored';
  }
}
