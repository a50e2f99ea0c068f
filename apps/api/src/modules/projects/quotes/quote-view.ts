import { lineTotal, type Quote } from '@app/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../../db/client.js';
import { projects, type QuoteRow, quotes, users } from '../../../db/schema/index.js';

/** The person who decided a quote (joined beside its client, who is also a user). */
export const decider = alias(users, 'quote_decider');

/** What a quote reply needs beside the quote: its project, client and who decided. */
export interface QuoteContext {
  quote: QuoteRow;
  projectName: string;
  orderId: string;
  client: { id: string; firstName: string; lastName: string; email: string };
  decider: { firstName: string; lastName: string } | null;
}

/** A quote's columns without its frozen PDF's bytes (read only by the PDF download). */
export const QUOTE_COLUMNS = (() => {
  const { acceptedPdf: _pdf, ...columns } = getTableColumns(quotes);
  return columns;
})();

/** The columns every quote read selects: the quote (without its PDF bytes) and its context. */
export function quoteContextColumns() {
  return {
    quote: QUOTE_COLUMNS,
    projectName: projects.name,
    orderId: projects.orderId,
    client: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    decider: { firstName: decider.firstName, lastName: decider.lastName },
  };
}

/** Quotes joined to what a reply shows; the caller adds its conditions and order. */
export function selectQuoteContexts(db: DbOrTransaction) {
  return db
    .select(quoteContextColumns())
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .innerJoin(users, eq(users.id, quotes.accountId))
    .leftJoin(decider, eq(decider.id, quotes.decidedBy));
}

/** Today as the quotes compare it: a UTC calendar day. */
export const today = (now: Date) => now.toISOString().slice(0, 10);

/** A sent quote whose last valid day has passed. */
export function isExpired(quote: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): boolean {
  return quote.status === 'sent' && quote.validUntil !== null && quote.validUntil < today(now);
}

export function toQuote(
  context: Omit<QuoteContext, 'quote'> & { quote: Omit<QuoteRow, 'acceptedPdf'> },
  now: Date,
): Quote {
  const { quote, client } = context;
  return {
    id: quote.id,
    projectID: quote.projectId,
    projectName: context.projectName,
    client: { id: client.id, name: `${client.firstName} ${client.lastName}`.trim(), email: client.email },
    revision: quote.revision,
    status: quote.status,
    currency: quote.currency,
    lineItems: quote.lineItems.map((line) => ({ ...line, amount: lineTotal(line) })),
    milestones: quote.milestones,
    total: quote.totalCents,
    recurringPayment: quote.recurringCents,
    term: quote.term,
    validUntil: quote.validUntil,
    expired: isExpired(quote, now),
    terms: quote.terms,
    createdAt: quote.createdAt.toISOString(),
    sentAt: quote.sentAt?.toISOString() ?? null,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    decidedBy: context.decider ? `${context.decider.firstName} ${context.decider.lastName}`.trim() : null,
    acceptedName: quote.acceptedName,
    declineReason: quote.declineReason,
    pdfSha256: quote.acceptedPdfSha256,
  };
}
