import { PAYMENT_NOT_FOUND_MESSAGE, type PaymentData, type PaymentSummary } from '@app/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type PaymentRow, paymentEvents, payments, saasPlans } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { CatalogPort } from '../../ports/catalog.js';
import { applyOutcome } from './apply-outcome.js';
import type { PaymentMails } from './payment-mails.js';
import type { CompletionPolicy } from './payment-policy.js';
import { periodAlreadyPaid } from './period-already-paid.js';
import type { CheckoutInput, PaymentProvider, VerifiedEvent } from './providers/provider.js';
import { type AppliedOutcome, decideOutcome } from './webhook-outcome.js';

interface StartAnyPayment {
  userId: string;
  email: string;
  amountCents: number;
  currency: string;
  description: string;
}

/** A plan's checkout: its first payment, a renewal or a plan change. */
export interface StartPlanPayment extends StartAnyPayment {
  kind: 'subscription' | 'renewal' | 'upgrade';
  productId: number;
  planId: number;
  upgradeRequestId?: number | null;
  /** A renewal: the period end it extends (paid once, decision 021). */
  renewsPeriodEnd?: Date | null;
}

/** An invoice's checkout (decision 035): the invoice names what is paid; no product or plan. */
export interface StartInvoicePayment extends StartAnyPayment {
  kind: 'invoice';
  invoiceId: string;
}

export type StartPayment = StartPlanPayment | StartInvoicePayment;

