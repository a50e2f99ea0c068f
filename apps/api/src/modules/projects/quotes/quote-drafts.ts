import { lineTotal, type ZSaveQuoteRequest } from '@app/contract';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { projectOrders, projects, type QuoteRow, quotes } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, codedError, notFound } from '../../../platform/http/errors.js';
import type { ProjectNotifier } from '../notifier.js';
import { QUOTE_COLUMNS, today } from './quote-view.js';

type SaveQuote = z.output<typeof ZSaveQuoteRequest>;

export const QUOTE_NOT_FOUND = 'Quote not found';

/**
 * The admin's side of a quote (decision 035): draft, send, withdraw. A project has at most one open
 * revision (draft or sent; a partial unique index holds it under races). Saving over a sent revision
 * supersedes it with a new draft, so what the client saw stays as it was in the history; once a
 * revision was accepted the deal is made and no new one is drafted.
 */
export class QuoteDrafts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: ProjectNotifier,
  ) {}

  async save(input: SaveQuote, adminId: string): Promise<string> {
    const now = this.clock.now();
    if (input.validUntil !== null && input.validUntil < today(now))
      throw badRequest('Valid until must be today or later', 'validUntil');
    return this.db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id, accountId: projectOrders.clientId })
        .from(projects)
        .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
        .where(eq(projects.id, input.projectID))
        .for('update', { of: projects });
      if (!project) throw notFound('Project not found');
      const revisions = await tx
        .select({ id: quotes.id, status: quotes.status, revision: quotes.revision })
        .from(quotes)
        .where(eq(quotes.projectId, project.id))
        .orderBy(desc(quotes.revision));
      if (revisions.some((r) => r.status === 'accepted')) {
        throw codedError(
          'quote_not_open',
          'This project’s quote was accepted: the deal is made and cannot be revised',
          'projectID',
        );
      }
      const terms = quoteTerms(input);
      const open = revisions.find((r) => r.status === 'draft' || r.status === 'sent');
      if (open?.status === 'draft') {
        await tx
          .update(quotes)
          .set({ ...terms, updatedAt: now })
          .where(eq(quotes.id, open.id));
        return open.id;
      }
      if (open)
        await tx.update(quotes).set({ status: 'superseded', updatedAt: now }).where(eq(quotes.id, open.id));
      const [created] = await tx
        .insert(quotes)
        .values({
          ...terms,
          projectId: project.id,
          accountId: project.accountId,
          revision: (revisions[0]?.revision ?? 0) + 1,
          status: 'draft',
          createdBy: adminId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: quotes.id });
      if (!created) throw new Error('quote insert returned nothing');
      return created.id;
    });
  }

  /** A draft goes to the client: it shows in the portal and the client is told (activity and mail). */
  async send(quoteId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const quote = await lockQuote(tx, quoteId);
      if (quote.status !== 'draft') throw notOpen(quote, 'sent');
      await tx
        .update(quotes)
        .set({ status: 'sent', sentAt: now, updatedAt: now })
        .where(eq(quotes.id, quote.id));
      await this.notifier.notify(
        tx,
        quote.projectId,
        `A quote (revision ${quote.revision}) is waiting for your decision: review it and accept or decline it in your portal.`,
        { kind: 'quote_sent' },
      );
    });
  }

  async withdraw(quoteId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const quote = await lockQuote(tx, quoteId);
      if (quote.status !== 'draft' && quote.status !== 'sent') throw notOpen(quote, 'withdrawn');
      await tx.update(quotes).set({ status: 'withdrawn', updatedAt: now }).where(eq(quotes.id, quote.id));
      if (quote.status === 'sent')
        await this.notifier.notify(tx, quote.projectId, `Quote revision ${quote.revision} was withdrawn.`);
    });
  }
}

/** The stored terms of a saved quote; the total is the lines' sum (the schema checked the milestones). */
function quoteTerms(input: SaveQuote) {
  return {
    currency: input.currency,
    lineItems: input.lineItems,
    milestones: input.milestones,
    totalCents: input.lineItems.reduce((sum, line) => sum + lineTotal(line), 0),
    recurringCents: input.recurringPayment || null,
    term: input.recurringPayment ? input.term : null,
    validUntil: input.validUntil,
    terms: input.terms,
  };
}

export async function lockQuote(
  tx: DbOrTransaction,
  quoteId: string,
): Promise<Omit<QuoteRow, 'acceptedPdf'>> {
  const [quote] = await tx.select(QUOTE_COLUMNS).from(quotes).where(eq(quotes.id, quoteId)).for('update');
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  return quote;
}

const STATUS_SENTENCE: Record<QuoteRow['status'], string> = {
  draft: 'is still a draft',
  sent: 'was already sent',
  accepted: 'was already accepted',
  declined: 'was declined',
  superseded: 'was replaced by a newer revision',
  withdrawn: 'was withdrawn',
};

/** Why a quote cannot be `wanted` now, as the client or admin reads it. */
export function notOpen(quote: Pick<QuoteRow, 'revision' | 'status'>, wanted: string) {
  return codedError(
    'quote_not_open',
    `Quote revision ${quote.revision} ${STATUS_SENTENCE[quote.status]}, so it cannot be ${wanted}`,
    'quoteID',
  );
}
