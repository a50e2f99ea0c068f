import { Button } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useAdminSubscribers } from '../leads-api';
import { subscribersCsv } from './subscribers-csv';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Admin section 'Newsletter': confirmed subscribers only (double opt-in), exportable as CSV. */
export function AdminSubscribers() {
  const { data, isPending, error, refetch } = useAdminSubscribers();
  return (
    <section aria-labelledby="admin-subscribers-title">
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
        <h2 id="admin-subscribers-title" className="h4 mb-0">
          Newsletter subscribers {data && <span className="text-muted">({data.subscribers.length})</span>}
        </h2>
        <Button
          variant="outline-primary"
          disabled={!data || data.subscribers.length === 0}
          onClick={() => data && download(subscribersCsv(data.subscribers))}
        >
          Export CSV
        </Button>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.subscribers.length === 0 ? (
        <p className="text-muted">No confirmed subscribers yet.</p>
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
    </section>
  );
}
