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

/** A webhook event after its signature and timestamp were verified. */
export interface VerifiedEvent {
  eventId: string;
  /** The provider's own type, stored for the log. */
  rawType: string;
  outcome: 'paid' | 'canceled' | 'failed' | 'ignored';
  paymentId: string | null;
  /** What the provider says was paid, checked against the payment before access is granted. */
  amountCents: number | null;
  billing: BillingDetails;
  payload: unknown;
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
}
