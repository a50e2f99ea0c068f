import type { ProjectSupport } from '@app/contract';
import { Button, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useAreaAccess } from '../../../lib/account-context';
import { recurringLabel } from '../../../lib/deal-format';
import { useActivatePlanWithPayment } from '../api';
import { usePaymentLauncher } from '../use-payment-launcher';

/**
 * An accepted quote's recurring part (decision 035) is the project's own support plan: the client
 * starts it like any paid plan, in the payment popup, and the renewal engine renews it with the saved
 * card (Profile → Subscriptions). Roles that cannot pay only read whether it runs.
 */
export function SupportOffer({ support }: { support: ProjectSupport }) {
  const canPay = useAreaAccess('billing', 'write') === true;
  const start = useActivatePlanWithPayment();
  const { launch, waiting } = usePaymentLauncher();
  const price = recurringLabel(support.price, support.term, support.currency);
  if (support.active) {
    return (
      <p className="small text-success mb-0 mt-2" data-testid="support-active">
        Support is active: {price}. It renews under Profile → Subscriptions.
      </p>
    );
  }
  return (
    <div className="mt-2">
      <FormErrorAlert error={start.error} />
      {canPay ? (
        <Button
          size="sm"
          variant="success"
          disabled={start.isPending || waiting}
          onClick={() =>
            start.mutate(
              { productID: support.productID, planID: support.planID, isUpgrade: false },
              { onSuccess: (reply) => reply.paymentData && launch(reply.paymentData) },
            )
          }
        >
          {(start.isPending || waiting) && (
            <Spinner as="span" size="sm" animation="border" className="me-1" aria-hidden="true" />
          )}
          Start support ({price})
        </Button>
      ) : (
        <p className="small text-body-secondary mb-0">Support ({price}) has not been started yet.</p>
      )}
    </div>
  );
}
