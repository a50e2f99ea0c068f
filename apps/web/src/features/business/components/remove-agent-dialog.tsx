import type { Agent } from '@app/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useRemoveAgent } from '../api';

interface RemoveAgentDialogProps {
  businessId: string;
  agent: Agent;
  onHide: () => void;
}

/** Confirms taking an agent off the business (extension). */
export function RemoveAgentDialog({ businessId, agent, onHide }: RemoveAgentDialogProps) {
  const toast = useToast();
  const mutation = useRemoveAgent();
  const confirm = () =>
    mutation.mutate(
      { businessID: businessId, agentID: agent.id },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message ?? 'Agent removed', variant: 'success' });
          onHide();
        },
      },
    );
  return (
    <ConfirmDialog
      title="Remove agent"
      confirmLabel={mutation.isPending ? 'Removing…' : 'Remove'}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={confirm}
      onHide={onHide}
    >
      <p className="mb-0">
        Remove {agent.firstName} {agent.lastName} ({agent.email}) from {agent.business}? They lose access to
        its listings at once, and the listings assigned to them become unassigned. Their sign-in account stays
        theirs.
      </p>
    </ConfirmDialog>
  );
}
