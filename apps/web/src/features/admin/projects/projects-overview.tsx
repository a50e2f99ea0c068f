import { PROJECT_STATUSES } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { plural } from '../../../lib/plural';
import { useProjectsOverview } from './api';

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Col>
      <Card className="h-100 shadow-sm">
        <Card.Body className="py-2">
          <div className="small text-muted text-uppercase">{label}</div>
          <div className="fs-3">{value}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/** Dashboard counters for projects: by status, and what waits for an admin. */
export function ProjectsOverview() {
  const { data, isPending, error, refetch } = useProjectsOverview();
  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;
  return (
    <section aria-labelledby="projects-overview-title" className="mb-4">
      <h3 id="projects-overview-title" className="h5">
        Projects ({plural(data.orders, 'order')})
      </h3>
      <Row xs={2} md={5} className="g-2 mb-3">
        {PROJECT_STATUSES.map((status) => (
          <Counter key={status} label={status} value={data.byStatus[status]} />
        ))}
      </Row>
      <h3 className="h6">Waiting for action</h3>
      <Row xs={2} md={4} className="g-2">
        <Counter label="Approval" value={data.waitingApproval} />
        <Counter label="Duration" value={data.needDuration} />
        <Counter label="Employees" value={data.needEmployees} />
        <Counter label="Payment link" value={data.needPaymentLink} />
      </Row>
    </section>
  );
}
