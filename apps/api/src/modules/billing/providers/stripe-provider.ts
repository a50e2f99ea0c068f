import Stripe from 'stripe';
import type { Clock } from '../../../platform/clock.js';
import { AppError, conflict } from '../../../platform/http/errors.js';
import { verifySignature } from '../webhook-signature.js';
import type {
  Checkout,
  CheckoutInput,
  PaymentProvider,
  RefundInput,
  RefundResult,
  VerifiedEvent,
} from './provider.js';
import { translateStripeEvent } from './stripe-events.js';

/** How long one call to Stripe may take before the SDK gives up, and how often it then tries again. */
export const STRIPE_TIMEOUT_MS = 15_000;
export const STRIPE_NETWORK_RETRIES = 1;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in for Stripe's API (tests): `http://127.0.0.1:1234`. */
  apiUrl?: string;
}

/**
 * Stripe Checkout: one payment (plan changes, one-time plans), or subscription mode for a recurring
 * plan, which Stripe then renews itself (`invoice.*` events, decision 021). The session carries our
 * payment id; only the signed `checkout.session.completed` webhook (with `payment_status: paid`)
 * grants access. Refunds and
 * disputes name the PaymentIntent, which the completed session recorded on the payment.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly methodLabel = 'Card (Stripe)';
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly clock: Clock,
  ) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      timeout: STRIPE_TIMEOUT_MS,
      ...(api
        ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
  }

  async createCheckout(input: CheckoutInput): Promise<Checkout> {
    const metadata = { paymentId: input.paymentId };
    // A recurring plan: subscription mode, so Stripe saves the card and charges each period itself.
    const mode = input.recurring
      ? ({ mode: 'subscription', subscription_data: { metadata } } as const)
      : ({ mode: 'payment', payment_intent_data: { metadata } } as const);
    const session = await this.stripe.checkout.sessions.create(
      {
        ...mode,
        customer_email: input.customerEmail,
        client_reference_id: input.paymentId,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.description },
              ...(input.recurring ? { recurring: { interval: input.recurring.interval } } : {}),
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // One checkout per payment even if the call is retried.
      { idempotencyKey: `checkout-${input.paymentId}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { providerRef: session.id, url: session.url };
  }

  /** Cancel at period end, or resume: Stripe stops (or keeps) charging; its webhook confirms. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  /** Ends a Stripe subscription now (its access ended here: full refund, lost dispute). */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already canceled or gone: nothing left to stop.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  /** Stripe's customer portal (card, invoices), opened by "Manage billing". */
  async billingPortal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  /**
   * A Refund on the PaymentIntent. The idempotency key names the payment and the total refunded
   * after it, so a double click or a retried request is the same refund at Stripe, not a second one.
   * Stripe's `charge.refunded` webhook for it then changes nothing (the total is already recorded).
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    if (!input.providerPaymentRef)
      throw conflict('Stripe has not named this payment’s PaymentIntent, so it cannot be refunded here');
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: input.providerPaymentRef,
          amount: input.amountCents,
          metadata: { paymentId: input.paymentId },
        },
        { idempotencyKey: `refund-${input.paymentId}-${input.totalRefundedCents}` },
      );
    } catch (error) {
      // Stripe's own message says why (already refunded, amount too high…); nothing was refunded.
      if (error instanceof Stripe.errors.StripeError && error.type !== 'StripeConnectionError')
        throw new AppError(502, `Stripe refused the refund: ${error.message}`);
      // No answer (timed out, connection lost): the request may have reached Stripe. If it did, its
      // `charge.refunded` brings the refund here, and a retry of the same amount is the same refund.
      throw new AppError(
        502,
        'Stripe did not answer, so this refund may or may not have been made. Reload in a minute to see whether it shows; if it does not, try again.',
      );
    }
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new AppError(502, `Stripe refused the refund (${refund.status})`);
    return { refundId: refund.id, state: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
  }

  /**
   * Checked with the same verifier as the sandbox: HMAC-SHA256 over `t.body`, and a timestamp within
   * ±5 minutes of our clock. (The SDK's own check refuses only old timestamps, not future ones.)
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['stripe-signature'];
    verifySignature(
      this.settings.webhookSecret,
      rawBody,
      Array.isArray(header) ? undefined : header,
      this.clock.now(),
    );
    return translateStripeEvent(rawBody);
  }
}
