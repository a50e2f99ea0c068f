import type { Plan } from '@app/contract';
import { Alert, Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { QueryState } from '../../../app/layout/query-state';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useActivatePlan, usePlans } from '../api';

function price(plan: Plan): string {
  if (plan.is_free) return 'Free';
  const amount = (plan.price / 100).toLocaleString('en-US', { style: 'currency', currency: plan.currency });
  return plan.is_recurring ? `${amount} / ${plan.term === 'y' ? 'year' : 'month'}` : `${amount} once`;
}

/** Shown without an activated plan: the free plan activates in one click; paid plans need contact. */
export function PlansOffer({ productId }: { productId: number }) {
  const plans = usePlans(productId);
  const activate = useActivatePlan();
  const toast = useToast();

  return (
    <section aria-labelledby="km-plans-title">
      <Alert variant="info">
        <strong>No Key Manager plan is activated.</strong> Choose a plan to create licence keys and API keys.
      </Alert>
      <h2 id="km-plans-title" className="h5">
        Plans
      </h2>
      <QueryState isPending={plans.isPending} error={plans.error} onRetry={() => plans.refetch()} />
      <FormErrorAlert error={activate.error} />
      <Row xs={1} md={3} className="g-3">
        {plans.data?.plans.map((plan) => (
          <Col key={plan.id}>
            <Card className="h-100">
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h3" className="h5 d-flex justify-content-between">
                  {plan.name}
                  {plan.is_free && <Badge bg="success">Free</Badge>}
                </Card.Title>
                <p className="fs-5 fw-semibold">{price(plan)}</p>
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
                        activate.mutate(
                          { productID: productId, planID: plan.id, isUpgrade: false },
                          { onSuccess: () => toast.show({ message: `${plan.name} plan activated` }) },
                        )
                      }
                    >
                      {activate.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                      Activate {plan.name} plan
                    </Button>
                  ) : (
                    <Link to="/contact-us" className="btn btn-outline-primary">
                      Contact us about {plan.name}
                    </Link>
                  )}
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="small text-body-secondary mt-3 mb-0">
        Online payment for paid plans is coming soon; contact us to subscribe to one today.
      </p>
    </section>
  );
}
