import type { Invoice, Milestone, QuoteStatus } from '@app/contract';
import { Badge } from 'react-bootstrap';
import { invoiceBadge, MILESTONE_STATUS_VARIANTS, QUOTE_STATUS_VARIANTS } from '../../lib/deal-format';

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const variant = QUOTE_STATUS_VARIANTS[status];
  return (
    <Badge bg={variant} text={variant === 'light' ? 'dark' : undefined} className="text-capitalize">
      {status}
    </Badge>
  );
}

/** Open, Overdue (open past its due date), Paid or Void. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) {
  const { label, variant } = invoiceBadge(invoice);
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} data-testid="invoice-status">
      {label}
    </Badge>
  );
}

export function MilestoneStatusBadge({ status }: { status: Milestone['status'] }) {
  const variant = MILESTONE_STATUS_VARIANTS[status] ?? 'secondary';
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} className="text-capitalize">
      {status}
    </Badge>
  );
}
