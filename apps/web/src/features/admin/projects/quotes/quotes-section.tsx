import { type AdminQuotesQuery, QUOTE_PATHS, QUOTE_STATUSES, ZQuotesPageResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { CursorPager } from '../../../../components/cursor-pager';
import { QuoteStatusBadge } from '../../../../components/deals/deal-badges';
import { DownloadButton } from '../../../../components/download-button';
import { QueryState } from '../../../../components/query-state';
import { SearchBox } from '../../../../components/search-box';
import { StackedTable } from '../../../../components/stacked-table';
import { apiRequest } from '../../../../lib/api-client';
import { recurringLabel } from '../../../../lib/deal-format';
import { DEALS_POLL_MS, dealKeys } from '../../../../lib/deal-keys';
import { formatMoney } from '../../../../lib/money';
import { formatDay, formatMoment } from '../../../../lib/project-format';
import { useCursorPages } from '../../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { withQuery } from '../../../../lib/with-query';

type StatusFilter = NonNullable<AdminQuotesQuery['status']>;

function useAdminQuotes(search: string, status: StatusFilter | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: dealKeys.adminQuotes([search, status, cursor]),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(QUOTE_PATHS.adminList, { search: search.trim(), status, cursor }), {
        schema: ZQuotesPageResponse,
        signal,
      }),
    refetchInterval: DEALS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Admin → Quotes (decision 035): every project's quote revisions, newest first, searched (project,
 * client) and filtered by status. A quote is written and sent from its project (Projects → the project).
 */
export function QuotesSection() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter | ''>('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(`${settled}|${status}`);
  const list = useAdminQuotes(settled, status || undefined, pages.cursor);
  const rows = list.data?.quotes;
  return (
    <section aria-labelledby="admin-quotes-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="admin-quotes-title" className="h4 mb-0 me-auto">
          Quotes
        </h2>
        <SearchBox
          label="Search quotes"
          placeholder="Search by project or client"
          value={search}
          onChange={setSearch}
          narrow
        />
        <Form.Select
          aria-label="Filter by status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter | '')}
          style={{ maxWidth: 200 }}
          className="text-capitalize"
        >
          <option value="">Every status</option>
          {QUOTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Form.Select>
      </div>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {rows?.length === 0 && (
        <p className="text-body-secondary">
          {settled || status ? 'No quote matches this search.' : 'No quotes yet.'}
        </p>
      )}
      {rows && rows.length > 0 && (
        <StackedTable responsive hover size="sm">
          <caption className="visually-hidden">Quotes, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Client</th>
              <th scope="col">Revision</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
              <th scope="col">Sent</th>
              <th scope="col">Valid until</th>
              <th scope="col">Decided</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((quote) => {
              const recurring = recurringLabel(quote.recurringPayment, quote.term, quote.currency);
              return (
                <tr key={quote.id}>
                  <td>{quote.projectName}</td>
                  <td>
                    {quote.client.name}
                    <div className="small text-body-secondary">{quote.client.email}</div>
                  </td>
                  <td>{quote.revision}</td>
                  <td>
                    <QuoteStatusBadge status={quote.status} />
                    {quote.status === 'sent' && quote.expired && (
                      <span className="small text-danger ms-1">expired</span>
                    )}
                  </td>
                  <td>
                    {formatMoney(quote.total, quote.currency)}
                    {recurring && <div className="small text-body-secondary">+ {recurring}</div>}
                  </td>
                  <td>{quote.sentAt ? formatMoment(quote.sentAt) : '—'}</td>
                  <td>{quote.validUntil ? formatDay(quote.validUntil) : '—'}</td>
                  <td>
                    {quote.decidedAt ? formatMoment(quote.decidedAt) : '—'}
                    {quote.acceptedName && <div className="small">by {quote.acceptedName}</div>}
                  </td>
                  <td>
                    <DownloadButton
                      size="sm"
                      path={withQuery(QUOTE_PATHS.pdf, { quoteID: quote.id })}
                      fileName={`quote-${quote.projectName}-r${quote.revision}.pdf`}
                      hiddenLabel={` of ${quote.projectName}, revision ${quote.revision}`}
                      failure="The quote could not be downloaded. Try again."
                    >
                      PDF
                    </DownloadButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Quote pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </section>
  );
}
