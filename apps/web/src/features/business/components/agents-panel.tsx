import type { Business } from '@app/contract';
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useAgents } from '../api';
import { RegisterAgentModal } from './register-agent-modal';

/** Spec §2 Agents tab: the agents table (polled every 2.5 s) and the 'Add new Agent' dialog. */
export function AgentsPanel({ business }: { business: Business }) {
  const { data, isPending, error, refetch } = useAgents(business.id);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-label="Agents">
      <div className="d-flex justify-content-end mb-3">
        <Button onClick={() => setAdding(true)}>Add new Agent</Button>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : (
        <Table responsive hover className="align-middle">
          <caption className="visually-hidden">Agents of {business.name}</caption>
          <thead>
            <tr>
              <th scope="col">First name</th>
              <th scope="col">Last name</th>
              <th scope="col">Email</th>
              <th scope="col">Business</th>
            </tr>
          </thead>
          <tbody>
            {data.length === 0 ? (
              <tr>
                <td colSpan={4} className="text-muted text-center py-4">
                  No agents yet.
                </td>
              </tr>
            ) : (
              data.map((agent) => (
                <tr key={agent.id}>
                  <td>{agent.firstName}</td>
                  <td>{agent.lastName}</td>
                  <td>{agent.email}</td>
                  <td>{agent.business}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      )}
      <RegisterAgentModal businessId={business.id} show={adding} onHide={() => setAdding(false)} />
    </section>
  );
}
