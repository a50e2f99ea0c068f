import type { KeyStatus } from '@app/contract';
import { Badge } from 'react-bootstrap';

const LOOK: Record<KeyStatus, { label: string; bg: string; text?: 'dark' }> = {
  active: { label: 'Active', bg: 'success' },
  trial: { label: 'Trial', bg: 'info', text: 'dark' },
  expired: { label: 'Expired', bg: 'warning', text: 'dark' },
  suspended: { label: 'Suspended', bg: 'danger' },
  disabled: { label: 'Disabled', bg: 'secondary' },
};

/** A key's state now (decision 032), as a word with its colour; the word alone carries the meaning. */
export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const look = LOOK[status];
  return (
    <Badge bg={look.bg} text={look.text} data-testid="key-status">
      {look.label}
    </Badge>
  );
}
