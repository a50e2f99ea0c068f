import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { PendingPayment, SubscribedPlans } from '../../billing/components/dashboard-billing';
import { useUserInformation } from '../api';
import { DASHBOARD_ACTIONS } from './dashboard-actions';

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

/** Profile dashboard (spec §2): completed/total counters, pending payment and subscribed plans. */
export function DashboardTab() {
  const { data, isPending, error, refetch } = useUserInformation();
  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;

  const { accountInformation: account, orderInformation: orders, projectInformation: projects } = data;
  const actions = DASHBOARD_ACTIONS.filter((action) => action.visible(data));
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
              <PendingPayment />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <SubscribedPlans />
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
