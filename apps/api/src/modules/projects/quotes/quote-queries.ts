import type { AdminQuotesQuery, Milestone, Quote } from '@app/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../../db/keyset.js';
import { invoices, projectMilestones, projects, quotes, users } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { notFound } from '../../../platform/http/errors.js';
import type { Seller } from '../../../platform/pdf/pdf-document.js';
import { containsSearch } from '../../../platform/search/contains-search.js';
import { QUOTE_NOT_FOUND } from './quote-drafts.js';
import { renderQuotePdf } from './quote-pdf.js';
import { decider, quoteContextColumns, selectQuoteContexts, toQuote } from './quote-view.js';

/** Reads of quotes and milestones: a project's revisions, the admin's list, a quote's PDF. */
export class QuoteQueries {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly seller: Seller,
  ) {}

  /** A project's revisions, newest first; a client sees only those that were sent to them. */
  async ofProject(projectId: string, withDrafts: boolean): Promise<Quote[]> {
    const rows = await selectQuoteContexts(this.db)
      .where(
        and(
          eq(quotes.projectId, projectId),
          // A client sees the revisions that were sent to them (not drafts, nor drafts withdrawn).
          withDrafts ? undefined : isNotNull(quotes.sentAt),
        ),
      )
      .orderBy(desc(quotes.revision));
    const now = this.clock.now();
    return rows.map((row) => toQuote(row, now));
  }

  /** Every quote for the admin, newest first, by status and search (project, client), in keyset pages. */
  async adminPage(query: AdminQuotesQuery): Promise<{ items: Quote[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const search = await containsSearch(this.db, query.search, [
      { sql: projects.name, sample: { table: 'projects', column: 'name' } },
      { sql: users.email, sample: { table: 'users', column: 'email' } },
    ]);
    const rows = await this.db
      .select({ ...quoteContextColumns(), cursorAt: exactTimestamp(quotes.createdAt) })
      .from(quotes)
      .innerJoin(projects, eq(projects.id, quotes.projectId))
      .innerJoin(users, eq(users.id, quotes.accountId))
      .leftJoin(decider, eq(decider.id, quotes.decidedBy))
      .where(
        and(
          query.status ? eq(quotes.status, query.status) : undefined,
          search,
          keysetAfter([quotes.createdAt, quotes.id], after),
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.quote.id]);
    const now = this.clock.now();
    return { items: page.items.map((row) => toQuote(row, now)), nextCursor: page.nextCursor };
  }

  /** The project of a quote (to check who may read it), or a 404. */
  async projectOf(quoteId: string): Promise<{ projectId: string; sentAt: Date | null }> {
    const [row] = await this.db
      .select({ projectId: quotes.projectId, sentAt: quotes.sentAt })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .limit(1);
    if (!row) throw notFound(QUOTE_NOT_FOUND);
    return row;
  }

  /** The quote as a PDF: the frozen one once accepted, else rendered as it stands. */
  async pdf(quoteId: string): Promise<{ bytes: Buffer; filename: string }> {
    const [stored] = await this.db
      .select({ pdf: quotes.acceptedPdf, revision: quotes.revision, project: projects.name })
      .from(quotes)
      .innerJoin(projects, eq(projects.id, quotes.projectId))
      .where(eq(quotes.id, quoteId))
      .limit(1);
    if (!stored) throw notFound(QUOTE_NOT_FOUND);
    const filename = `quote-${slug(stored.project)}-r${stored.revision}.pdf`;
    if (stored.pdf) return { bytes: stored.pdf, filename };
    const [context] = await selectQuoteContexts(this.db).where(eq(quotes.id, quoteId)).limit(1);
    if (!context) throw notFound(QUOTE_NOT_FOUND);
    return { bytes: await renderQuotePdf(toQuote(context, this.clock.now()), this.seller), filename };
  }

  /** A project's milestones in order, each with its live (not void) invoice. */
  async milestones(projectId: string): Promise<Milestone[]> {
    const rows = await this.db
      .select({
        milestone: projectMilestones,
        currency: quotes.currency,
      })
      .from(projectMilestones)
      .innerJoin(quotes, eq(quotes.id, projectMilestones.quoteId))
      .where(eq(projectMilestones.projectId, projectId))
      .orderBy(asc(projectMilestones.position));
    const ids = rows.map((row) => row.milestone.id);
    const billed = ids.length
      ? await this.db
          .select({
            id: invoices.id,
            number: invoices.number,
            status: invoices.status,
            milestoneId: invoices.milestoneId,
          })
          .from(invoices)
          .where(and(inArray(invoices.milestoneId, ids), ne(invoices.status, 'void')))
      : [];
    return rows.map(({ milestone, currency }) => {
      const invoice = billed.find((row) => row.milestoneId === milestone.id);
      return {
        id: milestone.id,
        position: milestone.position,
        title: milestone.title,
        amount: milestone.amountCents,
        currency,
        dueDate: milestone.dueDate,
        status: milestone.status,
        invoice: invoice ? { id: invoice.id, number: invoice.number, status: invoice.status } : null,
      };
    });
  }
}

/** A file name from a project's name: letters, digits and dashes. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'project'
  );
}
