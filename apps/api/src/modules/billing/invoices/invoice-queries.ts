import { Readable } from 'node:stream';
import type { AdminInvoicesQuery, Invoice, Receivable } from '@app/contract';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../../db/keyset.js';
import { rawRows } from '../../../db/raw-rows.js';
import { invoices, projectMilestones, projects, users } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { csvRecord } from '../../../platform/csv/csv.js';
import { cursorPart, decodeCursor, encodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { notFound } from '../../../platform/http/errors.js';
import type { Seller } from '../../../platform/pdf/pdf-document.js';
import { containsSearch } from '../../../platform/search/contains-search.js';
import { INVOICE_NOT_FOUND } from './invoice-issuer.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { invoiceContextColumns, invoiceView, toInvoice } from './invoice-view.js';

type Page<T> = { items: T[]; nextCursor: string | null };
type Filter = { search?: string | undefined; status?: AdminInvoicesQuery['status'] };

const EXPORT_COLUMNS = [
  'number',
  'issued_at',
  'due_date',
  'status',
  'client',
  'client_email',
  'project',
  'milestone',
  'currency',
  'subtotal',
  'tax_label',
  'tax_rate_percent',
  'tax',
  'total',
  'paid',
  'refunded',
  'balance',
  'paid_at',
];
const EXPORT_PAGE = 500;
const amount = (cents: number) => (cents / 100).toFixed(2);

/** Reads of invoices: the admin's list and CSV, an account's list, receivables, one invoice's PDF. */
export class InvoiceQueries {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly seller: Seller,
  ) {}

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  private async conditions(filter: Filter): Promise<(SQL | undefined)[]> {
    const search = await containsSearch(this.db, filter.search, [
      { sql: invoices.number, sample: { table: 'invoices', column: 'number' } },
      { sql: projects.name, sample: { table: 'projects', column: 'name' } },
      { sql: users.email, sample: { table: 'users', column: 'email' } },
    ]);
    const status =
      filter.status === 'overdue'
        ? and(eq(invoices.status, 'open'), lt(invoices.dueDate, this.today()))
        : filter.status
          ? eq(invoices.status, filter.status)
          : undefined;
    return [status, search];
  }

  /** Newest first in keyset pages; `scope` narrows to an account (and a project). */
  private async page(
    filter: Filter,
    scope: SQL | undefined,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<Invoice>> {
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({ ...invoiceContextColumns(), cursorAt: exactTimestamp(invoices.issuedAt) })
      .from(invoices)
      .innerJoin(projects, eq(projects.id, invoices.projectId))
      .innerJoin(users, eq(users.id, invoices.accountId))
      .leftJoin(projectMilestones, eq(projectMilestones.id, invoices.milestoneId))
      .where(
        and(scope, ...(await this.conditions(filter)), keysetAfter([invoices.issuedAt, invoices.id], after)),
      )
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(limit + 1);
    const page = pageOf(rows, limit, (row) => [row.cursorAt, row.invoice.id]);
    const now = this.clock.now();
    return { items: page.items.map((row) => toInvoice(row, now)), nextCursor: page.nextCursor };
  }

  adminPage(query: AdminInvoicesQuery): Promise<Page<Invoice>> {
    return this.page(query, undefined, query.cursor, query.limit);
  }

  accountPage(
    accountId: string,
    query: { projectID?: string | undefined; cursor?: string | undefined; limit: number },
  ): Promise<Page<Invoice>> {
    const scope = and(
      eq(invoices.accountId, accountId),
      query.projectID ? eq(invoices.projectId, query.projectID) : undefined,
    );
    return this.page({}, scope, query.cursor, query.limit);
  }

  /** One invoice of the account (null for another account's or an unknown one). */
  async ofAccount(invoiceId: string, accountId: string | null): Promise<Invoice> {
    const invoice = await invoiceView(this.db, invoiceId, this.clock.now());
    if (!invoice || (accountId !== null && invoice.client.id !== accountId))
      throw notFound(INVOICE_NOT_FOUND);
    return invoice;
  }

  async pdf(invoice: Invoice): Promise<{ bytes: Buffer; filename: string }> {
    return { bytes: await renderInvoicePdf(invoice, this.seller), filename: `invoice-${invoice.number}.pdf` };
  }

  /**
   * The admin's list as CSV for the bookkeeper, newest first, read a page at a time while the reply
   * is written, so memory stays flat however many invoices match.
   */
  exportCsv(filter: Filter): Readable {
    const self = this;
    async function* pages() {
      yield Buffer.from(csvRecord(EXPORT_COLUMNS));
      let cursor: string | undefined;
      do {
        const page = await self.page(filter, undefined, cursor, EXPORT_PAGE);
        let text = '';
        for (const invoice of page.items) {
          text += csvRecord([
            invoice.number,
            invoice.issuedAt,
            invoice.dueDate,
            invoice.overdue ? 'overdue' : invoice.status,
            invoice.client.name,
            invoice.client.email,
            invoice.projectName,
            invoice.milestone?.title ?? '',
            invoice.currency.toUpperCase(),
            amount(invoice.subtotal),
            invoice.taxLabel,
            invoice.taxRate,
            amount(invoice.tax),
            amount(invoice.total),
            amount(invoice.paid),
            amount(invoice.refunded),
            amount(invoice.balance),
            invoice.paidAt ?? '',
          ]);
        }
        yield Buffer.from(text);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    return Readable.from(pages());
  }

  /**
   * What each client owes, per currency (void invoices left out), ordered by client in keyset pages:
   * invoiced, received, refunded, outstanding, overdue, open invoices and the oldest open due date.
   */
  async receivables(query: {
    search?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  }): Promise<Page<Receivable>> {
    const after = decodeCursor(query.cursor, [cursorPart.uuid, (part) => /^[a-z]{3}$/.test(part)]);
    const search = await containsSearch(this.db, query.search, [
      { sql: users.email, sample: { table: 'users', column: 'email' } },
    ]);
    const today = this.today();
    const owed = sql`greatest(i.total_cents - (i.paid_cents - i.refunded_cents), 0)`;
    const rows = await rawRows<{
      account_id: string;
      currency: string;
      first_name: string;
      last_name: string;
      email: string;
      invoiced: string;
      paid: string;
      refunded: string;
      outstanding: string;
      overdue: string;
      open_invoices: string;
      oldest_due: string | null;
    }>(
      this.db,
      sql`select i.account_id, i.currency, users.first_name, users.last_name, users.email,
            sum(i.total_cents) as invoiced, sum(i.paid_cents) as paid, sum(i.refunded_cents) as refunded,
            sum(case when i.status = 'open' then ${owed} else 0 end) as outstanding,
            sum(case when i.status = 'open' and i.due_date < ${today}::date then ${owed} else 0 end) as overdue,
            count(*) filter (where i.status = 'open') as open_invoices,
            to_char(min(i.due_date) filter (where i.status = 'open'), 'YYYY-MM-DD') as oldest_due
          from invoices i join users on users.id = i.account_id
          where i.status <> 'void'
            ${after ? sql`and (i.account_id, i.currency) > (${after[0]}::uuid, ${after[1]})` : sql``}
            ${search ? sql`and ${search}` : sql``}
          group by i.account_id, i.currency, users.first_name, users.last_name, users.email
          order by i.account_id, i.currency
          limit ${query.limit + 1}`,
    );
    const items = rows.slice(0, query.limit).map((row) => ({
      client: { id: row.account_id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
      currency: row.currency,
      invoiced: Number(row.invoiced),
      paid: Number(row.paid),
      refunded: Number(row.refunded),
      outstanding: Number(row.outstanding),
      overdue: Number(row.overdue),
      openInvoices: Number(row.open_invoices),
      oldestDueDate: row.oldest_due,
    }));
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.client.id, last.currency]) : null,
    };
  }
}
