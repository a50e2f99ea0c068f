import type { Subscription } from '@app/contract';
import { Badge } from 'react-bootstrap';

/**
 * A subscription's state in words, with the grace countdown (docs/product-contract.md §States: 10 days,
 * then suspended).
 */
export function StateBadge({ subscription }: { subscription: Subscription }) {
  if (subscription.state === 'active') return <Badge bg="success">Active</Badge>;
  if (subscription.state === 'grace') {
    const days = subscription.grace_days_left ?? 0;
    return (
      <Badge bg="warning" text="dark">
        Past due · {days} {days === 1 ? 'day' : 'days'} of grace left
      </Badge>
    );
  }
  if (subscription.on_hold) return <Badge bg="danger">On hold · payment disputed</Badge>;
  return <Badge bg="danger">Suspended until paid</Badge>;
}
