import type { Agent, Business } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAgents } from '../api';
import { RegisterAgentModal } from './register-agent-modal';
import { RemoveAgentDialog } from './remove-agent-dialog';
import { SetAgentPasswordModal } from './set-agent-password-modal';

type AgentAction = { kind: 'password' | 'remove'; agent: Agent } | null;

/**
 * docs/product-contract.md §Screens (Profile), the Agents tab: the agents table (polled every 2.5 s;
 * 304 while unchanged) and the 'Add new Agent' dialog. Each row also lets the owner set a new password
 * or remove the agent (extensions, docs/api.md). One server page at a time, searched on the server
 * (decision 030).
 */
export function AgentsPanel({ business }: { business: Business }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled.trim());
  const list = useAgents(business.id, { search: settled, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.agents;
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<AgentAction>(null);
  return (
    <section aria-label="Agents">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          label="Search agents"
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
          narrow
        />
        <Button className="ms-auto" onClick={() => setAdding(true)}>
          Add new Agent
        </Button>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : (
        <StackedTable responsive hover className="align-middle">
          <caption className="visually-hidden">Agents of {business.name}</caption>
          <thead>
            <tr>
              <th scope="col">First name</th>
              <th scope="col">Last name</th>
              <th scope="col">Email</th>
              <th scope="col">Business</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-muted text-center py-4">
                  {settled.trim() ? 'No agent matches this search.' : 'No agents yet.'}
                </td>
              </tr>
            ) : (
              data.map((agent) => (
                <tr key={agent.id}>
                  <td>{agent.firstName}</td>
                  <td>{agent.lastName}</td>
                  <td>{agent.email}</td>
                  <td>{agent.business}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-2"
                      aria-label={`Set a new password for ${agent.email}`}
                      onClick={() => setAction({ kind: 'password', agent })}
                    >
                      Set password
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Remove ${agent.email}`}
                      onClick={() => setAction({ kind: 'remove', agent })}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Agent pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
      <RegisterAgentModal businessId={business.id} show={adding} onHide={() => setAdding(false)} />
      {action?.kind === 'password' && (
        <SetAgentPasswordModal businessId={business.id} agent={action.agent} onHide={() => setAction(null)} />
      )}
      {action?.kind === 'remove' && (
        <RemoveAgentDialog businessId={business.id} agent={action.agent} onHide={() => setAction(null)} />
      )}
    </section>
  );
}
