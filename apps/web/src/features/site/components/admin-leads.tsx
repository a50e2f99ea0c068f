import { Badge } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useAdminLeads } from '../leads-api';
import { INTENT_TITLES } from './lead-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Admin section 'Leads': requests from the CRM marketing page, newest first. */
export function AdminLeads() {
  const { data, isPending, error, refetch } = useAdminLeads();
  return (
    <section aria-labelledby="admin-leads-title">
      <h2 id="admin-leads-title" className="h4 mb-3">
        Leads
      </h2>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.leads.length === 0 ? (
        <p className="text-muted">No requests from the CRM page yet.</p>
      ) : (
        <StackedTable responsive striped hover className="bg-white">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Company</th>
              <th scope="col">Request</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {data.leads.map((lead) => (
              <tr key={lead.id}>
                <td className="text-nowrap">{dateFormat.format(new Date(lead.createdAt))}</td>
                <td>{lead.name}</td>
                <td>
                  <a href={`mailto:${lead.email}`}>{lead.email}</a>
                </td>
                <td>{lead.company || '—'}</td>
                <td>
                  <Badge bg={lead.intent === 'reserve-spot' ? 'success' : 'primary'}>
                    {INTENT_TITLES[lead.intent]}
                  </Badge>
                </td>
                <td style={{ maxWidth: 320 }}>{lead.message || '—'}</td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </section>
  );
}
