import { Badge } from 'react-bootstrap';
import type { SocketStatus } from '../../../lib/chat-socket';

/**
 * Live when pushed in real time; otherwise the screen polls (docs/product-contract.md §Polling) until
 * the socket is back.
 */
export function SocketBadge({ status }: { status: SocketStatus }) {
  if (status === 'open') return <Badge bg="success">Live</Badge>;
  return (
    <Badge bg="warning" text="dark" title="Reconnecting; new messages are checked every few seconds">
      {status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </Badge>
  );
}
