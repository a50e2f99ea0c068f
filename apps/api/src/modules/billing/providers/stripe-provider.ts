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

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in for Stripe's API (tests): `http://127.0.0.1:1234`. */
  apiUrl?: string;
}

/**
 * Stripe Checkout (one payment per period). The session carries our payment id; only the signed
 * `checkout.session.completed` webhook (with `payment_status: paid`) grants access. Refunds and
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
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(api
        ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
  }

  async createCheckout(input: CheckoutInput): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: input.customerEmail,
        client_reference_id: input.paymentId,
        metadata: { paymentId: input.paymentId },
        payment_intent_data: { metadata: { paymentId: input.paymentId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.description },
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
      throw new AppError(502, 'Stripe could not be reached; nothing was refunded. Try again.');
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
