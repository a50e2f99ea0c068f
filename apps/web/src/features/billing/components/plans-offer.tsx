import { Alert, Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { useAreaAccess } from '../../../lib/account-context';
import { usePlans } from '../../../lib/plans-api';
import { useActivatePlanWithPayment } from '../api';
import { planPrice } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';
import { SuspendedNotice } from './suspended-notice';

/**
 * Shown without an activated plan: the free plan activates in one click; paid plans open the payment
 * popup. A member whose role does not reach plans (decision 033) is told whom to ask instead.
 */
export function PlansOffer({ productId }: { productId: number }) {
  const mayChoose = useAreaAccess('billing', 'write');
  if (mayChoose === false) {
    return (
      <Alert variant="info">
        <strong>No Key Manager plan is activated for this account.</strong> Your role cannot choose plans: ask
        the account’s owner, an admin or a billing member to choose one.
      </Alert>
    );
  }
  return <PlansChoice productId={productId} />;
}

function PlansChoice({ productId }: { productId: number }) {
  const plans = usePlans(productId);
  const toast = useToast();
  // The toast is given by the mutation itself: activating swaps this offer for the dashboard.
  const activate = useActivatePlanWithPayment((_reply, body) => {
    const plan = plans.data?.plans.find((offered) => offered.id === body.planID);
    toast.show({ message: `${plan?.name ?? 'The'} plan activated` });
  });
  const subscribe = useActivatePlanWithPayment();
  const { launch, waiting } = usePaymentLauncher();

  return (
    <section aria-labelledby="km-plans-title">
      <SuspendedNotice productId={productId} />
      <Alert variant="info">
        <strong>No Key Manager plan is activated.</strong> Choose a plan to create licence keys and API keys.
      </Alert>
      <h2 id="km-plans-title" className="h5">
        Plans
      </h2>
      <QueryState isPending={plans.isPending} error={plans.error} onRetry={() => plans.refetch()} />
      <FormErrorAlert error={activate.error ?? subscribe.error} />
      {waiting && (
        <Alert variant="warning" role="status">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          Complete the payment in the payment window. Your plan starts as soon as the payment is confirmed.
        </Alert>
      )}
      <Row xs={1} md={3} className="g-3">
        {plans.data?.plans.map((plan) => (
          <Col key={plan.id}>
            <Card className="h-100">
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h3" className="h5 d-flex justify-content-between">
                  {plan.name}
                  {plan.is_free && <Badge bg="success">Free</Badge>}
                </Card.Title>
                <p className="fs-5 fw-semibold">{planPrice(plan)}</p>
                <ul className="small">
                  {plan.items.map((item) => (
                    <li key={item.item_id}>{item.item}</li>
                  ))}
                </ul>
                <div className="mt-auto">
                  {plan.is_free ? (
                    <Button
                      disabled={activate.isPending}
                      onClick={() =>
                        activate.mutate({ productID: productId, planID: plan.id, isUpgrade: false })
                      }
                    >
                      {activate.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                      Activate {plan.name} plan
                    </Button>
                  ) : (
                    <Button
                      variant="outline-primary"
                      disabled={subscribe.isPending || waiting}
                      onClick={() =>
                        subscribe.mutate(
                          { productID: productId, planID: plan.id, isUpgrade: false },
                          { onSuccess: (reply) => reply.paymentData && launch(reply.paymentData) },
                        )
                      }
                    >
                      {subscribe.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                      Subscribe to {plan.name}
                    </Button>
                  )}
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="small text-body-secondary mt-3 mb-0">
        Paid plans are billed by card per period; change or renew them later under Profile → Subscriptions.
      </p>
    </section>
  );
}
