import { Badge } from 'react-bootstrap';
import { MilestoneStatusBadge } from '../../../components/deals/deal-badges';
import { useMilestoneWork } from '../../../components/deals/deliverables-api';
import { QueryState } from '../../../components/query-state';
import { formatMoney } from '../../../lib/money';
import { formatDay } from '../../../lib/project-format';
import { MilestoneReview } from '../deliverables/milestone-review';
import { useProjectMilestones, useProjectQuotes } from './api';

const INVOICE_VARIANTS = { open: 'warning', paid: 'success', void: 'secondary' } as const;

/**
 * A project's milestones on a timeline (decision 035): title, due date, amount, delivery status and
 * the invoice that bills it; what the team delivered on each, its history, and the client's Approve
 * and Ask for changes (amendment of 2026-11-28). They exist once the project's quote is accepted.
 */
export function MilestoneTimeline({ projectID }: { projectID: string }) {
  // Milestones come with an accepted quote: no question is asked before there is one.
  const accepted =
    useProjectQuotes(projectID).data?.quotes.some((quote) => quote.status === 'accepted') ?? false;
  const milestones = useProjectMilestones(projectID, accepted);
  const work = useMilestoneWork(projectID, accepted);
  if (!accepted) return null;
  if (!milestones.data) {
    return (
      <QueryState
        isPending={milestones.isPending}
        error={milestones.error}
        onRetry={() => void milestones.refetch()}
      />
    );
  }
  if (milestones.data.length === 0) return null;
  return (
    <section aria-labelledby={`milestones-${projectID}`}>
      <h4 className="h6 mt-3" id={`milestones-${projectID}`}>
        Milestones
      </h4>
      <ol className="list-unstyled border-start border-2 border-primary ps-3 mb-0">
        {milestones.data.map((milestone) => (
          <li key={milestone.id} className="mb-2 small" aria-label={milestone.title}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <span className="fw-semibold">{milestone.title}</span>
              <MilestoneStatusBadge status={milestone.status} />
            </div>
            <div className="text-body-secondary">
              Due {formatDay(milestone.dueDate)} · {formatMoney(milestone.amount, milestone.currency)}
            </div>
            {milestone.invoice ? (
              <div>
                Invoice {milestone.invoice.number}{' '}
                <Badge
                  bg={INVOICE_VARIANTS[milestone.invoice.status]}
                  text={milestone.invoice.status === 'open' ? 'dark' : undefined}
                  className="text-capitalize"
                >
                  {milestone.invoice.status}
                </Badge>
              </div>
            ) : (
              <div className="text-body-secondary">Not invoiced yet</div>
            )}
            <MilestoneReview milestone={work.data?.find((item) => item.id === milestone.id)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
