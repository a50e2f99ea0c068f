import type { Plan, SaasProduct } from '@app/contract';
import { Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { useSession } from '../../../lib/use-session';
import { useActivatePlanWithPayment, useStoreProducts } from '../api';
import { formatMoney, planPrice } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';

function PlanRow({ product, plan }: { product: SaasProduct; plan: Plan }) {
  const session = useSession();
  const activate = useActivatePlanWithPayment();
  const { launch, waiting } = usePaymentLauncher();
  const toast = useToast();
  return (
    <li className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
      <span>
        <strong>{plan.name}</strong> — {planPrice(plan)}
        {plan.hasAPI && (
          <span className="small text-body-secondary">
            {' '}
            · {plan.api_information.calls_per_minute} calls/min
          </span>
        )}
        {plan.items.length > 0 && (
          <span className="d-block small">{plan.items.map((i) => i.item).join(' · ')}</span>
        )}
        <FormErrorAlert error={activate.error} />
      </span>
      {session.signedIn ? (
        <Button
          size="sm"
          disabled={activate.isPending || waiting}
          onClick={() =>
            activate.mutate(
              { productID: product.id, planID: plan.id, isUpgrade: false },
              {
                onSuccess: (reply) => {
                  if (reply.launchPayment && reply.paymentData) launch(reply.paymentData);
                  else toast.show({ message: reply.message, variant: 'success' });
                },
              },
            )
          }
        >
          {(activate.isPending || waiting) && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {plan.is_free ? 'Activate' : 'Subscribe'}
          <span className="visually-hidden">
            {' '}
            to {product.name} {plan.name}
          </span>
        </Button>
      ) : (
        <LinkButton to="/signin" size="sm" variant="outline-primary">
          Sign in to subscribe
          <span className="visually-hidden">
            {' '}
            to {product.name} {plan.name}
          </span>
        </LinkButton>
      )}
    </li>
  );
}

/**
 * The Products page's Store data (GET /api/v1/products/get/all, polled every 1 s,
 * docs/product-contract.md §Polling): SaaS products with their plans (subscribe in place) and
 * downloadable products.
 */
export function StoreCatalog() {
  const store = useStoreProducts();
  if (!store.data)
    return <QueryState isPending={store.isPending} error={store.error} onRetry={() => store.refetch()} />;
  // The Key Manager has its own card and page.
  const saas = store.data.sassProducts.filter(
    (product) => product.slug !== 'key-manager' && product.plans.length > 0,
  );
  const products = store.data.data;
  if (saas.length === 0 && products.length === 0) return null;
  return (
    <Row xs={1} md={2} className="g-4 mt-0">
      {saas.map((product) => (
        <Col key={`saas-${product.id}`}>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h2" className="h4">
                {product.name} <Badge bg="info">API</Badge>
              </Card.Title>
              <Card.Text>{product.description}</Card.Text>
            </Card.Body>
            <ul className="list-group list-group-flush">
              {product.plans.map((plan) => (
                <PlanRow key={plan.id} product={product} plan={plan} />
              ))}
            </ul>
          </Card>
        </Col>
      ))}
      {products.map((product) => (
        <Col key={`product-${product.id}`}>
          <Card className="h-100 shadow-sm">
            {product.media[0]?.mimeType.startsWith('image/') && (
              <Card.Img
                variant="top"
                src={product.media[0].url}
                alt={`${product.name} screenshot`}
                loading="lazy"
              />
            )}
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                {product.name}
              </Card.Title>
              <p className="fs-5 fw-semibold">{formatMoney(product.price, product.currency)}</p>
              <Card.Text>{product.description}</Card.Text>
              {product.dependencies && (
                <p className="small text-body-secondary">Requires: {product.dependencies}</p>
              )}
              {product.updates[0] && <p className="small">Latest update: {product.updates[0].date}</p>}
              <div className="mt-auto">
                <LinkButton to="/contact-us" variant="outline-primary">
                  Ask about {product.name}
                </LinkButton>
              </div>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
