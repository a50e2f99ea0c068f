import type { PendingPaymentsResponse } from '@app/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { invoices } from '../../../db/schema/index.js';
import { balanceOf, daysOverdue } from './invoice-view.js';

type PendingItem = PendingPaymentsResponse['items'][number];

/**
 * The account's open invoices for the dashboard's Pending payment (decision 035), oldest due first.
 * The dashboard sums one currency (USD); invoices in another one show under Invoices only.
 */
export async function invoiceDues(db: Db, accountId: string, now: Date): Promise<PendingItem[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.status, 'open'), eq(invoices.currency, 'usd')))
    .orderBy(asc(invoices.dueDate))
    .limit(100);
  return rows.flatMap((invoice) => {
    const amount = balanceOf(invoice);
    if (amount <= 0) return [];
    const late = daysOverdue(invoice, now);
    return [
      {
        kind: 'invoice' as const,
        description: `Invoice ${invoice.number} — ${late > 0 ? `${late} days overdue` : `due ${invoice.dueDate}`}`,
        amount,
        paymentID: null,
        productID: null,
        requestID: null,
        projectID: invoice.projectId,
        invoiceID: invoice.id,
      },
    ];
  });
}
