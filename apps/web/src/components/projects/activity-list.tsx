import type { Project } from '@app/contract';
import { ListGroup } from 'react-bootstrap';
import { formatMoment } from '../../lib/project-format';

/** Notifications about the project (approval, status, payment link, milestones), newest first. */
export function ActivityList({ activities }: { activities: Project['activities'] }) {
  if (activities.length === 0) return <p className="text-muted small mb-0">No activity yet.</p>;
  return (
    <ListGroup variant="flush" as="ol" aria-label="Project activity" className="small">
      {[...activities].reverse().map((activity) => (
        <ListGroup.Item as="li" key={activity.id} className="px-0 d-flex justify-content-between gap-3">
          <span>{activity.message}</span>
          <time dateTime={activity.date} className="text-muted text-nowrap">
            {formatMoment(activity.date)}
          </time>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
