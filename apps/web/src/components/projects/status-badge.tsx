import type { ProjectStatus } from '@app/contract';
import { Badge } from 'react-bootstrap';
import { STATUS_VARIANTS } from '../../lib/project-format';

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge bg={STATUS_VARIANTS[status] ?? 'secondary'} className="text-capitalize">
      {status}
    </Badge>
  );
}
