import type { Project } from '@app/contract';
import { useId, useState } from 'react';
import { Button, Card, Collapse } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatDay } from '../lib/format';
import { ActivityList } from './activity-list';
import { PaymentBoxes } from './payment-boxes';
import { ProgressBars } from './progress-bars';
import { StatusBadge } from './status-badge';

/** Spec §2 project card: title, status, start and end dates, type; More Info opens progress and payment. */
export function ProjectCard({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Card className="h-100 shadow-sm" as="article" aria-label={`${project.name} (${project.type})`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h3" className="h5 mb-0">
            {project.name}
          </Card.Title>
          <StatusBadge status={project.status} />
        </div>
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
          <Link className="btn btn-outline-secondary btn-sm" to="/chatroom/">
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
              <h4 className="h6 mt-3">Activity</h4>
              <ActivityList activities={project.activities} />
            </div>
          </div>
        </Collapse>
      </Card.Body>
    </Card>
  );
}
