import type { PaymentData } from '@app/contract';
import { codedError } from '../../../platform/http/errors.js';
import type { PaymentService } from '../payments.js';
import type { InvoiceQueries } from './invoice-queries.js';

/**
 * "Pay now" on an invoice (decision 035): a checkout with the providers plans use (the sandbox, or
 * Stripe Checkout when configured) for what is left to pay. The payment names the invoice; its
 * webhook settles it (invoice-settlement.ts) and writes the receipt Payment History shows.
 */
export async function payInvoice(
  payments: PaymentService,
  queries: InvoiceQueries,
  payer: { accountId: string; email: string },
  invoiceId: string,
): Promise<PaymentData> {
  const invoice = await queries.ofAccount(invoiceId, payer.accountId);
  if (invoice.status !== 'open' || invoice.balance <= 0) {
    throw codedError(
      'invoice_not_open',
      invoice.status === 'void'
        ? `Invoice ${invoice.number} was cancelled: nothing is owed on it`
        : `Invoice ${invoice.number} is already paid`,
      'invoiceID',
    );
  }
  return payments.start({
    kind: 'invoice',
    invoiceId: invoice.id,
    userId: payer.accountId,
    email: payer.email,
    amountCents: invoice.balance,
    currency: invoice.currency,
    description: `Invoice ${invoice.number} — ${invoice.projectName}`,
  });
}
