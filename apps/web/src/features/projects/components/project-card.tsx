import type { Project, ProjectSupport } from '@app/contract';
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { Button, Card, Collapse } from 'react-bootstrap';
import { Link } from 'react-router';
import { ActivityList } from '../../../components/projects/activity-list';
import { ProgressBars } from '../../../components/projects/progress-bars';
import { StatusBadge } from '../../../components/projects/status-badge';
import { formatDay } from '../../../lib/project-format';
import { projectChatPath } from '../../../lib/room-link';
import { ProjectFiles } from '../deliverables/project-files';
import { MilestoneTimeline } from '../quotes/milestone-timeline';
import { QuoteSection } from '../quotes/quote-section';
import { PaymentBoxes } from './payment-boxes';

/**
 * Billing's parts of a project card (its invoices, and the banner of a project on payment hold),
 * given by the page's composition (app/pages/orders-route.tsx): features do not import each other.
 */
export interface ProjectBillingPanels {
  HoldBanner: ComponentType<{ projectID: string }>;
  Invoices: ComponentType<{ projectID: string }>;
  /** Starts an accepted quote's recurring part (the project's support plan) in the payment popup. */
  SupportOffer: ComponentType<{ support: ProjectSupport }>;
}

/**
 * docs/product-contract.md §Screens (Projects page), the project card: title, status, start and end
 * dates, type, its quote (decision 035); More Info opens progress, payment, milestones (with their
 * deliverables and the client's approval), invoices and the project's files.
 * `focused` (a link that names this project) opens the details, scrolls the card into view and moves
 * the focus to it.
 */
export function ProjectCard({
  project,
  focused = false,
  billing,
}: {
  project: Project;
  focused?: boolean;
  billing?: ProjectBillingPanels | undefined;
}) {
  const [open, setOpen] = useState(focused);
  const detailsId = useId();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    setOpen(true);
    card.current?.scrollIntoView?.({ block: 'center' });
    card.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <Card
      ref={card}
      className={`shadow-sm${focused ? ' border-primary border-2' : ''}`}
      as="article"
      aria-label={`${project.name} (${project.type})`}
      aria-current={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
    >
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h3" className="h5 mb-0">
            {project.name}
          </Card.Title>
          <StatusBadge status={project.status} />
        </div>
        {billing && <billing.HoldBanner projectID={project.id} />}
        <dl className="row small mb-2">
          <dt className="col-5">Type</dt>
          <dd className="col-7 mb-1">{project.type}</dd>
          <dt className="col-5">Start date</dt>
          <dd className="col-7 mb-1">{formatDay(project.start_date)}</dd>
          <dt className="col-5">End date</dt>
          <dd className="col-7 mb-1">{formatDay(project.end_date)}</dd>
          <dt className="col-5">Team</dt>
          <dd className="col-7 mb-0">
            {project.employees.length
              ? project.employees.map((e) => e.employeeName).join(', ')
              : 'Not assigned yet'}
          </dd>
        </dl>
        <QuoteSection projectID={project.id} SupportOffer={billing?.SupportOffer} />
        <div className="d-flex gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Less Info' : 'More Info'}
          </Button>
          <Link
            className="btn btn-outline-secondary btn-sm"
            to={projectChatPath(project.orderID, project.id)}
          >
            Message
          </Link>
        </div>
        <Collapse in={open}>
          <div id={detailsId}>
            <div className="pt-3">
              <h4 className="h6">Development progress</h4>
              <ProgressBars project={project} />
              <h4 className="h6 mt-3">Payment</h4>
              <PaymentBoxes project={project} />
              <MilestoneTimeline projectID={project.id} />
              {billing && <billing.Invoices projectID={project.id} />}
              {open && <ProjectFiles projectID={project.id} />}
              <h4 className="h6 mt-3">Activity</h4>
              <ActivityList activities={project.activities} />
            </div>
          </div>
        </Collapse>
      </Card.Body>
    </Card>
  );
}
