import { ListGroup } from 'react-bootstrap';
import { InvoiceStatusBadge } from '../../../components/deals/deal-badges';
import { QueryState } from '../../../components/query-state';
import { useAreaAccess } from '../../../lib/account-context';
import { formatDay } from '../../../lib/project-format';
import { formatDate, formatMoney } from '../money';
import { useUserInvoices } from './api';
import { InvoicePdfButton, PayInvoiceButton } from './invoice-actions';

/**
 * A project card's invoices (decision 035), newest first: number, issued and due dates, total, what is
 * left to pay, status, Pay now and the PDF. A list rather than a table: it lives in a narrow card.
 * Members whose role has no billing see none; only billing write may pay (the server checks both).
 */
export function ProjectInvoices({ projectID }: { projectID: string }) {
  const canRead = useAreaAccess('billing', 'read') === true;
  const canPay = useAreaAccess('billing', 'write') === true;
  const list = useUserInvoices({ projectID }, canRead);
  if (!canRead) return null;
  const invoices = list.data?.invoices;
  return (
    <section aria-labelledby={`invoices-${projectID}`}>
      <h4 className="h6 mt-3" id={`invoices-${projectID}`}>
        Invoices
      </h4>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {invoices?.length === 0 && <p className="small text-body-secondary mb-0">No invoices yet.</p>}
      {invoices && invoices.length > 0 && (
        <ListGroup as="ul" className="small">
          {invoices.map((invoice) => (
            <ListGroup.Item as="li" key={invoice.id} aria-label={`Invoice ${invoice.number}`}>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="fw-semibold">{invoice.number}</span>
                <InvoiceStatusBadge invoice={invoice} />
                <span className="ms-auto">{formatMoney(invoice.total, invoice.currency)}</span>
              </div>
              <div className="text-body-secondary">
                {invoice.milestone?.title ?? invoice.description} · issued {formatDate(invoice.issuedAt)} ·
                due {formatDay(invoice.dueDate)}
                {invoice.overdue && ` (${invoice.daysOverdue} days overdue)`}
              </div>
              {invoice.status === 'open' && invoice.balance !== invoice.total && (
                <div>Left to pay: {formatMoney(invoice.balance, invoice.currency)}</div>
              )}
              <div className="d-flex flex-wrap gap-1 mt-1">
                {canPay && invoice.status === 'open' && invoice.balance > 0 && (
                  <PayInvoiceButton invoice={invoice} size="sm" />
                )}
                <InvoicePdfButton invoice={invoice} size="sm" />
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
