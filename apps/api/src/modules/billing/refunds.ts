import {
  type AdminPayment,
  PAYMENT_NOT_FOUND_MESSAGE,
  REFUND_ALREADY_MESSAGE,
  REFUND_DISPUTED_MESSAGE,
  REFUND_DONE_MESSAGE,
  REFUND_NOT_PAID_MESSAGE,
  REFUND_PENDING_MESSAGE,
  REFUND_STALE_MESSAGE,
} from '@app/contract';
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { type PaymentRow, payments, receipts, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { formatMoney } from '../../platform/money.js';
import type { PaymentService } from './payments.js';
import type { PaymentProvider, RefundResult, VerifiedEvent } from './providers/provider.js';
import {
  claimRefund,
  REFUND_IN_PROGRESS_MESSAGE,
  type RefundClaim,
  releaseRefundClaim,
} from './refund-claims.js';

const columns = {
  payment: payments,
  email: users.email,
  receiptNumber: receipts.number,
  cursorAt: exactTimestamp(payments.createdAt),
};

function toAdminPayment(row: {
  payment: PaymentRow;
  email: string;
  receiptNumber: number | null;
}): AdminPayment {
  const { payment } = row;
  return {
    id: payment.id,
    email: row.email,
    description: payment.description,
    amount: payment.amountCents,
    refunded: payment.refundedCents,
    currency: payment.currency,
    provider: payment.provider,
    status: payment.status,
    status_message: payment.statusMessage,
    dispute: payment.disputeStatus,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    receipt_number: row.receiptNumber,
  };
}

/** Who made the refund of a period paid twice (the log and the stored event name an admin otherwise). */
const PAID_TWICE = 'period-paid-twice';

/**
 * The admin's side of payments: the list, and refunds through the provider that took the money
 * (decision 022). A refund the provider made is applied as a verified event of that provider, stored
 * under the refund's id: the same path as the provider's own `charge.refunded` webhook, so the
 * payment, its receipt, the access it bought and the client's mail change exactly once whichever
 * of the two arrives first, and however often either is repeated.
 */
export class RefundService {
  constructor(
    private readonly db: Db,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly payments: PaymentService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(query: {
    limit: number;
    cursor?: string;
    status?: PaymentRow['status'];
    email?: string;
  }): Promise<{ payments: AdminPayment[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const email = query.email?.replace(/[\\%_]/g, (char) => `\\${char}`);
    const rows = await this.db
      .select(columns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(
        and(
          query.status ? eq(payments.status, query.status) : undefined,
          email ? ilike(users.email, `%${email}%`) : undefined,
          keysetAfter([payments.createdAt, payments.id], after),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.payment.id]);
    return { payments: page.items.map(toAdminPayment), nextCursor: page.nextCursor };
  }

  async get(paymentId: string): Promise<AdminPayment> {
    const [row] = await this.db
      .select(columns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(eq(payments.id, paymentId));
    if (!row) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
    return toAdminPayment(row);
  }

  /**
   * The job's full refund of a renewal paid for a period another payment had already paid (decision
   * 021). A payment refunded meanwhile, or changed by an admin's refund, is left as it is (a 4xx is
   * final); a provider's refusal or silence, or another refund of it being made, throws, so the job
   * tries again.
   */
  async refundPaidTwice(paymentId: string): Promise<void> {
    try {
      await this.refund(PAID_TWICE, paymentId, undefined, 0);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      if (error.message === REFUND_IN_PROGRESS_MESSAGE) throw error;
      this.log.warn({ paymentId, reason: error.message }, 'refund of a period paid twice not made');
    }
  }

  /**
   * Refunds `amountCents` of a paid payment (all that is left when omitted) through its provider.
   * What is left decides full or partial: a full refund ends the access the payment bought.
   *
   * Claim, call, record (decision 022): a short transaction locks the payment, checks what is left
   * and claims the refund (`refund_claims`); the provider is called with no transaction open and no
   * connection held, so a provider that hangs delays this admin alone; a second short transaction
   * records its answer and ends the claim. A second refund of the payment meanwhile is refused at
   * once (409), so it can never ask the provider for money that is being given back.
   */
  async refund(
    /** The admin's id, or what refunds on its own (PAID_TWICE). */
    adminId: string,
    paymentId: string,
    amountCents: number | undefined,
    refundedBefore?: number,
  ): Promise<{ message: string; payment: AdminPayment }> {
    const { payment, provider, claim } = await this.db.transaction((tx) =>
      this.claim(tx, adminId, paymentId, amountCents, refundedBefore),
    );
    let refund: RefundResult;
    try {
      refund = await provider.refund({
        paymentId: payment.id,
        providerPaymentRef: payment.providerPaymentRef,
        amountCents: claim.amountCents,
        totalRefundedCents: claim.totalCents,
        currency: payment.currency,
      });
    } catch (error) {
      // The provider's refusal is the admin's answer; the claim ends so the payment can be refunded.
      await releaseRefundClaim(this.db, claim);
      this.log.warn({ paymentId, provider: provider.name, err: error, by: adminId }, 'refund not made');
      throw error;
    }
    const { amountCents: amount, totalCents: total } = claim;
    this.log.info(
      { paymentId, provider: provider.name, refundId: refund.refundId, amount, total, by: adminId },
      'refund made',
    );
    if (refund.state === 'pending') {
      // Applied when the provider's webhook confirms it (decision 022, provider failures).
      await releaseRefundClaim(this.db, claim);
      return { message: REFUND_PENDING_MESSAGE, payment: await this.get(paymentId) };
    }

    const event: VerifiedEvent = {
      eventId: `refund:${refund.refundId}`,
      rawType: 'admin.refund',
      outcome: 'refunded',
      paymentId: payment.id,
      providerPaymentRef: payment.providerPaymentRef,
      amountCents: payment.amountCents,
      currency: payment.currency.toLowerCase(),
      refund: { amountCents: total, full: total >= payment.amountCents },
      billing: {},
      payload: { refundId: refund.refundId, amount, total, by: adminId },
    };
    const { applied, recorded } = await this.db.transaction(async (tx) => {
      const applied = await this.payments.applyEventIn(tx, provider, event);
      await releaseRefundClaim(tx, claim);
      const [after] = await tx
        .select({ refundedCents: payments.refundedCents })
        .from(payments)
        .where(eq(payments.id, paymentId));
      return { applied, recorded: (after?.refundedCents ?? 0) >= total };
    });
    this.payments.announce(provider, event, applied);
    // "Refund made" once the ledger holds this refund's total: recorded here, or by the provider's
    // webhook for it that arrived during the call (then `already-refunded` here, and one mail).
    if (!recorded) {
      this.log.error(
        { paymentId, refundId: refund.refundId, outcome: applied.outcome },
        'refund not recorded',
      );
      throw conflict(REFUND_STALE_MESSAGE);
    }
    return { message: REFUND_DONE_MESSAGE, payment: await this.get(paymentId) };
  }

  /** The first short transaction: the payment locked, the refund judged against it, and claimed. */
  private async claim(
    tx: Db,
    adminId: string,
    paymentId: string,
    amountCents: number | undefined,
    refundedBefore: number | undefined,
  ): Promise<{ payment: PaymentRow; provider: PaymentProvider; claim: RefundClaim }> {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status === 'refunded') throw conflict(REFUND_ALREADY_MESSAGE);
    if (payment.status !== 'paid') throw conflict(REFUND_NOT_PAID_MESSAGE);
    if (payment.disputeStatus === 'open') throw conflict(REFUND_DISPUTED_MESSAGE);
    if (refundedBefore !== undefined && refundedBefore !== payment.refundedCents)
      throw conflict(REFUND_STALE_MESSAGE);
    const left = payment.amountCents - payment.refundedCents;
    const amount = amountCents ?? left;
    if (amount > left)
      throw badRequest(
        `At most ${formatMoney(left, payment.currency)} of this payment can still be refunded`,
        'amount',
      );
    const provider = this.providers.get(payment.provider);
    if (!provider)
      throw new AppError(
        409,
        `Payments of ${payment.provider} cannot be refunded here while it is not configured`,
      );
    const claim = await claimRefund(
      tx,
      {
        paymentId,
        amountCents: amount,
        totalCents: payment.refundedCents + amount,
        claimedBy: adminId,
        now: this.clock.now(),
      },
      this.log,
    );
    return { payment, provider, claim };
  }
}
