import { type ManagedProject, PROJECT_PATHS, type ProgressRequest } from '@app/contract';
import { Col, Row } from 'react-bootstrap';
import { TeamMilestones } from '../../../components/deals/team-milestones';
import { ActivityList } from '../../../components/projects/activity-list';
import { OrderFiles } from '../../../components/projects/order-files';
import { ProgressBars } from '../../../components/projects/progress-bars';
import { ProgressForm } from '../../../components/projects/progress-form';
import { formatDay } from '../../../lib/project-format';
import { useProjectAction } from './api';
import { AssignForm } from './assign-form';
import { DurationForm } from './duration-form';
import { PaymentDetailsForm } from './payment-details-form';
import { PaymentLinkForm } from './payment-link-form';
import { QuotePanel } from './quotes/quote-panel';
import { StatusActions } from './status-form';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border rounded p-3 h-100 bg-white" aria-label={title}>
      <h4 className="h6">{title}</h4>
      {children}
    </section>
  );
}

/**
 * Everything an admin does to one project (docs/product-contract.md §Calls, Admin), each action in its
 * own small form.
 */
export function ProjectManager({ project }: { project: ManagedProject }) {
  const progress = useProjectAction<ProgressRequest>(PROJECT_PATHS.adminUpdate);
  const waiting = project.status === 'waiting for approval';
  return (
    <Row xs={1} lg={2} className="g-3">
      <Col lg={12}>
        <Panel title="Quote and invoices">
          <QuotePanel project={project} />
        </Panel>
      </Col>
      <Col lg={12}>
        <Panel title="Milestones and deliverables">
          <TeamMilestones projectID={project.id} />
        </Panel>
      </Col>
      <Col>
        <Panel title="Status">
          <StatusActions projectId={project.id} status={project.status} />
        </Panel>
      </Col>
      <Col>
        <Panel title="Duration">
          {project.start_date ? (
            <p className="mb-0">
              {formatDay(project.start_date)} to {formatDay(project.end_date)}
            </p>
          ) : (
            <DurationForm projectId={project.id} />
          )}
        </Panel>
      </Col>
      <Col>
        <Panel title="Team">
          <AssignForm projectId={project.id} assigned={project.employees.map((e) => e.id)} />
        </Panel>
      </Col>
      <Col>
        <Panel title="Progress">
          <ProgressBars project={project} />
          {waiting ? (
            <p className="text-muted small mt-2 mb-0">Approve the project before reporting progress.</p>
          ) : (
            <div className="mt-2">
              <ProgressForm
                projectID={project.id}
                current={project}
                pending={progress.isPending}
                error={progress.error}
                onSubmit={(values) => progress.mutate(values)}
              />
            </div>
          )}
        </Panel>
      </Col>
      <Col>
        <Panel title="Payment">
          {waiting ? (
            <p className="text-muted small mb-3">Approve the project before adding a payment link.</p>
          ) : (
            <PaymentLinkForm projectId={project.id} current={project.paymentLink} />
          )}
          <hr />
          <PaymentDetailsForm projectId={project.id} current={project} />
        </Panel>
      </Col>
      <Col>
        <Panel title="Request and activity">
          <OrderFiles order={project.order} />
          <hr />
          <ActivityList activities={project.activities} />
        </Panel>
      </Col>
    </Row>
  );
}
