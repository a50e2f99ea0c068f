import { INVOICE_GRACE_DAYS, type Invoice, type QuoteStatus } from '@app/contract';
import { formatMoney } from './money';

/**
 * How the agency's deals (decision 035) read on screen, for the client's portal and the admin panel
 * alike: a quote's recurring part, the badges of quotes, milestones and invoices, and the payment hold.
 */

const TERM_WORDS = { m: 'month', y: 'year' } as const;

/** "$200.00 per month"; null when the quote has no recurring part. */
export function recurringLabel(
  amount: number | null,
  term: 'm' | 'y' | null,
  currency: string,
): string | null {
  if (!amount || !term) return null;
  return `${formatMoney(amount, currency)} per ${TERM_WORDS[term]}`;
}

export const QUOTE_STATUS_VARIANTS: Record<QuoteStatus, string> = {
  draft: 'secondary',
  sent: 'primary',
  accepted: 'success',
  declined: 'danger',
  superseded: 'light',
  withdrawn: 'dark',
};

export const MILESTONE_STATUS_VARIANTS: Record<string, string> = {
  pending: 'secondary',
  delivered: 'info',
  'changes requested': 'warning',
  approved: 'success',
};

export interface BadgeLook {
  label: string;
  variant: string;
}

/** An invoice's badge: an open invoice past its due date reads "Overdue", the rest their status. */
export function invoiceBadge(invoice: Pick<Invoice, 'status' | 'overdue'>): BadgeLook {
  if (invoice.status === 'open' && invoice.overdue) return { label: 'Overdue', variant: 'danger' };
  if (invoice.status === 'open') return { label: 'Open', variant: 'warning' };
  if (invoice.status === 'paid') return { label: 'Paid', variant: 'success' };
  return { label: 'Void', variant: 'secondary' };
}

/**
 * The spec's rule for one-time payments: an invoice unpaid more than INVOICE_GRACE_DAYS after its due
 * date puts the project on hold (the server answers `project_payment_hold` on its resources).
 */
export const holdsProject = (invoice: Pick<Invoice, 'status' | 'daysOverdue'>) =>
  invoice.status === 'open' && invoice.daysOverdue > INVOICE_GRACE_DAYS;

/** A calendar day (YYYY-MM-DD) plus `days`, as a YYYY-MM-DD (UTC, no time-zone shift). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today as a calendar day (UTC), for date inputs' defaults. */
export const today = () => new Date().toISOString().slice(0, 10);
