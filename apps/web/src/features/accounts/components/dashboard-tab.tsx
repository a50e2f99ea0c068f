import type { UserInformation } from '@app/contract';
import type { ComponentType, ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { useUserInformation } from '../../../lib/user-information';

function CounterCard({ title, done, total }: { title: string; done: number; total: number }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Title as="h3" className="h6 text-muted text-uppercase">
          {title}
        </Card.Title>
        <p className="display-6 mb-0">
          {done}
          <span className="text-muted fs-4"> / {total}</span>
        </p>
      </Card.Body>
    </Card>
  );
}

/**
 * A button another feature adds to the Dashboard (docs/product-contract.md §Screens, Profile), shown
 * only when `visible` holds for the signed-in user.
 */
export interface DashboardAction {
  key: string;
  Component: ComponentType;
  visible: (info: UserInformation) => boolean;
}

interface DashboardTabProps {
  /** The Payments card's content (billing's pending payment). */
  payments: ReactNode;
  /** Below the counters (billing's subscribed plans). */
  plans: ReactNode;
  actions: readonly DashboardAction[];
}

/**
 * Profile dashboard (docs/product-contract.md §Screens, Profile): completed/total counters, pending
 * payment and subscribed plans.
 */
export function DashboardTab({ payments, plans, actions: allActions }: DashboardTabProps) {
  const { data, isPending, error, refetch } = useUserInformation();
  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;

  const { accountInformation: account, orderInformation: orders, projectInformation: projects } = data;
  const actions = allActions.filter((action) => action.visible(data));
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="h4 mb-3">
        Welcome, {account.firstName} {account.lastName}
      </h2>
      <Row xs={1} md={3} className="g-3">
        <Col>
          <CounterCard title="Completed orders" done={orders.completedOrders} total={orders.maxOrders} />
        </Col>
        <Col>
          <CounterCard
            title="Completed projects"
            done={projects.completedProjects}
            total={projects.maxProjects}
          />
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h3" className="h6 text-muted text-uppercase">
                Payments
              </Card.Title>
              {payments}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {plans}
      {actions.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mt-4">
          {actions.map(({ key, Component }) => (
            <Component key={key} />
          ))}
        </div>
      )}
    </section>
  );
}
