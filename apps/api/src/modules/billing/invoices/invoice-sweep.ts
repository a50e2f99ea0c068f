import { INVOICE_REMINDER_DAYS } from '@app/contract';
import { and, asc, eq, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { invoices, projectMilestones, projectOrders, projects } from '../../../db/schema/index.js';
import type { AppError } from '../../../platform/http/errors.js';
import { formatMoney } from '../../../platform/money.js';
import type { InvoiceIssuer } from './invoice-issuer.js';
import type { InvoiceNotices } from './invoice-notices.js';
import { balanceOf, daysOverdue } from './invoice-view.js';
import { holdCutoff, refreshPaymentHold } from './payment-hold.js';

export const INVOICE_SWEEP_JOB = 'billing.invoice-sweep';
/** Hourly, at minute 17: a milestone is invoiced, and a reminder sent, within an hour of its day. */
const SCHEDULE = '17 * * * *';
const BATCH = 200;

/**
 * The invoices' clockwork (decision 035), one job for every instance: milestones that fell due are
 * invoiced; overdue invoices get their reminders (1, 5 and 10 days late, one per threshold even if
 * the job was down across several); projects go on hold once an invoice is unpaid past the grace
 * period, and come off it once none is.
 */
export function defineInvoiceSweep(deps: AppDeps, issuer: InvoiceIssuer, notices: InvoiceNotices): void {
  const { db } = deps.database;
  deps.jobs.define<Record<string, never>>({
    name: INVOICE_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    async handle() {
      await invoiceDueMilestones();
      await sendReminders();
      await refreshHolds();
    },
  });
  deps.jobs.schedule(INVOICE_SWEEP_JOB, SCHEDULE);

  async function invoiceDueMilestones(): Promise<void> {
    const today = deps.clock.now().toISOString().slice(0, 10);
    const billed = (milestone: typeof projectMilestones) =>
      db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.projectId, milestone.projectId),
            ne(invoices.status, 'void'),
            or(eq(invoices.milestoneId, milestone.id), isNull(invoices.milestoneId)),
          ),
        );
    const due = await db
      .select({ id: projectMilestones.id })
      .from(projectMilestones)
      .where(and(lte(projectMilestones.dueDate, today), notExists(billed(projectMilestones))))
      .limit(BATCH);
    for (const { id } of due) {
      try {
        await issuer.issueForMilestone(id, undefined, null);
      } catch (error) {
        // The admin invoiced it (or the whole quote) a moment ago: nothing left to do.
        if ((error as AppError).statusCode !== 409) throw error;
      }
    }
  }

  async function sendReminders(): Promise<void> {
    const now = deps.clock.now();
    const today = now.toISOString().slice(0, 10);
    // Only invoices whose next reminder is due: those already reminded for the days passed are not
    // read again, so a batch is never filled with them while later ones wait.
    const nextThreshold = sql`(${sql.raw(`array[${INVOICE_REMINDER_DAYS.join(',')}]`)})[${invoices.remindersSent} + 1]`;
    const late = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'open'),
          lt(invoices.remindersSent, INVOICE_REMINDER_DAYS.length),
          sql`${invoices.dueDate} <= ${today}::date - ${nextThreshold}`,
        ),
      )
      .orderBy(asc(invoices.dueDate))
      .limit(BATCH);
    for (const invoice of late) {
      const days = daysOverdue(invoice, now);
      const passed = INVOICE_REMINDER_DAYS.filter((threshold) => days >= threshold).length;
      if (passed <= invoice.remindersSent) continue;
      await db.transaction(async (tx) => {
        // Claimed by the count: two instances running the sweep send it once.
        const claimed = await tx
          .update(invoices)
          .set({ remindersSent: passed, lastReminderAt: now })
          .where(and(eq(invoices.id, invoice.id), lt(invoices.remindersSent, passed)))
          .returning({ id: invoices.id });
        if (claimed.length === 0) return;
        const owed = formatMoney(balanceOf(invoice), invoice.currency);
        const last = passed === INVOICE_REMINDER_DAYS.length;
        await notices.add(
          tx,
          invoice,
          'invoice_overdue',
          last
            ? `Invoice ${invoice.number} (${owed}) is ${days} days overdue: unless it is paid, the project goes on hold.`
            : `Reminder: invoice ${invoice.number} (${owed}) was due on ${invoice.dueDate} and is ${days} ${days === 1 ? 'day' : 'days'} overdue.`,
        );
      });
    }
  }

  async function refreshHolds(): Promise<void> {
    const now = deps.clock.now();
    const rows = await db
      .selectDistinct({ projectId: invoices.projectId })
      .from(invoices)
      .where(and(eq(invoices.status, 'open'), lt(invoices.dueDate, holdCutoff(now))))
      .limit(BATCH * 5);
    const held = await db
      .select({ projectId: projects.id })
      .from(projects)
      .where(isNotNull(projects.paymentHoldSince))
      .limit(BATCH * 5);
    const ids = new Set([...rows, ...held].map((row) => row.projectId));
    for (const projectId of ids) {
      await db.transaction(async (tx) => {
        const changed = await refreshPaymentHold(tx, projectId, now);
        if (!changed) return;
        const [project] = await tx
          .select({ heldSince: projects.paymentHoldSince, accountId: projectOrders.clientId })
          .from(projects)
          .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
          .where(eq(projects.id, projectId));
        if (!project) return;
        await notices.add(
          tx,
          { accountId: project.accountId, projectId },
          'invoice_overdue',
          project.heldSince
            ? 'Your project is on hold: an invoice is unpaid more than 10 days after its due date. Pay it to open the project again.'
            : 'Your project is open again: nothing is overdue.',
        );
      });
    }
  }
}
