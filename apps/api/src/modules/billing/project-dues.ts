import type { PendingPaymentsResponse } from '@app/contract';
import { and, asc, eq, isNotNull, ne, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectOrders, projects, quotes } from '../../db/schema/index.js';

type PendingItem = PendingPaymentsResponse['items'][number];

/**
 * A client's projects that are waiting to be paid: an admin added a payment link
 * (docs/product-contract.md §Screens, Pay Now) and a total payment, and the project is not finished.
 * Payment happens at the link, outside this system, so a project counts as due until it is finished (the
 * dashboard's Pending payment once showed None beside a project with a Pay Now link).
 */
export async function projectDues(db: Db, userId: string): Promise<PendingItem[]> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      amount: projects.totalPaymentCents,
      paymentLink: projects.paymentLink,
    })
    .from(projects)
    .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
    .where(
      and(
        eq(projectOrders.clientId, userId),
        isNotNull(projects.paymentLink),
        isNotNull(projects.totalPaymentCents),
        ne(projects.status, 'finished'),
        // A project with an accepted quote is billed by its invoices (invoice-dues.ts), not here.
        notExists(
          db
            .select({ id: quotes.id })
            .from(quotes)
            .where(and(eq(quotes.projectId, projects.id), eq(quotes.status, 'accepted'))),
        ),
      ),
    )
    .orderBy(asc(projects.createdAt))
    .limit(100);
  return rows.flatMap((row) =>
    row.amount && row.amount > 0 && row.paymentLink
      ? [
          {
            kind: 'project' as const,
            description: `${row.name} — project payment`,
            amount: row.amount,
            paymentID: null,
            productID: null,
            requestID: null,
            projectID: row.id,
            paymentLink: row.paymentLink,
          },
        ]
      : [],
  );
}
