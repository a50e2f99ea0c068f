import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type PaymentRow,
  payments,
  planSubscriptions,
  receipts,
  saasPlans,
  saasProducts,
  users,
} from '../../db/schema/index.js';
import { escapeHtml, mailLink, mailParagraph as paragraph } from '../../platform/mail/mail-html.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { formatMoney } from '../../platform/money.js';
import { formatReceiptNumber } from './receipt-number.js';
import type { AppliedOutcome } from './webhook-outcome.js';

type ReceiptRow = typeof receipts.$inferSelect;

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The customer's mails about their money: a receipt when a payment is received, and a notice when
 * it is refunded (fully or in part) or charged back, saying what access ended. Sent inside the
 * webhook's transaction, after the outcome was applied: the event is stored once per id and an
 * outcome applies once per payment, so each mail goes out exactly once however often the provider
 * delivers the event.
 */
export class PaymentMails {
  private readonly base: string;

  constructor(
    private readonly mailer: Mailer,
    private readonly brandName: string,
    publicUrl: string,
  ) {
    this.base = publicUrl.replace(/\/$/, '');
  }

  private get links() {
    return {
      history: `${this.base}/profile?tab=payment-history`,
      subscriptions: `${this.base}/profile?tab=subscriptions`,
    };
  }

  /**
   * Payment History with this receipt open, where its PDF downloads: the PDF needs the owner signed in
   * (decision 022), which a link in a mail cannot carry.
   */
  private receiptLink(receiptId: number): string {
    return `${this.links.history}&receipt=${receiptId}`;
  }

  /** `accessEnded`: the outcome ended the subscription the payment bought (refund, lost dispute). */
  async afterOutcome(
    tx: Db,
    outcome: AppliedOutcome,
    paymentId: string,
    accessEnded: boolean,
    now: Date,
  ): Promise<void> {
    if (outcome === 'paid') return this.sendReceipt(tx, paymentId);
    if (outcome === 'refunded' || outcome === 'partially-refunded' || outcome === 'dispute-lost')
      return this.sendRefund(tx, outcome, paymentId, accessEnded, now);
  }

  private async sendReceipt(tx: Db, paymentId: string): Promise<void> {
    const [row] = await tx
      .select({ receipt: receipts, firstName: users.firstName })
      .from(receipts)
      .innerJoin(users, eq(users.id, receipts.userId))
      .where(eq(receipts.paymentId, paymentId));
    if (!row) throw new Error(`paid payment ${paymentId} has no receipt`);
    await this.mailer.send(this.receiptMail(row.receipt, row.receipt.firstName || row.firstName), { db: tx });
  }

