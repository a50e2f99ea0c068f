import { z } from 'zod';
import { badRequest } from '../../../platform/http/errors.js';
import type { LifecycleEvent } from './provider.js';

/**
 * Stripe's events about the subscriptions it renews (decision 021), validated. Both shapes of the
 * API are read: the invoice's subscription under `parent.subscription_details` (2025-03 and later)
 * or at the top (older versions); the period end on the subscription items or the subscription.
 */
const ZRef = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

const ZUnix = z.number().int().nullish();

const ZInvoice = z.object({
  id: z.string().min(1),
  subscription: ZRef,
  parent: z.object({ subscription_details: z.object({ subscription: ZRef }).nullish() }).nullish(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int().nullish(),
  currency: z.string(),
  attempt_count: z.number().int().nullish(),
  next_payment_attempt: ZUnix,
  payment_intent: ZRef,
  payments: z
    .object({ data: z.array(z.object({ payment: z.object({ payment_intent: ZRef }).nullish() })) })
    .nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: ZUnix }).nullish() })) }).nullish(),
});

const ZSubscription = z.object({
  id: z.string().min(1),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: ZUnix,
  items: z.object({ data: z.array(z.object({ current_period_end: ZUnix })) }).nullish(),
});

const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('Unrecognised webhook event');
  return parsed.data;
}

/** The lifecycle event a Stripe event type means, or null for a type this product does not act on. */
export function translateLifecycle(type: string, object: unknown): LifecycleEvent | null {
  if (type === 'invoice.paid' || type === 'invoice.payment_failed') {
    const invoice = parse(ZInvoice, object);
    const subscriptionRef = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
    // An invoice of no subscription (a one-off) is not a renewal.
    if (!subscriptionRef) return null;
    if (type === 'invoice.payment_failed') {
      return {
        kind: 'invoice-failed',
        subscriptionRef,
        invoiceId: invoice.id,
        attemptCount: invoice.attempt_count ?? 1,
        nextAttemptAt: date(invoice.next_payment_attempt),
      };
    }
    return {
      kind: 'invoice-paid',
      subscriptionRef,
      invoiceId: invoice.id,
      billingReason: invoice.billing_reason ?? null,
      amountCents: invoice.amount_paid ?? 0,
      currency: invoice.currency.toLowerCase(),
      periodEnd: date(invoice.lines?.data[0]?.period?.end),
      paymentRef: invoice.payment_intent ?? invoice.payments?.data[0]?.payment?.payment_intent ?? null,
    };
  }
  if (type === 'customer.subscription.updated') {
    const subscription = parse(ZSubscription, object);
    return {
      kind: 'subscription-updated',
      subscriptionRef: subscription.id,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
      periodEnd: date(subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end),
    };
  }
  if (type === 'customer.subscription.deleted') {
    return { kind: 'subscription-deleted', subscriptionRef: parse(ZSubscription, object).id };
  }
  return null;
}
