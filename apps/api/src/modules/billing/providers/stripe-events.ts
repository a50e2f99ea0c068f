import { z } from 'zod';
import { badRequest } from '../../../platform/http/errors.js';
import type { VerifiedEvent } from './provider.js';
import { translateLifecycle } from './stripe-lifecycle-events.js';

/**
 * The parts of Stripe's events this product acts on, validated (a signed body is still only trusted
 * as far as its shape): Checkout sessions grant, charges refund, disputes hold and end access.
 */
const ZStripeEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** `payment_intent` is an id, or the object when expanded. */
const ZRef = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

const ZSession = z.object({
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: ZRef,
  mode: z.string().nullish(),
  subscription: ZRef,
  customer: ZRef,
  customer_details: z
    .object({
      name: z.string().nullish(),
      phone: z.string().nullish(),
      address: z
        .object({
          line1: z.string().nullish(),
          line2: z.string().nullish(),
          city: z.string().nullish(),
          country: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

const ZCharge = z.object({
  payment_intent: ZRef,
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  refunded: z.boolean(),
});

const ZDispute = z.object({
  payment_intent: ZRef,
  currency: z.string(),
  status: z.string(),
});

const SESSION_OUTCOME = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'canceled',
  'checkout.session.async_payment_failed': 'failed',
} as const;

/** A closed dispute: won (or an inquiry closed without a chargeback) restores; lost ends access. */
const CLOSED_DISPUTE_OUTCOME: Record<string, 'dispute-won' | 'dispute-lost'> = {
  won: 'dispute-won',
  warning_closed: 'dispute-won',
  lost: 'dispute-lost',
};

function shape<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('Unrecognised webhook event');
  return parsed.data;
}

/** Turns a verified Stripe event body into what the payment service acts on (400 if malformed). */
export function translateStripeEvent(rawBody: string): VerifiedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('Webhook body is not JSON');
  }
  const event = shape(ZStripeEvent, json);
  const base = {
    eventId: event.id,
    rawType: event.type,
    payload: json,
    billing: {},
    paymentId: null,
    providerPaymentRef: null,
    amountCents: null,
    currency: null,
  };
  const object = event.data.object;

  if (event.type in SESSION_OUTCOME) {
    const session = shape(ZSession, object);
    const outcome = SESSION_OUTCOME[event.type as keyof typeof SESSION_OUTCOME];
    const details = session.customer_details;
    const [firstName, ...rest] = (details?.name ?? '').split(' ');
    return {
      ...base,
      ...(session.subscription
        ? { recurring: { customerId: session.customer, subscriptionId: session.subscription } }
        : {}),
      // A completed session still waiting for an asynchronous payment method grants nothing yet.
      outcome: outcome === 'paid' && session.payment_status !== 'paid' ? 'ignored' : outcome,
      paymentId: session.metadata?.paymentId ?? session.client_reference_id ?? null,
      providerPaymentRef: session.payment_intent,
      amountCents: session.amount_total ?? null,
      currency: session.currency?.toLowerCase() ?? null,
      billing: {
        firstName: firstName ?? '',
        lastName: rest.join(' '),
        phone: details?.phone ?? '',
        address: [details?.address?.line1, details?.address?.line2].filter(Boolean).join(', '),
        city: details?.address?.city ?? '',
        country: details?.address?.country ?? '',
      },
    };
  }

  if (event.type === 'charge.refunded') {
    const charge = shape(ZCharge, object);
    return {
      ...base,
      outcome: 'refunded',
      providerPaymentRef: charge.payment_intent,
      amountCents: charge.amount,
      currency: charge.currency.toLowerCase(),
      refund: {
        amountCents: charge.amount_refunded,
        full: charge.refunded || charge.amount_refunded >= charge.amount,
      },
    };
  }

  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = shape(ZDispute, object);
    const outcome =
      event.type === 'charge.dispute.created'
        ? 'dispute-opened'
        : (CLOSED_DISPUTE_OUTCOME[dispute.status] ?? 'ignored');
    return {
      ...base,
      outcome,
      providerPaymentRef: dispute.payment_intent,
      currency: dispute.currency.toLowerCase(),
    };
  }

  const lifecycle = translateLifecycle(event.type, object);
  if (lifecycle) return { ...base, outcome: 'ignored', lifecycle };

  return { ...base, outcome: 'ignored' };
}
