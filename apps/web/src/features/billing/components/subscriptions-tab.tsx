import type { Subscription } from '@app/contract';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { useRenew, useSubscriptions } from '../api';
import { formatDate, formatMoney, planPrice } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';
import { ChangePlanDialog } from './change-plan-dialog';
import { RenewalPanel, renewalPanelStatesPeriodEnd } from './renewal-panel';
import { StateBadge } from './state-badge';

function SubscriptionCard({ sub, onChange }: { sub: Subscription; onChange: () => void }) {
  const renew = useRenew();
  const { launch, waiting } = usePaymentLauncher();
  const recurring = sub.plan.is_recurring && !sub.plan.is_free;
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5 d-flex justify-content-between gap-2">
          {sub.product}
          <StateBadge subscription={sub} />
        </Card.Title>
        <p className="mb-1">
          Plan: <strong>{sub.plan.name}</strong> ({planPrice(sub.plan)}){' '}
          {sub.hasAPI && <Badge bg="info">API Available</Badge>}
        </p>
        {!renewalPanelStatesPeriodEnd(sub) && (
          <p className="mb-1 small">
            {sub.period_end
              ? `${sub.state === 'active' ? (sub.renewal.cancel_at_period_end ? 'Ends' : 'Renews') : 'Period ended'} ${formatDate(sub.period_end)}`
              : 'No renewal needed'}
          </p>
        )}
        <RenewalPanel sub={sub} />
        {sub.state !== 'active' && (
          <Alert variant={sub.state === 'grace' ? 'warning' : 'danger'} className="py-2 small">
            {sub.on_hold
              ? 'A payment for this plan is disputed with your bank: backend features are off (the Key Manager API answers 402) until the dispute closes in your favour.'
              : sub.state === 'grace'
                ? `Payment is due. Everything keeps working until ${formatDate(sub.grace_ends_at)}; after that the backend features stop until you pay.`
                : 'Backend features are off (the Key Manager API answers 402) until you pay the renewal.'}
          </Alert>
        )}
        {sub.pendingUpgrade && (
          <p className="small mb-2">
            Plan change to <strong>{sub.pendingUpgrade.targetPlan}</strong>:{' '}
            {sub.pendingUpgrade.status === 'approved'
              ? `approved, ${formatMoney(sub.pendingUpgrade.amount, sub.plan.currency)} to pay (see the Dashboard).`
              : 'waiting for approval.'}
          </p>
        )}
        <div className="mt-auto d-flex flex-wrap gap-2">
          {recurring && !sub.on_hold && !(sub.state === 'active' && sub.renewal.status !== 'off') && (
            <Button
              variant={sub.state === 'active' ? 'outline-primary' : 'primary'}
              disabled={renew.isPending || waiting}
              onClick={() =>
                renew.mutate(sub.productID, {
                  onSuccess: (reply) => reply.paymentData && launch(reply.paymentData),
                })
              }
            >
              {sub.state === 'active'
                ? 'Pay next period'
                : `Pay ${formatMoney(sub.plan.price, sub.plan.currency)} now`}
            </Button>
          )}
          <Button
            variant="outline-secondary"
            onClick={onChange}
            disabled={sub.pendingUpgrade !== null || sub.on_hold}
          >
            Change plan
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * Profile Subscriptions tab (docs/product-contract.md §Screens, Profile): plans, state and renewal date,
 * change plan.
 */
export function SubscriptionsTab() {
  const subscriptions = useSubscriptions();
  const [changing, setChanging] = useState<Subscription | null>(null);
  return (
    <section aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" className="h4 mb-3">
        Subscriptions
      </h2>
      <QueryState
        isPending={subscriptions.isPending}
        error={subscriptions.error}
        onRetry={() => subscriptions.refetch()}
      />
      {subscriptions.data?.length === 0 && (
        <Alert variant="info">
          You have no subscriptions yet.{' '}
          <LinkButton to="/products" size="sm" variant="link">
            Browse products
          </LinkButton>
        </Alert>
      )}
      <Row xs={1} lg={2} className="g-3">
        {subscriptions.data?.map((sub) => (
          <Col key={sub.id}>
            <SubscriptionCard sub={sub} onChange={() => setChanging(sub)} />
          </Col>
        ))}
      </Row>
      {changing && <ChangePlanDialog subscription={changing} onHide={() => setChanging(null)} />}
    </section>
  );
}
