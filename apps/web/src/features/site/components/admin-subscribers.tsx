import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { subscribersCsvParts, useAdminSubscribers } from '../leads-api';
import { subscribersCsv } from './subscribers-csv';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function download(parts: string[]) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Admin section 'Newsletter': confirmed subscribers only (double opt-in), newest first, a page at a
 * time with a server-side email search; the count is the server's maintained total. The CSV export
 * walks every page once, on request.
 */
export function AdminSubscribers() {
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const list = useAdminSubscribers({ search: settled, cursor: pages.cursor });
  const { data, isPending, error, refetch } = list;

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      download(await subscribersCsvParts((page, first) => subscribersCsv(page, first)));
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : 'The export failed; try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="admin-subscribers-title">
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
        <h2 id="admin-subscribers-title" className="h4 mb-0">
          Newsletter subscribers {data && <span className="text-muted">({data.total})</span>}
        </h2>
        <Button
          variant="outline-primary"
          disabled={!data || data.total === 0 || exporting}
          onClick={() => void exportCsv()}
        >
          {exporting && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
          Export CSV
        </Button>
      </div>
      {exportError && (
        <Alert variant="danger" dismissible onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <SearchBox
        label="Search subscribers"
        placeholder="Search by email"
        value={search}
        onChange={setSearch}
        narrow
        className="mb-3"
      />
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.subscribers.length === 0 ? (
        <p className="text-muted">
          {search ? 'No subscriber matches this search.' : 'No confirmed subscribers yet.'}
        </p>
      ) : (
        <StackedTable responsive striped hover className="bg-white">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Confirmed</th>
            </tr>
          </thead>
          <tbody>
            {data.subscribers.map((subscriber) => (
              <tr key={subscriber.email}>
                <td>{subscriber.email}</td>
                <td>{dateFormat.format(new Date(subscriber.confirmedAt))}</td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Subscriber pages"
        page={pages.page}
        nextCursor={data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </section>
  );
}
