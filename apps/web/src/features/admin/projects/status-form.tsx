import { PROJECT_PATHS, type ProjectStatus, STATUS_TRANSITIONS } from '@app/contract';
import { Button } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useProjectAction } from './api';

/**
 * Approve (hidden once approved, docs/product-contract.md §States) and the other allowed status changes
 * (decision 005).
 */
export function StatusActions({ projectId, status }: { projectId: string; status: ProjectStatus }) {
  const approve = useProjectAction<{ projectID: string }>(PROJECT_PATHS.adminApprove);
  const change = useProjectAction<{ projectID: string; status: ProjectStatus }>(PROJECT_PATHS.adminStatus);
  const next = STATUS_TRANSITIONS[status].filter((target) => target !== 'approved');
  return (
    <div>
      <FormErrorAlert error={approve.error ?? change.error} />
      <div className="d-flex flex-wrap gap-2">
        {status === 'waiting for approval' && (
          <Button
            variant="success"
            disabled={approve.isPending}
            onClick={() => approve.mutate({ projectID: projectId })}
          >
            Approve
          </Button>
        )}
        {next.map((target) => (
          <Button
            key={target}
            variant="outline-secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ projectID: projectId, status: target })}
          >
            Mark {target}
          </Button>
        ))}
        {status === 'finished' && <span className="text-muted small">This project is finished.</span>}
      </div>
    </div>
  );
}