/** The checkout a pending payment was opened as, to open it again (another provider). */
function startOf(row: PaymentRow, email: string): StartPayment {
  const common = {
    userId: row.userId,
    email,
    amountCents: row.amountCents,
    currency: row.currency,
    description: row.description,
  };
  if (row.kind === 'invoice') {
    if (!row.invoiceId) throw badRequest('This payment is not waiting for payment');
    return { ...common, kind: 'invoice', invoiceId: row.invoiceId };
  }
  if (row.productId === null || row.planId === null) throw new Error(`plan payment ${row.id} names no plan`);
  return {
    ...common,
    kind: row.kind,
    productId: row.productId,
    planId: row.planId,
    upgradeRequestId: row.upgradeRequestId,
    renewsPeriodEnd: row.renewsPeriodEnd,
  };
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

/** What applying a verified event did: stored (or a duplicate), its outcome, whose access changed. */
export interface AppliedEvent {
  duplicate: boolean;
  outcome: string;
  changedUser: string | null;
}

/** Automatic renewals (decision 021) plug in here, inside the webhook's transaction. */
export interface PaymentLifecycle {
  /** An event about a provider-side subscription (no checkout of ours): what it changed, for whom. */
  applyLifecycle(
    tx: Db,
    provider: PaymentProvider,
    event: VerifiedEvent,
    now: Date,
  ): Promise<{ outcome: string; userId: string | null }>;
  /** After a payment's outcome was applied: true when a subscription changed. */
  afterOutcome(
    tx: Db,
    outcome: AppliedOutcome,
    paymentId: string,
    event: VerifiedEvent,
    now: Date,
  ): Promise<boolean>;
}

/** Checkouts and the webhooks that settle them. */
export class PaymentService {
  private lifecycle: PaymentLifecycle | null = null;
  private invoicePaid: ((tx: Db, payment: PaymentRow) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogPort,
    /** Used for new checkouts (Stripe when configured, else the sandbox). */
    private readonly checkoutProvider: PaymentProvider,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly policy: CompletionPolicy,
    private readonly mails: PaymentMails,
  ) {}

  useLifecycle(lifecycle: PaymentLifecycle): void {
    this.lifecycle = lifecycle;
  }

  /** Invoices (decision 035) are told of each paid invoice payment, in the webhook's transaction. */
  onInvoicePaid(listener: (tx: Db, payment: PaymentRow) => Promise<void>): void {
    this.invoicePaid = listener;
  }

  /** Why a payment of `provider` cannot be completed now (the sandbox page shows it), or null. */
  refusal(provider: string): string | null {
    return this.policy.refusal(provider)?.message ?? null;
  }

  /** Throws the policy's 403/409 when a payment of `provider` cannot be completed now. */
  assertMayComplete(provider: string): void {
    const refusal = this.policy.refusal(provider);
    if (refusal) throw refusal;
  }

  /** Records a pending payment and opens the provider's checkout for it. */
  async start(input: StartPayment): Promise<PaymentData> {
    if (input.amountCents <= 0) throw badRequest('Nothing to pay');
    const provider = this.checkoutProvider;
    // No checkout that could not be completed (the sandbox with test payments off).
    this.assertMayComplete(provider.name);
    const now = this.clock.now();
    // An older unfinished checkout for the same product (or invoice) is superseded, so the amount due
    // counts once.
    await this.db
      .update(payments)
      .set({ status: 'canceled', statusMessage: 'Replaced by a newer checkout' })
      .where(
        and(
          eq(payments.userId, input.userId),
          input.kind === 'invoice'
            ? eq(payments.invoiceId, input.invoiceId)
            : eq(payments.productId, input.productId),
          eq(payments.status, 'pending'),
        ),
      );
    const what =
      input.kind === 'invoice'
        ? { kind: input.kind, invoiceId: input.invoiceId }
        : {
            kind: input.kind,
            productId: input.productId,
            planId: input.planId,
            upgradeRequestId: input.upgradeRequestId ?? null,
            renewsPeriodEnd: input.renewsPeriodEnd ?? null,
          };
    const [row] = await this.db
      .insert(payments)
      .values({
        userId: input.userId,
        ...what,
        description: input.description,
        amountCents: input.amountCents,
        currency: input.currency,
        provider: provider.name,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    const checkout = await provider.createCheckout({
      ...(await this.recurringOf(input)),
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

  /** A recurring plan's first checkout renews itself (Stripe: subscription mode; decision 021). */
  private async recurringOf(input: StartPayment): Promise<Pick<CheckoutInput, 'recurring'>> {
    if (input.kind !== 'subscription') return {};
    const [plan] = await this.db.select().from(saasPlans).where(eq(saasPlans.id, input.planId));
    if (!plan?.isRecurring || plan.isFree) return {};
    return { recurring: { interval: plan.term === 'y' ? 'year' : 'month' } };
  }

  /**
   * Re-opens the checkout of a pending payment of the caller. One started with a provider that no
   * longer takes payments (the sandbox after switching to Stripe) is replaced by a new checkout.
   */
  async resume(userId: string, email: string, paymentId: string): Promise<PaymentData> {
    const row = await this.own(userId, paymentId);
    if (row.status !== 'pending' || !row.checkoutUrl)
      throw badRequest('This payment is not waiting for payment');
    if (row.provider !== this.checkoutProvider.name) return this.start(startOf(row, email));
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
   * transaction that applies it, so a duplicate or replayed event changes nothing. What an event
   * does given the payment's state is `decideOutcome`; what that changes is `applyOutcome`. A
   * payment is completed only if the completion policy allows its provider now (4xx otherwise,
   * nothing stored).
   */
  async handleWebhook(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ duplicate: boolean }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notFound('Unknown payment provider');
    const event = provider.verifyWebhook(rawBody, headers);
    const { duplicate } = await this.applyEvent(provider, event);
    return { duplicate };
  }

  /** A verified event (a webhook's), stored once under its id and applied in one transaction. */
  async applyEvent(
    provider: PaymentProvider,
    event: VerifiedEvent,
  ): Promise<{ duplicate: boolean; outcome: string }> {
    const applied = await this.db.transaction((tx) => this.applyEventIn(tx, provider, event));
    this.announce(provider, event, applied);
    return { duplicate: applied.duplicate, outcome: applied.outcome };
  }

  /**
   * Stores a verified event under its id and applies it in the caller's transaction, with the
   * payment row locked. An admin's refund calls this in the short transaction that records the
   * provider's answer and ends its claim (refunds.ts); `announce` follows once that commits.
   */
  async applyEventIn(tx: Db, provider: PaymentProvider, event: VerifiedEvent): Promise<AppliedEvent> {
    const now = this.clock.now();
    if (event.lifecycle && this.lifecycle) {
      const [stored] = await tx
        .insert(paymentEvents)
        .values({
          provider: provider.name,
          eventId: event.eventId,
          type: event.rawType,
          outcome: 'received',
          payload: event.payload as object,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!stored) return { duplicate: true, outcome: 'duplicate', changedUser: null };
      const applied = await this.lifecycle.applyLifecycle(tx, provider, event, now);
      await tx.update(paymentEvents).set({ outcome: applied.outcome }).where(eq(paymentEvents.id, stored.id));
      return { duplicate: false, outcome: applied.outcome, changedUser: applied.userId };
    }
    const match = event.paymentId
      ? eq(payments.id, event.paymentId)
      : event.providerPaymentRef
        ? eq(payments.providerPaymentRef, event.providerPaymentRef)
        : null;
    const [payment] = match
      ? await tx
          .select()
          .from(payments)
          .where(and(match, eq(payments.provider, provider.name)))
          .limit(1)
          .for('update')
      : [];
    let outcome = decideOutcome(event, payment);
    if (outcome === 'paid' && payment) {
      this.assertMayComplete(payment.provider);
      if (await periodAlreadyPaid(tx, payment)) outcome = 'period-already-paid';
    }
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
    if (stored.length === 0) return { duplicate: true, outcome: 'duplicate', changedUser: null };
    let changedUser: string | null = null;
    if (payment) {
      const changed = await applyOutcome(tx, outcome, payment, event, provider, now);
      if (changed) changedUser = payment.userId;
      // For a refund or a lost dispute, `changed` means the access the payment bought ended.
      await this.mails.afterOutcome(tx, outcome, payment.id, changed, now);
      if (outcome === 'paid' && payment.kind === 'invoice') await this.invoicePaid?.(tx, payment);
      if (await this.lifecycle?.afterOutcome(tx, outcome, payment.id, event, now))
        changedUser = payment.userId;
    }
    return { duplicate: false, outcome, changedUser };
  }

  /** After the transaction that applied an event committed: its log line, and the caches told. */
  announce(provider: PaymentProvider, event: VerifiedEvent, applied: AppliedEvent): void {
    // docs/product-contract.md §States: payment events are logged (to the console).
    this.log.info(
      {
        provider: provider.name,
        eventId: event.eventId,
        type: event.rawType,
        paymentId: event.paymentId,
        duplicate: applied.duplicate,
        outcome: applied.outcome,
      },
      'payment event',
    );
    if (applied.changedUser) this.catalog.subscriptionChanged(applied.changedUser);
  }
}
