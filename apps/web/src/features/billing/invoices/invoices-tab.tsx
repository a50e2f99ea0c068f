import { CursorPager } from '../../../components/cursor-pager';
import { InvoiceStatusBadge } from '../../../components/deals/deal-badges';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useAreaAccess } from '../../../lib/account-context';
import { formatDay } from '../../../lib/project-format';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { formatDate, formatMoney } from '../money';
import { useUserInvoices } from './api';
import { InvoicePdfButton, PayInvoiceButton } from './invoice-actions';

/**
 * Profile → Invoices (decision 035): the account's project invoices, newest first, one server page at
 * a time, each with Pay now while open and its PDF. A paid one's receipt is in Payment History.
 */
export function InvoicesTab() {
  const pages = useCursorPages('invoices');
  const list = useUserInvoices({ cursor: pages.cursor });
  const canPay = useAreaAccess('billing', 'write') === true;
  const rows = list.data?.invoices;
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title" className="h4 mb-3">
        Invoices
      </h2>
      <p className="small text-body-secondary">
        Invoices for your projects’ milestones. Paid invoices also appear in Payment History with their
        receipts.
      </p>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {rows?.length === 0 && <p className="text-body-secondary">No invoices yet.</p>}
      {rows && rows.length > 0 && (
        <StackedTable responsive hover>
          <caption className="visually-hidden">Invoices, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Project</th>
              <th scope="col">Issued</th>
              <th scope="col">Due</th>
              <th scope="col">Total</th>
              <th scope="col">Balance</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <tr key={invoice.id}>
                <td className="text-nowrap">{invoice.number}</td>
                <td>
                  {invoice.projectName}
                  <div className="small text-body-secondary">
                    {invoice.milestone?.title ?? invoice.description}
                  </div>
                </td>
                <td>{formatDate(invoice.issuedAt)}</td>
                <td>
                  {formatDay(invoice.dueDate)}
                  {invoice.overdue && (
                    <div className="small text-danger">{invoice.daysOverdue} days overdue</div>
                  )}
                </td>
                <td>{formatMoney(invoice.total, invoice.currency)}</td>
                <td>{formatMoney(invoice.balance, invoice.currency)}</td>
                <td>
                  <InvoiceStatusBadge invoice={invoice} />
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    {canPay && invoice.status === 'open' && invoice.balance > 0 && (
                      <PayInvoiceButton invoice={invoice} size="sm" />
                    )}
                    <InvoicePdfButton invoice={invoice} size="sm" />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Invoice pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </section>
  );
}
