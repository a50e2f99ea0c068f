import { INVOICE_GRACE_DAYS } from '@app/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import { invoices, projects } from '../../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last due date that is already past the grace period today (spec: 10 days beyond the deadline). */
export function holdCutoff(now: Date): string {
  return new Date(now.getTime() - INVOICE_GRACE_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Sets or lifts a project's payment hold (decision 035) from its invoices as they stand: on hold
 * while an open invoice's due date is more than the grace period ago, lifted once none is. Called
 * after anything that changes that (a payment, a void, the daily sweep).
 */
export async function refreshPaymentHold(
  tx: DbOrTransaction,
  projectId: string,
  now: Date,
): Promise<boolean> {
  const [late] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        eq(invoices.status, 'open'),
        lt(invoices.dueDate, holdCutoff(now)),
      ),
    )
    .limit(1);
  if (late) {
    const held = await tx
      .update(projects)
      .set({ paymentHoldSince: now })
      .where(and(eq(projects.id, projectId), isNull(projects.paymentHoldSince)))
      .returning({ id: projects.id });
    return held.length > 0;
  }
  const lifted = await tx
    .update(projects)
    .set({ paymentHoldSince: null })
    .where(and(eq(projects.id, projectId), sql`${projects.paymentHoldSince} is not null`))
    .returning({ id: projects.id });
  return lifted.length > 0;
}
