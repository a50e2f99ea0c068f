import { useState } from 'react';
import { CursorPager } from '../../../../components/cursor-pager';
import { QueryState } from '../../../../components/query-state';
import { SearchBox } from '../../../../components/search-box';
import { StackedTable } from '../../../../components/stacked-table';
import { formatDay } from '../../../../lib/project-format';
import { useCursorPages } from '../../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { formatMoney } from '../../money';
import { useReceivables } from './api';

/**
 * Accounts receivable (decision 035): per client and currency, what was invoiced, paid and refunded,
 * what is outstanding and overdue, the open invoices and the oldest due date; overdue first.
 */
export function ReceivablesView() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const list = useReceivables(settled, pages.cursor);
  const rows = list.data?.receivables;
  return (
    <div>
      <div className="mb-3">
        <SearchBox
          label="Search clients"
          placeholder="Search by client name or email"
          value={search}
          onChange={setSearch}
          narrow
        />
      </div>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {rows?.length === 0 && <p className="text-body-secondary">Nothing is owed.</p>}
      {rows && rows.length > 0 && (
        <StackedTable responsive hover size="sm">
          <caption className="visually-hidden">What each client owes, overdue first</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Invoiced</th>
              <th scope="col">Paid</th>
              <th scope="col">Refunded</th>
              <th scope="col">Outstanding</th>
              <th scope="col">Overdue</th>
              <th scope="col">Open invoices</th>
              <th scope="col">Oldest due</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const money = (cents: number) => formatMoney(cents, row.currency);
              return (
                <tr key={`${row.client.id}-${row.currency}`}>
                  <td>
                    {row.client.name}
                    <div className="small text-body-secondary">{row.client.email}</div>
                  </td>
                  <td>{money(row.invoiced)}</td>
                  <td>{money(row.paid)}</td>
                  <td>{money(row.refunded)}</td>
                  <td className="fw-semibold">{money(row.outstanding)}</td>
                  <td className={row.overdue > 0 ? 'text-danger fw-semibold' : undefined}>
                    {money(row.overdue)}
                  </td>
                  <td>{row.openInvoices}</td>
                  <td>{row.oldestDueDate ? formatDay(row.oldestDueDate) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Receivables pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}
