import { ACCOUNT_ROLES, type NotificationKind, roleAllows } from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import {
  accountMembers,
  invoices,
  type PaymentRow,
  projectActivities,
  projects,
} from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { formatMoney } from '../../../platform/money.js';
import type { NotificationsPort } from '../../../ports/notifications.js';

/** The account roles that see invoices (decision 033's role table: billing read). */
const INVOICE_READERS = ACCOUNT_ROLES.filter((role) => roleAllows(role, 'billing', 'read'));
/** Where a notification about an invoice opens: Profile → Invoices. */
const INVOICES_PATH = '/profile?tab=invoices';

/**
 * What the client is told about their invoices (decision 035): each step goes in the project's
 * activity list and, through the notification centre (decision 034), to the account's members who
 * see billing: the bell, live, and mail by each person's choice (a burst is one mail). All in the
 * caller's transaction, so nothing is told of a change that rolled back.
 */
export class InvoiceNotices {
  /**
   * Demo content (seeds run before the job queue starts): the activity list only, nobody told. Demo
   * accounts get no mail, as with every account someone else creates (README).
   */
  static silent(clock: Clock): InvoiceNotices {
    return new InvoiceNotices(null, clock);
  }

  constructor(
    private readonly notifications: NotificationsPort | null,
    private readonly clock: Clock,
  ) {}

  async add(
    tx: DbOrTransaction,
    /** The invoice it is about, or only its project (a payment hold). */
    invoice: { accountId: string; projectId: string; number?: string },
    kind: NotificationKind,
    line: string,
  ): Promise<void> {
    await tx
      .insert(projectActivities)
      .values({ projectId: invoice.projectId, message: line, createdAt: this.clock.now() });
    if (!this.notifications) return;
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, invoice.projectId));
    await this.notifications.notify(
      {
        recipients: await readersOf(tx, invoice.accountId),
        kind,
        title: (invoice.number
          ? `Invoice ${invoice.number}${project ? ` — ${project.name}` : ''}`
          : (project?.name ?? 'Your project')
        ).slice(0, 120),
        body: line.slice(0, 300),
        link: INVOICES_PATH,
      },
      { db: tx },
    );
  }

  /** A checkout paid an invoice (the webhook's transaction, after the invoice was settled). */
  async paid(tx: DbOrTransaction, payment: PaymentRow): Promise<void> {
    if (!payment.invoiceId || !this.notifications) return;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
    if (!invoice) return;
    await this.notifications.notify(
      {
        recipients: await readersOf(tx, invoice.accountId),
        kind: 'payment_received',
        title: `Invoice ${invoice.number}`,
        body: `We received ${formatMoney(payment.amountCents, payment.currency)}${invoice.status === 'paid' ? ': the invoice is paid' : ''}. Thank you.`,
        link: INVOICES_PATH,
      },
      { db: tx },
    );
  }
}

/** The account's members who see its invoices. */
async function readersOf(tx: DbOrTransaction, accountId: string): Promise<string[]> {
  const readers = await tx
    .select({ id: accountMembers.userId })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), inArray(accountMembers.role, INVOICE_READERS)));
  return readers.map((reader) => reader.id);
}
