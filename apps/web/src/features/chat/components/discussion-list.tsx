import type { Discussion } from '@app/contract';
import { ListGroup } from 'react-bootstrap';
import type { RoomRef } from '../project-api';

interface DiscussionListProps {
  discussions: readonly Discussion[];
  active: RoomRef | null;
  onSelect: (room: RoomRef) => void;
  showClient: boolean;
  /** The list is the result of a search (its empty state says so). */
  searching?: boolean;
}

/**
 * docs/product-contract.md §Screens (Chat rooms): the discussion sidebar — one group per order, one room
 * per project.
 */
export function DiscussionList({
  discussions,
  active,
  onSelect,
  showClient,
  searching,
}: DiscussionListProps) {
  if (discussions.length === 0 && searching)
    return <p className="text-muted p-3 mb-0">No discussion matches this search.</p>;
  if (discussions.length === 0) {
    return <p className="text-muted p-3 mb-0">No discussions yet. Request a project to start one.</p>;
  }
  return (
    <nav aria-label="Discussions" className="overflow-auto" style={{ maxHeight: 560 }}>
      {discussions.map((discussion) => (
        <div key={discussion.id} className="border-bottom">
          <div className="px-3 pt-2 small fw-semibold text-truncate">
            {discussion.name}
            {showClient && <span className="text-muted fw-normal"> · {discussion.client}</span>}
          </div>
          <ListGroup variant="flush">
            {discussion.projects.map((project) => (
              <ListGroup.Item
                key={project.id}
                action
                active={active?.project === project.id}
                onClick={() => onSelect({ order: discussion.id, project: project.id })}
                className="small ps-4"
              >
                {project.name ?? 'Project'}
              </ListGroup.Item>
            ))}
          </ListGroup>
        </div>
      ))}
    </nav>
  );
}
