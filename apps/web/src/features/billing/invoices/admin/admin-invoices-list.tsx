import type { Invoice } from '@app/contract';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { CursorPager } from '../../../../components/cursor-pager';
import { InvoiceStatusBadge } from '../../../../components/deals/deal-badges';
import { DownloadButton } from '../../../../components/download-button';
import { QueryState } from '../../../../components/query-state';
import { SearchBox } from '../../../../components/search-box';
import { StackedTable } from '../../../../components/stacked-table';
import { formatDay } from '../../../../lib/project-format';
import { useCursorPages } from '../../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { formatDate, formatMoney } from '../../money';
import { InvoicePdfButton } from '../invoice-actions';
import { type InvoiceStatusFilter, invoicesExportPath, useAdminInvoices, useVoidInvoice } from './api';
import { RecordPaymentDialog } from './record-payment-dialog';

const STATUS_FILTERS: { value: InvoiceStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

type Acting = { invoice: Invoice; action: 'void' | 'record' };

/**
 * Every client's invoices (decision 035), a server page at a time, searched (number, project,
 * client) and filtered by status; per row Record payment, Void and the PDF; the filtered list as CSV.
 */
export function AdminInvoicesList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatusFilter | ''>('');
  const settled = useDebouncedValue(search, 300);
  const filters = { search: settled, status: status || undefined };
  const pages = useCursorPages(`${settled}|${status}`);
  const list = useAdminInvoices(filters, pages.cursor);
  const voiding = useVoidInvoice();
  const [acting, setActing] = useState<Acting | null>(null);
  const rows = list.data?.invoices;
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <SearchBox
          label="Search invoices"
          placeholder="Search by number, project or client"
          value={search}
          onChange={setSearch}
          narrow
        />
        <Form.Select
          aria-label="Filter by status"
          value={status}
          onChange={(event) => setStatus(event.target.value as InvoiceStatusFilter | '')}
          style={{ maxWidth: 200 }}
        >
          <option value="">Every status</option>
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </Form.Select>
        <span className="ms-md-auto">
          <DownloadButton
            path={invoicesExportPath(filters)}
            fileName={`invoices-${new Date().toISOString().slice(0, 10)}.csv`}
            failure="The export could not be downloaded. Try again."
          >
            Export CSV
          </DownloadButton>
        </span>
      </div>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {rows?.length === 0 && (
        <p className="text-body-secondary">
          {settled || status ? 'No invoice matches this search.' : 'No invoices yet.'}
        </p>
      )}
      {rows && rows.length > 0 && (
        <StackedTable responsive hover size="sm">
          <caption className="visually-hidden">Invoices, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Client</th>
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
                  {invoice.client.name}
                  <div className="small text-body-secondary">{invoice.client.email}</div>
                </td>
                <td>
                  {invoice.projectName}
                  <div className="small text-body-secondary">{invoice.milestone?.title ?? 'Whole quote'}</div>
                </td>
                <td>{formatDate(invoice.issuedAt)}</td>
                <td>
                  {formatDay(invoice.dueDate)}
                  {invoice.overdue && (
                    <div className="small text-danger">{invoice.daysOverdue} days overdue</div>
                  )}
                </td>
                <td>{formatMoney(invoice.total, invoice.currency)}</td>
                <td>
                  {formatMoney(invoice.balance, invoice.currency)}
                  {invoice.refunded > 0 && (
                    <div className="small text-body-secondary">
                      {formatMoney(invoice.refunded, invoice.currency)} refunded
                    </div>
                  )}
                </td>
                <td>
                  <InvoiceStatusBadge invoice={invoice} />
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    {invoice.status === 'open' && (
                      <>
                        <Button
                          size="sm"
                          variant="outline-success"
                          onClick={() => setActing({ invoice, action: 'record' })}
                        >
                          Record payment<span className="visually-hidden"> of {invoice.number}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => setActing({ invoice, action: 'void' })}
                        >
                          Void<span className="visually-hidden"> {invoice.number}</span>
                        </Button>
                      </>
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
      {acting?.action === 'record' && (
        <RecordPaymentDialog invoice={acting.invoice} onHide={() => setActing(null)} />
      )}
      {acting?.action === 'void' && (
        <ConfirmDialog
          title={`Void ${acting.invoice.number}`}
          confirmLabel="Void invoice"
          pending={voiding.isPending}
          error={voiding.error}
          onConfirm={() =>
            voiding.mutate({ invoiceID: acting.invoice.id }, { onSuccess: () => setActing(null) })
          }
          onHide={() => {
            voiding.reset();
            setActing(null);
          }}
        >
          The invoice keeps its number but is no longer owed; its milestone can be invoiced again.
          {acting.invoice.paid > 0 &&
            ` ${formatMoney(acting.invoice.paid, acting.invoice.currency)} was already paid on it: refund that from Payments if it should go back.`}
        </ConfirmDialog>
      )}
    </div>
  );
}
