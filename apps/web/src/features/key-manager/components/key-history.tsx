import { Alert } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useKeyHistory } from '../key-page-api';

/** "key.activated" → "Key activated"; the server's event names read as words. */
export function describeAction(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** A key's history, newest first, one page at a time. */
export function KeyHistory({ keyId }: { keyId: string }) {
  const pages = useCursorPages(keyId);
  const history = useKeyHistory(keyId, pages.cursor);
  const events = history.data?.events ?? [];
  return (
    <section aria-labelledby="key-history-title" className="mb-4">
      <h2 id="key-history-title" className="h5">
        History
      </h2>
      <QueryState
        isPending={history.isPending}
        error={history.data ? null : history.error}
        onRetry={() => history.refetch()}
      />
      {history.data && events.length === 0 && pages.page === 1 && (
        <Alert variant="light">Nothing has happened to this key yet.</Alert>
      )}
      {events.length > 0 && (
        <StackedTable responsive hover className="align-middle small" data-testid="key-history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
              <th scope="col">Activations</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td className="text-nowrap">{new Date(event.createdAt).toLocaleString()}</td>
                <td>{describeAction(event.action)}</td>
                {/* A member on the dashboard is named; anything else came from an application. */}
                <td>{event.actorName ?? <span className="text-body-secondary">Application</span>}</td>
                <td>{event.delta === 0 ? '—' : event.delta > 0 ? `+${event.delta}` : event.delta}</td>
                <td>
                  <div>{event.ip ?? '—'}</div>
                  {event.userAgent && (
                    <div className="text-body-secondary text-break" title={event.userAgent}>
                      {event.userAgent.slice(0, 60)}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="History pages"
        page={pages.page}
        nextCursor={history.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={history.isPlaceholderData}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </section>
  );
}
