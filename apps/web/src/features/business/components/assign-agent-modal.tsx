import type { PropertyKind } from '@app/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useAgents, useAssignAgent } from '../api';

interface AssignAgentModalProps {
  businessId: string;
  kind: PropertyKind;
  ids: string[];
  onHide: () => void;
  onDone: () => void;
}

const NOBODY = 'none';

/** Assigns the ticked listings to one of the business's agents (or to nobody). */
export function AssignAgentModal({ businessId, kind, ids, onHide, onDone }: AssignAgentModalProps) {
  const titleId = useId();
  const toast = useToast();
  // The first 200 agents (the largest page); the Agents tab pages and searches them all.
  const agents = useAgents(businessId, { limit: 200 });
  const mutation = useAssignAgent(businessId, kind);
  const [agentId, setAgentId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) return;
    mutation.mutate(
      { ids, agentID: agentId === NOBODY ? null : agentId },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onDone();
          onHide();
        },
      },
    );
  };
  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>Assign agent</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormErrorAlert error={mutation.error} />
          {!agents.data ? (
            <QueryState
              isPending={agents.isPending}
              error={agents.error}
              onRetry={() => void agents.refetch()}
            />
          ) : agents.data.agents.length === 0 ? (
            <p className="text-muted mb-0">Register an agent in the Agents tab first.</p>
          ) : (
            <Form.Group controlId="assign-agent-select">
              <Form.Label>
                Agent for {ids.length} ticked listing{ids.length === 1 ? '' : 's'}
              </Form.Label>
              <Form.Select value={agentId} onChange={(e) => setAgentId(e.target.value)} required>
                <option value="">Choose an agent…</option>
                {agents.data.agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.firstName} {agent.lastName} ({agent.email})
                  </option>
                ))}
                <option value={NOBODY}>Nobody (unassign)</option>
              </Form.Select>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <SubmitButton pending={mutation.isPending} pendingLabel="Assigning">
            Assign
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
