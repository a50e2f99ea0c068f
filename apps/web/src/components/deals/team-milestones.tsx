import { DELIVERABLE_PATHS, type MilestoneWork } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { formatDay } from '../../lib/project-format';
import { FormErrorAlert } from '../form-error-alert';
import { QueryState } from '../query-state';
import { AddDeliverableDialog } from './add-deliverable-dialog';
import { MilestoneStatusBadge } from './deal-badges';
import { DeliverableList, MilestoneHistory } from './deliverable-list';
import { postStep, useMilestoneStep, useMilestoneWork } from './deliverables-api';

/**
 * A project's milestones as the team works on them (admin panel, staff area): each one's status, its
 * deliverables and history, "Add deliverable" and, for a pending milestone or one sent back, "Mark
 * delivered". Nothing while the project has no milestones (no accepted quote).
 */
export function TeamMilestones({ projectID }: { projectID: string }) {
  const work = useMilestoneWork(projectID);
  const deliver = useMilestoneStep(postStep(DELIVERABLE_PATHS.deliver));
  const [adding, setAdding] = useState<MilestoneWork | null>(null);
  if (!work.data) {
    return <QueryState isPending={work.isPending} error={work.error} onRetry={() => void work.refetch()} />;
  }
  if (work.data.length === 0) {
    return (
      <p className="small text-body-secondary mb-0">Milestones come with the client’s accepted quote.</p>
    );
  }
  return (
    <>
      <ol className="list-unstyled mb-0">
        {work.data.map((milestone) => (
          <li key={milestone.id} className="border rounded p-2 mb-2 bg-white" aria-label={milestone.title}>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <span className="fw-semibold">{milestone.title}</span>
              <MilestoneStatusBadge status={milestone.status} />
              <span className="small text-body-secondary">Due {formatDay(milestone.dueDate)}</span>
            </div>
            <DeliverableList deliverables={milestone.deliverables} />
            <MilestoneHistory history={milestone.history} />
            {milestone.status !== 'approved' && (
              <div className="d-flex flex-wrap gap-2 mt-1">
                <Button size="sm" onClick={() => setAdding(milestone)}>
                  Add deliverable<span className="visually-hidden"> to {milestone.title}</span>
                </Button>
                {milestone.status !== 'delivered' && (
                  <Button
                    size="sm"
                    variant="outline-success"
                    disabled={deliver.isPending}
                    onClick={() => deliver.mutate({ milestoneID: milestone.id })}
                  >
                    Mark delivered<span className="visually-hidden"> {milestone.title}</span>
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      <FormErrorAlert error={deliver.error} />
      {adding && <AddDeliverableDialog milestone={adding} onHide={() => setAdding(null)} />}
    </>
  );
}
