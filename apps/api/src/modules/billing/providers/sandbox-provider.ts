import { randomUUID } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, ZSandboxEvent } from '@app/contract';
import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/http/errors.js';
import { signPayload, verifySignature } from '../webhook-signature.js';
import type {
  Checkout,
  CheckoutInput,
  EventOutcome,
  PaymentProvider,
  RefundInput,
  RefundResult,
  VerifiedEvent,
} from './provider.js';

const SANDBOX_OUTCOME: Record<SandboxEvent['type'], EventOutcome> = {
  'checkout.completed': 'paid',
  'checkout.canceled': 'canceled',
  'checkout.failed': 'failed',
  'payment.refunded': 'refunded',
  'payment.dispute.opened': 'dispute-opened',
  'payment.dispute.won': 'dispute-won',
  'payment.dispute.lost': 'dispute-lost',
};

/** The web app's hosted test-card page (the popup). */
export const SANDBOX_CHECKOUT_PAGE = '/payments/sandbox/checkout';

/**
 * The default provider: no third party. The popup is the product's own test-card page; the
 * "processor" (sandbox routes) reports the outcome as a webhook signed with HMAC-SHA256, which goes
 * through exactly the verification a real provider's webhook does.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly methodLabel = 'Card (sandbox)';

  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async createCheckout(input: CheckoutInput): Promise<Checkout> {
    return {
      providerRef: input.paymentId,
      url: `${SANDBOX_CHECKOUT_PAGE}?payment=${encodeURIComponent(input.paymentId)}`,
    };
  }

  /**
   * No money moved, so none goes back: the refund is named by the payment and the total it reaches,
   * which makes a repeated request the same refund (refunds.ts stores it once under that name).
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    return { refundId: `re_sandbox_${input.paymentId}_${input.totalRefundedCents}`, state: 'succeeded' };
  }

  /** Builds and signs an event as the sandbox processor sends it. */
  signEvent(
    type: SandboxEvent['type'],
    data: SandboxEvent['data'],
  ): { body: string; headers: Record<string, string> } {
    const created = Math.floor(this.clock.now().getTime() / 1000);
    const event: SandboxEvent = { id: `evt_${randomUUID()}`, type, created, data };
    const body = JSON.stringify(event);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signPayload(this.secret, body, created),
      },
    };
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    verifySignature(this.secret, rawBody, Array.isArray(header) ? header[0] : header, this.clock.now());
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw badRequest('Webhook body is not JSON');
    }
    const parsed = ZSandboxEvent.safeParse(json);
    if (!parsed.success) throw badRequest('Unrecognised webhook event');
    const event = parsed.data;
    const { amount, currency, amountRefunded } = event.data;
    return {
      eventId: event.id,
      rawType: event.type,
      outcome: SANDBOX_OUTCOME[event.type],
      paymentId: event.data.paymentID,
      providerPaymentRef: null,
      amountCents: amount ?? null,
      currency: currency?.toLowerCase() ?? null,
      ...(event.type === 'payment.refunded'
        ? { refund: { amountCents: amountRefunded ?? 0, full: amountRefunded === undefined } }
        : {}),
      billing: event.data.billing ?? {},
      payload: event,
    };
  }
}