  receiptMail(receipt: ReceiptRow, firstName: string): MailMessage {
    const amount = formatMoney(receipt.amountCents, receipt.currency);
    const details: [string, string][] = [
      ['Amount paid', `${amount} (${receipt.currency.toUpperCase()})`],
      ['Date', dateFormat.format(receipt.issuedAt)],
      ['Payment method', receipt.method],
      ['Receipt number', formatReceiptNumber(receipt.number)],
      ['Order', receipt.paymentId],
      ['Duration', receipt.duration],
    ];
    const text = [
      `Hello ${firstName},`,
      `Thank you for your payment to ${this.brandName}. This is your receipt.`,
      details.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `What you paid for:\n${receipt.items.map((item) => `- ${item}`).join('\n')}`,
      `Download this receipt as a PDF: ${this.receiptLink(receipt.id)}`,
      `Your payment history, with this receipt: ${this.links.history}`,
    ].join('\n\n');
    const cell = 'padding:4px 12px 4px 0;vertical-align:top';
    const htmlBody = [
      paragraph(`Hello ${escapeHtml(firstName)},`),
      paragraph(`Thank you for your payment to ${escapeHtml(this.brandName)}. This is your receipt.`),
      '<table style="border-collapse:collapse;margin:0 0 16px">',
      ...details.map(
        ([label, value]) =>
          `<tr><th style="${cell};text-align:left;font-weight:600">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '<p style="margin:0 0 8px;font-weight:600">What you paid for</p>',
      `<ul style="margin:0 0 16px;padding-left:20px">${receipt.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      paragraph(mailLink(this.receiptLink(receipt.id), 'Download this receipt as a PDF')),
      paragraph(`${mailLink(this.links.history, 'Your payment history')}, with this receipt.`),
    ].join('\n');
    return {
      to: receipt.email,
      subject: `Receipt for your payment of ${amount} to ${this.brandName}`,
      text,
      htmlBody,
    };
  }

  private async sendRefund(
    tx: Db,
    outcome: 'refunded' | 'partially-refunded' | 'dispute-lost',
    paymentId: string,
    accessEnded: boolean,
    now: Date,
  ): Promise<void> {
    const [row] = await tx
      .select({ payment: payments, email: users.email, firstName: users.firstName, method: receipts.method })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(eq(payments.id, paymentId));
    if (!row) return;
    const ended = accessEnded ? await this.planOf(tx, row.payment) : null;
    await this.mailer.send(this.refundMail(outcome, { ...row, ended, now }), { db: tx });
  }

  /** The plan whose access a refund just ended: the subscription the payment bought. */
  private async planOf(tx: Db, payment: PaymentRow): Promise<string | null> {
    if (!payment.subscriptionId) return null;
    const [plan] = await tx
      .select({ product: saasProducts.name, plan: saasPlans.name })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
      .where(eq(planSubscriptions.id, payment.subscriptionId));
    return plan ? `${plan.product} ${plan.plan}` : null;
  }

  refundMail(
    outcome: 'refunded' | 'partially-refunded' | 'dispute-lost',
    input: {
      payment: PaymentRow;
      email: string;
      firstName: string;
      method: string | null;
      /** The plan whose access ended, or null when nothing ended. */
      ended: string | null;
      now: Date;
    },
  ): MailMessage {
    const { payment } = input;
    const paid = formatMoney(payment.amountCents, payment.currency);
    const refunded = formatMoney(payment.refundedCents, payment.currency);
    const on = dateFormat.format(input.now);
    const paidOn = payment.paidAt ? ` on ${dateFormat.format(payment.paidAt)}` : '';
    const what = `${payment.description}, paid${paidOn}`;
    const back = input.method
      ? ` The money goes back to ${input.method}; your bank may take a few days to show it.`
      : '';
    const access =
      outcome === 'partially-refunded'
        ? 'Your plan continues unchanged.'
        : input.ended
          ? `This ended your ${input.ended} plan on ${on}: its paid features stopped with the refund. You can choose a plan again at any time.`
          : 'The access this payment bought had already ended or was replaced by a later payment, so nothing else changes.';
    const content = {
      refunded: {
        subject: `Refund of ${paid} from ${this.brandName}`,
        summary: `We refunded your payment of ${paid} for ${what}.${back}`,
      },
      'partially-refunded': {
        subject: `Partial refund of ${refunded} from ${this.brandName}`,
        summary: `We refunded part of your payment of ${paid} for ${what}: ${refunded} in total so far.${back}`,
      },
      'dispute-lost': {
        subject: `Your payment of ${paid} to ${this.brandName} was charged back`,
        summary: `Your card issuer charged back your payment of ${paid} for ${what}, after a dispute closed on ${on}.`,
      },
    }[outcome];
    const text = [
      `Hello ${input.firstName},`,
      content.summary,
      access,
      `Your payment history: ${this.links.history}\nYour subscriptions: ${this.links.subscriptions}`,
    ].join('\n\n');
    const htmlBody = [
      paragraph(`Hello ${escapeHtml(input.firstName)},`),
      paragraph(escapeHtml(content.summary)),
      paragraph(escapeHtml(access)),
      paragraph(
        `${mailLink(this.links.history, 'Your payment history')} · ${mailLink(this.links.subscriptions, 'Your subscriptions')}`,
      ),
    ].join('\n');
    return { to: input.email, subject: content.subject, text, htmlBody };
  }
}
