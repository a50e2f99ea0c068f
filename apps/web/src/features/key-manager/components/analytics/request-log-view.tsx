import type { RequestLogQuery } from '@app/contract';
import { CursorPager } from '../../../../components/cursor-pager';
import { QueryState } from '../../../../components/query-state';
import { useCursorPages } from '../../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { requestLogCsvPath, useRequestLog } from '../../analytics-api';
import type { AnalyticsFilters } from './analytics-url';
import { CsvDownloadButton } from './csv-download-button';
import { RequestLogFilters } from './request-log-filters';
import { RequestLogTable } from './request-log-table';

const TYPING_MS = 300;

interface RequestLogViewProps {
  filters: AnalyticsFilters;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
}

/**
 * Requests: the public API's request log (30 days), newest first, one server page at a time, with
 * its filters and a CSV of everything they select.
 */
export function RequestLogView({ filters, onChange }: RequestLogViewProps) {
  const typedOutcome = useDebouncedValue(filters.outcome?.trim() || undefined, TYPING_MS);
  const query: Omit<RequestLogQuery, 'cursor' | 'limit'> = {
    productId: filters.productId,
    apiKeyId: filters.apiKeyId,
    keyId: filters.keyId,
    operation: filters.operation,
    kind: filters.kind,
    outcome: typedOutcome,
    from: filters.from,
    to: filters.to,
  };
  // A new filter starts again from the newest page.
  const pages = useCursorPages(JSON.stringify(query));
  const log = useRequestLog({ ...query, cursor: pages.cursor });
  return (
    <section aria-labelledby="km-requests-title">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h3 id="km-requests-title" className="h6 mb-0">
          Requests, newest first
        </h3>
        <CsvDownloadButton
          path={requestLogCsvPath({ ...query, outcome: filters.outcome?.trim() || undefined })}
          fileName="key-manager-requests.csv"
          what="of the request log"
        />
      </div>
      <RequestLogFilters filters={filters} onChange={onChange} />
      {log.data ? (
        <div style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }} aria-busy={log.isPlaceholderData}>
          <RequestLogTable entries={log.data.entries} />
          <CursorPager
            page={pages.page}
            nextCursor={log.data.nextCursor}
            onNext={pages.next}
            onPrevious={pages.previous}
            busy={log.isPlaceholderData}
            label="Request log pages"
            previousLabel="Newer"
            nextLabel="Older"
          />
        </div>
      ) : (
        <QueryState
          isPending={log.isPending}
          error={log.error}
          onRetry={() => void log.refetch()}
          loadingLabel="Loading the requests…"
        />
      )}
    </section>
  );
}
