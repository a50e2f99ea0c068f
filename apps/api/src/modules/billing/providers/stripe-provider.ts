import Stripe from 'stripe';
import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/http/errors.js';
import { BAD_SIGNATURE_MESSAGE } from '../webhook-signature.js';
import type { Checkout, CheckoutInput, PaymentProvider, VerifiedEvent } from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in for Stripe's API (tests): `http://127.0.0.1:1234`. */
  apiUrl?: string;
}

const TOLERANCE_SECONDS = 300;

/**
 * Stripe Checkout (one payment per period). The session carries our payment id; only the signed
 * `checkout.session.completed` webhook (with `payment_status: paid`) grants access.
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

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['stripe-signature'];
    if (!header || Array.isArray(header)) throw badRequest(BAD_SIGNATURE_MESSAGE);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.settings.webhookSecret,
        TOLERANCE_SECONDS,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (error) {
      const message =
        error instanceof Error && /tolerance/i.test(error.message)
          ? 'Webhook timestamp outside the tolerance'
          : BAD_SIGNATURE_MESSAGE;
      throw badRequest(message);
    }
    const base = { eventId: event.id, rawType: event.type, payload: event, billing: {} };
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded' ||
      event.type === 'checkout.session.expired' ||
      event.type === 'checkout.session.async_payment_failed'
    ) {
      const session = event.data.object;
      const paymentId = session.metadata?.paymentId ?? session.client_reference_id ?? null;
      const details = session.customer_details;
      const [firstName, ...rest] = (details?.name ?? '').split(' ');
      const billing = {
        firstName: firstName ?? '',
        lastName: rest.join(' '),
        phone: details?.phone ?? '',
        address: [details?.address?.line1, details?.address?.line2].filter(Boolean).join(', '),
        city: details?.address?.city ?? '',
        country: details?.address?.country ?? '',
      };
      const outcome =
        event.type === 'checkout.session.expired'
          ? 'canceled'
          : event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : session.payment_status === 'paid'
              ? 'paid'
              : 'ignored';
      return { ...base, outcome, paymentId, amountCents: session.amount_total ?? null, billing };
    }
    return { ...base, outcome: 'ignored', paymentId: null, amountCents: null };
  }
}
