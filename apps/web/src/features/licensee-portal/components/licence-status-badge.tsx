import type { KeyStatus } from '@app/contract';
import { Badge } from 'react-bootstrap';
import { statusWord } from '../portal-format';

const COLOUR: Record<KeyStatus, { bg: string; text?: 'dark' }> = {
  active: { bg: 'success' },
  trial: { bg: 'info', text: 'dark' },
  expired: { bg: 'warning', text: 'dark' },
  suspended: { bg: 'danger' },
  disabled: { bg: 'secondary' },
};

/** A licence's state as a word with its colour; the word alone carries the meaning. */
export function LicenceStatusBadge({ status }: { status: KeyStatus }) {
  return (
    <Badge bg={COLOUR[status].bg} text={COLOUR[status].text} data-testid="licence-status">
      {statusWord(status)}
    </Badge>
  );
}
