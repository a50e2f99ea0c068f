import { Alert, Button, Spinner } from 'react-bootstrap';
import { useRenew, useSubscriptions } from '../api';
import { formatMoney } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';

/**
 * Shown where a product's features are off: suspended for late payment (pay to restore), or on hold
 * while a payment is disputed (paying again does not help).
 */
export function SuspendedNotice({ productId }: { productId: number }) {
  const subscriptions = useSubscriptions();
  const renew = useRenew();
  const { launch, waiting } = usePaymentLauncher();
  const sub = subscriptions.data?.find(
    (entry) => entry.productID === productId && entry.state === 'suspended',
  );
  if (!sub) return null;
  if (sub.on_hold)
    return (
      <Alert variant="danger">
        <strong>Your {sub.plan.name} plan is on hold</strong> while a payment for it is disputed with your
        bank. Its features and the REST API (HTTP 402) are off; they come back if the dispute is resolved in
        your favour.
      </Alert>
    );
  return (
    <Alert variant="danger" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
      <span>
        <strong>Your {sub.plan.name} plan is suspended for late payment.</strong> Its features and the REST
        API (HTTP 402) are off until the renewal is paid.
      </span>
      <Button
        variant="danger"
        disabled={renew.isPending || waiting}
        onClick={() =>
          renew.mutate(productId, { onSuccess: (reply) => reply.paymentData && launch(reply.paymentData) })
        }
      >
        {(renew.isPending || waiting) && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Pay {formatMoney(sub.plan.price, sub.plan.currency)} to restore
      </Button>
    </Alert>
  );
}
