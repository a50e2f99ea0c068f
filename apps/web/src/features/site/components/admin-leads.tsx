import { LEAD_INTENTS, type LeadIntent } from '@app/contract';
import { useState } from 'react';
import { Badge, Form } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminLeads } from '../leads-api';
import { INTENT_TITLES } from './lead-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Admin section 'Leads': requests from the CRM marketing page, newest first, a page at a time;
 * search (name, email, company) and the request filter run on the server.
 */
export function AdminLeads() {
  const [search, setSearch] = useState('');
  const [intent, setIntent] = useState<LeadIntent | ''>('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(`${settled}\n${intent}`);
  const list = useAdminLeads({ search: settled, intent: intent || undefined, cursor: pages.cursor });
  const { data, isPending, error, refetch } = list;
  const filtered = search !== '' || intent !== '';
  return (
    <section aria-labelledby="admin-leads-title">
      <h2 id="admin-leads-title" className="h4 mb-3">
        Leads
      </h2>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          label="Search leads"
          placeholder="Search by name, email or company"
          value={search}
          onChange={setSearch}
          narrow
        />
        <Form.Select
          style={{ maxWidth: 220 }}
          aria-label="Request"
          value={intent}
          onChange={(e) => setIntent(e.target.value as LeadIntent | '')}
        >
          <option value="">All requests</option>
          {LEAD_INTENTS.map((value) => (
            <option key={value} value={value}>
              {INTENT_TITLES[value]}
            </option>
          ))}
        </Form.Select>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.leads.length === 0 ? (
        <p className="text-muted">
          {filtered ? 'No lead matches this search.' : 'No requests from the CRM page yet.'}
        </p>
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
      <CursorPager
        label="Lead pages"
        page={pages.page}
        nextCursor={data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </section>
  );
}
