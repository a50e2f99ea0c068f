import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PaymentRow, payments, receipts } from '../../db/schema/index.js';
import { endBoughtAccess, holdBoughtAccess, releaseBoughtAccess } from './access-reversal.js';
import { fulfilPayment, writeReceipt } from './fulfil.js';
import { invoiceRefunded, settleInvoicePayment } from './invoices/invoice-settlement.js';
import { isPlanPayment } from './plan-payment.js';
import type { PaymentProvider, VerifiedEvent } from './providers/provider.js';
import type { AppliedOutcome } from './webhook-outcome.js';

type PaymentChange = Partial<typeof payments.$inferInsert>;

/** A renewal paid for a period another payment had already paid (decision 021). */
export const PERIOD_ALREADY_PAID_MESSAGE =
  'This period was already paid by another payment: this payment is refunded in full';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Applies a decided outcome inside the webhook's transaction (payment row locked): the payment's
 * status, its receipt (what Payment History shows), and the access it bought. Returns whether a
 * subscription changed, so the caller refreshes the caches that depend on it.
 */
export async function applyOutcome(
  tx: Db,
  outcome: AppliedOutcome,
  payment: PaymentRow,
  event: VerifiedEvent,
  provider: PaymentProvider,
  now: Date,
): Promise<boolean> {
  const update = (change: PaymentChange) =>
    tx.update(payments).set(change).where(eq(payments.id, payment.id));
  const receipt = (status: string, statusMessage: string) =>
    tx.update(receipts).set({ status, statusMessage }).where(eq(receipts.paymentId, payment.id));

  switch (outcome) {
    case 'paid': {
      await update({
        status: 'paid',
        statusMessage: 'Payment received',
        paidAt: now,
        providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef,
      });
      if (!isPlanPayment(payment)) {
        await settleInvoicePayment(tx, payment, event.billing, provider.methodLabel, now);
        return false;
      }
      const purchase = await fulfilPayment(tx, payment, event.billing, provider.methodLabel, now);
      await update({ subscriptionId: purchase.subscriptionId, paidUntil: purchase.paidUntil });
      return true;
    }
    case 'period-already-paid': {
      // The money was taken: the payment is paid and has a receipt, but buys nothing. The renewal
      // hook queues its full refund in this transaction (renewal-webhooks.ts).
      await update({
        status: 'paid',
        statusMessage: PERIOD_ALREADY_PAID_MESSAGE,
        paidAt: now,
        providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef,
      });
      const bought = 'Nothing: the period was already paid';
      await writeReceipt(
        tx,
        payment,
        event.billing,
        provider.methodLabel,
        bought,
        now,
        PERIOD_ALREADY_PAID_MESSAGE,
      );
      return false;
    }
    case 'canceled':
    case 'failed':
      await update({
        status: outcome,
        statusMessage: outcome === 'canceled' ? 'Payment canceled' : 'The payment failed',
      });
      return false;
    case 'refunded': {
      const message = `Refunded on ${day(now)}`;
      await update({
        status: 'refunded',
        statusMessage: message,
        refundedCents: payment.amountCents,
        refundedAt: now,
      });
      await receipt('refunded', message);
      await invoiceRefunded(tx, payment, payment.amountCents);
      return endBoughtAccess(tx, payment, now);
    }
    case 'partially-refunded': {
      const refunded = event.refund?.amountCents ?? 0;
      const message = `Payment received; ${money(refunded, payment.currency)} refunded on ${day(now)}`;
      await invoiceRefunded(tx, payment, refunded);
      await update({ refundedCents: refunded, refundedAt: now, statusMessage: message });
      await receipt('partially refunded', message);
      return false;
    }
    case 'dispute-opened': {
      const message = 'Disputed with the card issuer: access is on hold until the dispute closes';
      await update({ disputeStatus: 'open', statusMessage: message });
      await receipt('disputed', message);
      return holdBoughtAccess(tx, payment, now);
    }
    case 'dispute-won':
      await update({
        disputeStatus: 'won',
        statusMessage: 'Payment received (dispute closed in our favour)',
      });
      await receipt('paid', 'Payment received');
      return releaseBoughtAccess(tx, payment);
    case 'dispute-lost': {
      const message = `Charged back after a dispute on ${day(now)}`;
      await update({
        status: 'refunded',
        disputeStatus: 'lost',
        statusMessage: message,
        refundedCents: payment.amountCents,
        refundedAt: now,
      });
      await receipt('refunded', message);
      await invoiceRefunded(tx, payment, payment.amountCents);
      return endBoughtAccess(tx, payment, now);
    }
    default:
      return false;
  }
}
