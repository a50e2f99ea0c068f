import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { projectMilestones, projects, quotes } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { codedError, notFound } from '../../../platform/http/errors.js';
import type { Seller } from '../../../platform/pdf/pdf-document.js';
import type { CatalogPort } from '../../../ports/catalog.js';
import type { ProjectNotifier } from '../notifier.js';
import { lockQuote, notOpen, QUOTE_NOT_FOUND } from './quote-drafts.js';
import { renderQuotePdf } from './quote-pdf.js';
import { isExpired, selectQuoteContexts, today, toQuote } from './quote-view.js';

/** Who decides for the client: the person signed in, for the account that owns the quote. */
export interface QuoteDecider {
  personId: string;
  accountId: string;
  ip: string;
}

/**
 * The client's side of a quote (decision 035). Accepting records the name typed, the time and the
 * address, freezes the quote as a PDF, approves the project with dates from the milestones, and
 * writes the milestones; all in one transaction with the quote row locked, so two clicks (or two
 * members) cannot both decide.
 */
export class QuoteDecisions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: ProjectNotifier,
    private readonly seller: Seller,
    private readonly catalog: CatalogPort,
  ) {}

  async accept(quoteId: string, typedName: string, by: QuoteDecider): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const quote = await lockQuote(tx, quoteId);
      if (quote.accountId !== by.accountId) throw notFound(QUOTE_NOT_FOUND);
      if (quote.status !== 'sent') throw notOpen(quote, 'accepted');
      if (isExpired(quote, now)) {
        throw codedError(
          'quote_expired',
          `This quote was valid until ${quote.validUntil}: ask us for a new revision`,
          'quoteID',
        );
      }
      const view = await quoteView(tx, quote.id, now);
      const pdf = await renderQuotePdf(view, this.seller, { name: typedName, at: now, ip: by.ip });
      await tx
        .update(quotes)
        .set({
          status: 'accepted',
          decidedAt: now,
          decidedBy: by.personId,
          acceptedName: typedName,
          decidedIp: by.ip || null,
          acceptedPdf: pdf,
          acceptedPdfSha256: createHash('sha256').update(pdf).digest('hex'),
          updatedAt: now,
        })
        .where(eq(quotes.id, quote.id));
      await tx.insert(projectMilestones).values(
        quote.milestones.map((milestone, index) => ({
          projectId: quote.projectId,
          quoteId: quote.id,
          position: index + 1,
          title: milestone.title,
          amountCents: milestone.amount,
          dueDate: milestone.dueDate,
          createdAt: now,
        })),
      );
      const [project] = await tx
        .select()
        .from(projects)
        .where(eq(projects.id, quote.projectId))
        .for('update');
      if (!project) throw notFound('Project not found');
      const lastDue = quote.milestones.map((m) => m.dueDate).reduce((a, b) => (a > b ? a : b));
      await tx
        .update(projects)
        .set({
          status: project.status === 'waiting for approval' ? 'approved' : project.status,
          startDate: project.startDate ?? today(now),
          endDate: lastDue,
          totalPaymentCents: quote.totalCents,
          recurringPaymentCents: quote.recurringCents,
          term: quote.term,
          updatedAt: now,
        })
        .where(eq(projects.id, project.id));
      if (quote.recurringCents && quote.term) {
        await this.catalog.createProjectSupport(tx, {
          projectId: project.id,
          projectName: project.name,
          priceCents: quote.recurringCents,
          currency: quote.currency,
          term: quote.term,
          items: [
            `Support and maintenance of ${project.name}`,
            `As agreed in quote revision ${quote.revision}`,
          ],
        });
      }
      await this.notifier.notify(
        tx,
        quote.projectId,
        project.status === 'waiting for approval'
          ? `Quote revision ${quote.revision} was accepted by ${typedName}: your project is approved.`
          : `Quote revision ${quote.revision} was accepted by ${typedName}.`,
      );
      // The team hears of it too: the deal is made and the work can be planned.
      await this.notifier.notify(
        tx,
        quote.projectId,
        `The client accepted quote revision ${quote.revision}.`,
        {
          kind: 'quote_accepted',
          to: 'team',
          activity: false,
        },
      );
    });
  }

  async decline(quoteId: string, reason: string, by: QuoteDecider): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const quote = await lockQuote(tx, quoteId);
      if (quote.accountId !== by.accountId) throw notFound(QUOTE_NOT_FOUND);
      if (quote.status !== 'sent') throw notOpen(quote, 'declined');
      await tx
        .update(quotes)
        .set({
          status: 'declined',
          decidedAt: now,
          decidedBy: by.personId,
          decidedIp: by.ip || null,
          declineReason: reason || null,
          updatedAt: now,
        })
        .where(eq(quotes.id, quote.id));
      await this.notifier.notify(tx, quote.projectId, `Quote revision ${quote.revision} was declined.`);
      await this.notifier.notify(
        tx,
        quote.projectId,
        `The client declined quote revision ${quote.revision}${reason ? `: “${reason.slice(0, 200)}”` : '.'}`,
        { to: 'team', activity: false },
      );
    });
  }
}

/** One quote as a reply shows it. */
export async function quoteView(db: DbOrTransaction, quoteId: string, now: Date) {
  const [context] = await selectQuoteContexts(db).where(eq(quotes.id, quoteId)).limit(1);
  if (!context) throw notFound(QUOTE_NOT_FOUND);
  return toQuote(context, now);
}
