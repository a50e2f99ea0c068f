import { Badge } from 'react-bootstrap';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { formatDate } from '../money';
import { usePastDueSubscriptions } from '../renewals-api';

const STATE_VARIANT = { active: 'warning', grace: 'warning', suspended: 'danger' } as const;
const STATE_LABEL = { active: 'Retrying', grace: 'Grace', suspended: 'Suspended' } as const;

/** Admin: subscriptions whose automatic renewal failed (decision 021), newest first. */
export function PastDueSection() {
  const query = usePastDueSubscriptions();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="past-due-title">
      <h2 id="past-due-title" className="h4 mb-3">
        Past-due subscriptions
      </h2>
      <p className="text-body-secondary small">
        Automatic renewals that failed. Retried 1, 3 and 5 days after the first failure, with a mail each
        time; then 10 days of grace, then the plan&apos;s backend features are suspended until the client pays
        or updates the card.
      </p>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} />
      {query.data && rows.length === 0 && <p className="text-body-secondary">No past-due subscriptions.</p>}
      {rows.length > 0 && (
        <StackedTable responsive hover size="sm">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Plan</th>
              <th scope="col">Past due since</th>
              <th scope="col">Failed tries</th>
              <th scope="col">Next try</th>
              <th scope="col">Access ends</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.subscriptionID}>
                <td>
                  {row.name || row.email}
                  <div className="small text-body-secondary">{row.email}</div>
                </td>
                <td>
                  {row.product} {row.plan}
                  <div className="small text-body-secondary">{row.provider}</div>
                </td>
                <td>{formatDate(row.past_due_since)}</td>
                <td>
                  {row.failed_attempts}
                  {row.last_error && <div className="small text-body-secondary">{row.last_error}</div>}
                </td>
                <td>{row.next_attempt_at ? formatDate(row.next_attempt_at) : 'None left'}</td>
                <td>{formatDate(row.access_ends_at)}</td>
                <td>
                  <Badge bg={STATE_VARIANT[row.state]}>{STATE_LABEL[row.state]}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <LoadMore query={query} />
    </section>
  );
}
