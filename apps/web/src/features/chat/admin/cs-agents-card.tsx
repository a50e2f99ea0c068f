import { useQueryClient } from '@tanstack/react-query';
import { Card, Form } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { csKeys, setCsAgent, useCsAgents } from '../cs-api';

/** Admins mark staff users as customer service; those may answer visitor chats too. */
export function CsAgentsCard() {
  const agents = useCsAgents();
  const toast = useToast();
  const client = useQueryClient();

  const toggle = async (id: string, enabled: boolean) => {
    try {
      const reply = await setCsAgent(id, enabled);
      toast.show({ message: reply.message ?? 'Saved', variant: 'success' });
    } catch (error) {
      toast.show({ message: errorMessage(error), variant: 'danger' });
    } finally {
      await client.invalidateQueries({ queryKey: csKeys.agents });
    }
  };

  return (
    <Card className="mt-4">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          Customer-service staff
        </Card.Title>
        <QueryState isPending={agents.isPending} error={agents.error} onRetry={() => agents.refetch()} />
        {agents.data?.length === 0 && <p className="text-muted mb-0">No staff users yet.</p>}
        {agents.data && agents.data.length > 0 && (
          <StackedTable size="sm" responsive className="mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Answers chats</th>
              </tr>
            </thead>
            <tbody>
              {agents.data.map((agent) => (
                <tr key={agent.id}>
                  <td>{agent.name}</td>
                  <td>{agent.email}</td>
                  <td>
                    <Form.Check
                      type="switch"
                      id={`cs-agent-${agent.id}`}
                      label={<span className="visually-hidden">Customer service: {agent.name}</span>}
                      checked={agent.customer_service}
                      onChange={(event) => toggle(agent.id, event.target.checked)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </StackedTable>
        )}
      </Card.Body>
    </Card>
  );
}
