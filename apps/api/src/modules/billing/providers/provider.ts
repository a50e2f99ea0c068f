/** What a checkout needs, whatever the provider. Amounts are integer cents. */
export interface CheckoutInput {
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's id of the checkout (Stripe session id; the payment id for the sandbox). */
  providerRef: string;
  /** Where the popup goes: the sandbox's own test-card page or Stripe's hosted checkout. */
  url: string;
}

export interface BillingDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  city?: string;
  country?: string;
  last4?: string;
}

/** What a provider's event means for a payment, before it is checked against the payment's state. */
export type EventOutcome =
  | 'paid'
  | 'canceled'
  | 'failed'
  | 'refunded'
  | 'dispute-opened'
  | 'dispute-won'
  | 'dispute-lost'
  | 'ignored';

/** A webhook event after its signature and timestamp were verified. */
export interface VerifiedEvent {
  eventId: string;
  /** The provider's own type, stored for the log. */
  rawType: string;
  outcome: EventOutcome;
  /** Our payment id, when the event carries it (checkout events). */
  paymentId: string | null;
  /** The provider's id of the money (Stripe PaymentIntent): how refunds and disputes name a payment. */
  providerPaymentRef: string | null;
  /** What the provider says was paid, checked with the currency before access is granted. */
  amountCents: number | null;
  /** Lower-case ISO code, or null when the event does not say. */
  currency: string | null;
  /** `refunded`: the total refunded so far, and whether that is all of the payment. */
  refund?: { amountCents: number; full: boolean };
  billing: BillingDetails;
  payload: unknown;
}

/** An admin's refund of (part of) a paid payment (refunds.ts). */
export interface RefundInput {
  paymentId: string;
  /** The provider's id of the money (Stripe PaymentIntent); null for the sandbox. */
  providerPaymentRef: string | null;
  /** What goes back now. */
  amountCents: number;
  /** All that will have gone back once this one is made: names the refund for idempotency. */
  totalRefundedCents: number;
  currency: string;
}

export interface RefundResult {
  /** The provider's id of the refund: the same for a retried request. */
  refundId: string;
  /** `pending`: the provider confirms it later (its webhook then applies it). */
  state: 'succeeded' | 'pending';
}

/**
 * A card payment provider. Only `verifyWebhook` may lead to access being granted: the browser's
 * return to /payment-status proves nothing.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly methodLabel: string;
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** Throws a 400 AppError for a missing/bad signature or a timestamp outside the tolerance. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
  /** Gives money back; a retry with the same input does not refund twice. Throws an AppError if refused. */
  refund(input: RefundInput): Promise<RefundResult>;
}
