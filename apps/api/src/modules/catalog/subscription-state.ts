import { GRACE_DAYS, type PlanTerm } from '@app/contract';
import type { DerivedState } from '../../ports/catalog.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const GRACE_MS = GRACE_DAYS * DAY_MS;

/** What changes a subscription's end besides its period end (decision 021). */
export interface StateTerms {
  heldAt?: Date | null;
  /** Dunning: the grace counts from here (after the last failed retry), not from the period end. */
  graceStartsAt?: Date | null;
  /** Canceled at period end: access ends at the period end, with no grace. */
  cancelAtPeriodEnd?: boolean;
}

/**
 * A subscription's state is a function of its period end and the clock, so it is right at every
 * instant without a cron: active until the period ends, then 10 days of grace (still working), then
 * suspended until a payment moves the period end forward. The one stored flag is a dispute's hold
 * (`heldAt`), which suspends it from that moment until the dispute is won. An automatic renewal
 * that failed moves the start of the grace to its last retry (`graceStartsAt`); a subscription
 * canceled at period end has no grace (decision 021).
 */
export function deriveState(
  periodEnd: Date | null,
  now: Date,
  heldAt: Date | null = null,
  terms: Omit<StateTerms, 'heldAt'> = {},
): DerivedState {
  if (heldAt) return { state: 'suspended', accessEndsAt: heldAt, graceDaysLeft: 0, onHold: true };
  if (!periodEnd) return { state: 'active', accessEndsAt: null, graceDaysLeft: null, onHold: false };
  if (terms.cancelAtPeriodEnd) {
    const state = now < periodEnd ? 'active' : 'suspended';
    return { state, accessEndsAt: periodEnd, graceDaysLeft: state === 'active' ? null : 0, onHold: false };
  }
  const graceStart = terms.graceStartsAt && terms.graceStartsAt > periodEnd ? terms.graceStartsAt : periodEnd;
  const accessEndsAt = new Date(graceStart.getTime() + GRACE_MS);
  if (now < graceStart) return { state: 'active', accessEndsAt, graceDaysLeft: null, onHold: false };
  if (now < accessEndsAt) {
    const graceDaysLeft = Math.ceil((accessEndsAt.getTime() - now.getTime()) / DAY_MS);
    return { state: 'grace', accessEndsAt, graceDaysLeft, onHold: false };
  }
  return { state: 'suspended', accessEndsAt, graceDaysLeft: 0, onHold: false };
}

/** deriveState for a subscription row. */
export function stateOf(
  subscription: { currentPeriodEnd: Date | null; heldAt: Date | null } & Omit<StateTerms, 'heldAt'>,
  now: Date,
): DerivedState {
  return deriveState(subscription.currentPeriodEnd, now, subscription.heldAt, {
    graceStartsAt: subscription.graceStartsAt ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd ?? false,
  });
}

/** One term later in calendar terms (UTC): the 31st of a month clamps to the next month's end. */
export function addTerm(from: Date, term: PlanTerm): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (term === 'y') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * Where a paid renewal starts. Within grace the new period continues from the old end, so late payment
 * never extends the deadline (docs/product-contract.md §States); once suspended, it starts at the
 * payment.
 */
export function renewalStart(periodEnd: Date | null, now: Date, graceStartsAt: Date | null = null): Date {
  if (!periodEnd) return now;
  const graceStart = graceStartsAt && graceStartsAt > periodEnd ? graceStartsAt : periodEnd;
  return now.getTime() < graceStart.getTime() + GRACE_MS ? periodEnd : now;
}

export interface ProrationInput {
  now: Date;
  periodEnd: Date | null;
  from: { priceCents: number; term: PlanTerm; isRecurring: boolean; isFree: boolean };
  to: { priceCents: number; term: PlanTerm; isRecurring: boolean; isFree: boolean };
}

/**
 * The difference to pay when changing plan. The unused part of the current period is credited; the
 * target plan is charged for the period it will run: the rest of the current period when the terms
 * match, else a fresh term from now. Never negative (no refunds for downgrades).
 */
export function prorate(input: ProrationInput): { amountCents: number; periodEnd: Date | null } {
  const { now, periodEnd, from, to } = input;
  if (to.isFree) return { amountCents: 0, periodEnd: null };
  const remaining = periodEnd ? Math.max(0, periodEnd.getTime() - now.getTime()) : 0;
  const fraction = (end: Date | null, term: PlanTerm) => {
    if (!end) return 0;
    const length = addTerm(now, term).getTime() - now.getTime();
    return Math.min(1, remaining / length);
  };
  const credit = from.isRecurring && !from.isFree ? from.priceCents * fraction(periodEnd, from.term) : 0;
  if (!to.isRecurring)
    return { amountCents: Math.max(0, Math.round(to.priceCents - credit)), periodEnd: null };
  if (from.isRecurring && !from.isFree && periodEnd && from.term === to.term && remaining > 0) {
    const charge = to.priceCents * fraction(periodEnd, to.term) - credit;
    return { amountCents: Math.max(0, Math.round(charge)), periodEnd };
  }
  return { amountCents: Math.max(0, Math.round(to.priceCents - credit)), periodEnd: addTerm(now, to.term) };
}
