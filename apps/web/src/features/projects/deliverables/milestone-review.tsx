import { DELIVERABLE_PATHS, type MilestoneWork } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeliverableList, MilestoneHistory } from '../../../components/deals/deliverable-list';
import { postStep, useMilestoneStep } from '../../../components/deals/deliverables-api';
import { useAreaAccess } from '../../../lib/account-context';
import { RequestChangesDialog } from './request-changes-dialog';

/**
 * A milestone's deliverables on the client's project card (decision 035, amended 2026-11-28), its
 * history, and — once delivered, for the account's people who may change projects — Approve and Ask
 * for changes. Approving is final, so it asks first.
 */
export function MilestoneReview({ milestone }: { milestone: MilestoneWork | undefined }) {
  const canDecide = useAreaAccess('projects', 'write') === true;
  const approve = useMilestoneStep(postStep(DELIVERABLE_PATHS.approve));
  const [approving, setApproving] = useState(false);
  const [asking, setAsking] = useState(false);
  // Its work is read beside the timeline's milestones and may arrive a moment later.
  if (!milestone) return null;
  const waiting = milestone.status === 'delivered';
  return (
    <div className="mt-1">
      {(milestone.deliverables.length > 0 || milestone.status !== 'pending') && (
        <DeliverableList deliverables={milestone.deliverables} />
      )}
      <MilestoneHistory history={milestone.history} />
      {waiting && canDecide && (
        <div className="d-flex flex-wrap gap-2 mt-1">
          <Button size="sm" variant="success" onClick={() => setApproving(true)}>
            Approve<span className="visually-hidden"> {milestone.title}</span>
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setAsking(true)}>
            Ask for changes<span className="visually-hidden"> to {milestone.title}</span>
          </Button>
        </div>
      )}
      {waiting && !canDecide && (
        <p className="small text-body-secondary mb-0">
          Waiting for approval by the account’s owner or an admin.
        </p>
      )}
      {approving && (
        <ConfirmDialog
          title={`Approve ${milestone.title}`}
          confirmLabel="Approve"
          pending={approve.isPending}
          error={approve.error}
          onConfirm={() =>
            approve.mutate({ milestoneID: milestone.id }, { onSuccess: () => setApproving(false) })
          }
          onHide={() => setApproving(false)}
        >
          Approve what was delivered for “{milestone.title}”? Approval is final; the milestone’s invoice is
          issued if it has none yet.
        </ConfirmDialog>
      )}
      {asking && <RequestChangesDialog milestone={milestone} onHide={() => setAsking(false)} />}
    </div>
  );
}
