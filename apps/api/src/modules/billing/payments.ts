import { PAYMENT_NOT_FOUND_MESSAGE, type PaymentData, type PaymentSummary } from '@app/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type PaymentRow, paymentEvents, payments } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { CatalogService } from '../catalog/service.js';
import { fulfilPayment } from './fulfil.js';
import type { PaymentProvider } from './providers/provider.js';

export interface StartPayment {
  userId: string;
  email: string;
  kind: PaymentRow['kind'];
  productId: number;
  planId: number;
  upgradeRequestId?: number | null;
  amountCents: number;
  currency: string;
  description: string;
}

export function toSummary(row: PaymentRow): PaymentSummary {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount: row.amountCents,
    currency: row.currency,
    provider: row.provider,
    status: row.status,
    status_message: row.statusMessage,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** Checkouts and the webhooks that settle them. */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    /** Used for new checkouts (Stripe when configured, else the sandbox). */
    private readonly checkoutProvider: PaymentProvider,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
  ) {}

  /** Records a pending payment and opens the provider's checkout for it. */
  async start(input: StartPayment): Promise<PaymentData> {
    if (input.amountCents <= 0) throw badRequest('Nothing to pay');
    const provider = this.checkoutProvider;
    const now = this.clock.now();
    // An older unfinished checkout for the same product is superseded, so the amount due counts once.
    await this.db
      .update(payments)
      .set({ status: 'canceled', statusMessage: 'Replaced by a newer checkout' })
      .where(
        and(
          eq(payments.userId, input.userId),
          eq(payments.productId, input.productId),
          eq(payments.status, 'pending'),
        ),
      );
    const [row] = await this.db
      .insert(payments)
      .values({
        userId: input.userId,
        kind: input.kind,
        productId: input.productId,
        planId: input.planId,
        upgradeRequestId: input.upgradeRequestId ?? null,
        description: input.description,
        amountCents: input.amountCents,
        currency: input.currency,
        provider: provider.name,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    const checkout = await provider.createCheckout({
      paymentId: row.id,
      amountCents: row.amountCents,
      currency: row.currency,
      description: row.description,
      customerEmail: input.email,
      successUrl: `${this.publicUrl}/payment-status?payment=${row.id}`,
      cancelUrl: `${this.publicUrl}/payment-canceled?payment=${row.id}`,
    });
    await this.db
      .update(payments)
      .set({ providerRef: checkout.providerRef, checkoutUrl: checkout.url })
      .where(eq(payments.id, row.id));
    this.log.info({ paymentId: row.id, provider: provider.name, amount: row.amountCents }, 'payment started');
    return {
      provider: provider.name,
      paymentID: row.id,
      url: checkout.url,
      amount: row.amountCents,
      currency: row.currency,
      description: row.description,
    };
  }

  /** Re-opens the checkout of a pending payment of the caller. */
  async resume(userId: string, paymentId: string): Promise<PaymentData> {
    const row = await this.own(userId, paymentId);
    if (row.status !== 'pending' || !row.checkoutUrl)
      throw badRequest('This payment is not waiting for payment');
    return {
      provider: row.provider,
      paymentID: row.id,
      url: row.checkoutUrl,
      amount: row.amountCents,
      currency: row.currency,
      description: row.description,
    };
  }

  async own(userId: string, paymentId: string): Promise<PaymentRow> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    if (!row) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** A payment of the caller, or their latest one (the /payment-status page). */
  async status(userId: string, paymentId: string | undefined): Promise<PaymentSummary | null> {
    if (paymentId) return toSummary(await this.own(userId, paymentId));
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), ne(payments.statusMessage, 'Replaced by a newer checkout')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ? toSummary(row) : null;
  }

  /**
   * A provider's webhook: verified first (400 otherwise), then stored under its event id in the same
   * transaction that applies it, so a duplicate or replayed event changes nothing. A paid payment
   * stays paid: a late cancel or failure event never takes access away.
   */
  async handleWebhook(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ duplicate: boolean }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notFound('Unknown payment provider');
    const event = provider.verifyWebhook(rawBody, headers);
    const now = this.clock.now();
    let changedUser: string | null = null;
    const result = await this.db.transaction(async (tx) => {
      const [payment] = event.paymentId
        ? await tx
            .select()
            .from(payments)
            .where(and(eq(payments.id, event.paymentId), eq(payments.provider, provider.name)))
            .for('update')
        : [];
      const outcome = decide(event.outcome, payment, event.amountCents);
      const stored = await tx
        .insert(paymentEvents)
        .values({
          provider: provider.name,
          eventId: event.eventId,
          type: event.rawType,
          paymentId: payment?.id ?? null,
          outcome,
          payload: event.payload as object,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (stored.length === 0) return { duplicate: true, outcome: 'duplicate' };
      if (!payment) return { duplicate: false, outcome };
      if (outcome === 'paid') {
        await tx
          .update(payments)
          .set({ status: 'paid', statusMessage: 'Payment received', paidAt: now })
          .where(eq(payments.id, payment.id));
        await fulfilPayment(tx, payment, event.billing, provider.methodLabel, now);
        changedUser = payment.userId;
      } else if (outcome === 'canceled' || outcome === 'failed') {
        await tx
          .update(payments)
          .set({
            status: outcome,
            statusMessage: outcome === 'canceled' ? 'Payment canceled' : 'The payment failed',
          })
          .where(eq(payments.id, payment.id));
      }
      return { duplicate: false, outcome };
    });
    // Spec §4: payment events are logged (to the console).
    this.log.info(
      {
        provider: provider.name,
        eventId: event.eventId,
        type: event.rawType,
        paymentId: event.paymentId,
        ...result,
      },
      'payment event',
    );
    if (changedUser) this.catalog.subscriptionChanged(changedUser);
    return { duplicate: result.duplicate };
  }
}

/** What an event does to a payment, given the payment's state. */
function decide(
  outcome: 'paid' | 'canceled' | 'failed' | 'ignored',
  payment: PaymentRow | undefined,
  amountCents: number | null,
): string {
  if (!payment) return outcome === 'ignored' ? 'ignored' : 'unknown-payment';
  if (payment.status === 'paid') return outcome === 'paid' ? 'already-paid' : 'ignored-after-paid';
  if (outcome === 'paid') {
    if (amountCents !== null && amountCents !== payment.amountCents) return 'amount-mismatch';
    // A payment canceled or superseded on our side but paid at the provider is honoured: money was taken.
    return 'paid';
  }
  if (outcome === 'ignored') return 'ignored';
  return payment.status === 'pending' ? outcome : 'ignored';
}
