import type { KeyManagerDataResponse } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useActivity } from '../api';
import { ActivityChart } from './activity-chart';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold">{value}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/** Dashboard tab: plan, usage and the activity chart. */
export function OverviewTab({ data }: { data: KeyManagerDataResponse }) {
  const activity = useActivity();
  const maxKeys = data.planInfo?.maxKeysAllowed ?? 0;
  return (
    <section aria-labelledby="km-overview-title">
      <h2 id="km-overview-title" className="h5">
        {data.planInfo?.planName} plan
      </h2>
      <Row xs={2} lg={5} className="g-3 mb-4">
        <Stat label="Licence keys" value={`${data.usage.keys} / ${maxKeys === 0 ? 'unlimited' : maxKeys}`} />
        <Stat label="Active keys" value={data.usage.activeKeys} />
        <Stat label="Current activations" value={data.usage.activations} />
        <Stat label="API keys" value={data.usage.apiKeys} />
        <Stat label="API calls per minute" value={data.callsPerMinute ?? '—'} />
      </Row>
      <Card>
        <Card.Body>
          <Card.Title as="h3" className="h6">
            Activity, last 14 days
          </Card.Title>
          <QueryState
            isPending={activity.isPending}
            error={activity.error}
            onRetry={() => activity.refetch()}
          />
          {activity.data && <ActivityChart days={activity.data} />}
        </Card.Body>
      </Card>
    </section>
  );
}
