import type { ManagedProject } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { TeamMilestones } from '../../../components/deals/team-milestones';
import { OrderFiles } from '../../../components/projects/order-files';
import { ProgressBars } from '../../../components/projects/progress-bars';
import { ProgressForm } from '../../../components/projects/progress-form';
import { StatusBadge } from '../../../components/projects/status-badge';
import { formatDay } from '../../../lib/project-format';
import { projectChatPath } from '../../../lib/room-link';
import { useStaffProgress } from '../projects-api';

/**
 * One assigned project: its brief, schedule, progress and the form to report progress, and its
 * milestones with their deliverables ("Add deliverable", "Mark delivered").
 */
export function AssignedProjectCard({ project }: { project: ManagedProject }) {
  const progress = useStaffProgress();
  const canReport = project.status !== 'waiting for approval' && project.status !== 'finished';
  return (
    <Card as="article" className="shadow-sm" aria-label={`${project.name} (${project.type})`}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <Card.Title as="h3" className="h5 mb-0">
            {project.name} <span className="text-muted fs-6">· {project.type}</span>
          </Card.Title>
          <StatusBadge status={project.status} />
        </div>
        <p className="small text-muted mb-3">
          Client {project.order.client.name} · {formatDay(project.start_date)} to{' '}
          {formatDay(project.end_date)}
        </p>
        <Row xs={1} lg={2} className="g-3">
          <Col>
            <ProgressBars project={project} />
            <h4 className="h6 mt-3">Request</h4>
            <OrderFiles order={project.order} />
            <Link
              className="btn btn-outline-secondary btn-sm mt-3"
              to={projectChatPath(project.orderID, project.id)}
            >
              Message
            </Link>
          </Col>
          <Col>
            {canReport ? (
              <ProgressForm
                projectID={project.id}
                current={project}
                pending={progress.isPending}
                error={progress.error}
                onSubmit={(values) => progress.mutate(values)}
              />
            ) : (
              <p className="text-muted small">
                Progress can be reported once the project is approved and until it is finished.
              </p>
            )}
          </Col>
        </Row>
        <section className="mt-3" aria-label={`Milestones of ${project.name}`}>
          <h4 className="h6">Milestones and deliverables</h4>
          <TeamMilestones projectID={project.id} />
        </section>
      </Card.Body>
    </Card>
  );
}
