import type { KeyManagerDataResponse } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { AnalyticsLink, UsageCard } from './analytics/usage-card';

/** A stat's value, or a placeholder of the same line height while the data is on the way. */
function Stat({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Col>
      <Card className="h-100">
        <Card.Body>
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold">
            {value === null ? (
              <span className="placeholder-glow" aria-hidden="true">
                <span className="placeholder col-6" />
              </span>
            ) : (
              value
            )}
          </div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/**
 * Dashboard tab: plan, usage and the week's calls and refusals (a compact Analytics chart). Without `data` (still loading) it is drawn with
 * placeholders at its final size, so the page does not shift when the data arrives.
 */
export function OverviewTab({ data }: { data: KeyManagerDataResponse | undefined }) {
  const maxKeys = data?.planInfo?.maxKeysAllowed ?? 0;
  const value = <T,>(pick: (loaded: KeyManagerDataResponse) => T) => (data ? pick(data) : null);
  return (
    <section aria-labelledby="km-overview-title" aria-busy={!data}>
      <h2 id="km-overview-title" className="h5">
        {data ? (
          `${data.planInfo?.planName} plan`
        ) : (
          <span className="placeholder-glow">
            <span className="placeholder col-4 col-md-2" />
            <span className="visually-hidden">Loading the plan…</span>
          </span>
        )}
      </h2>
      <Row xs={2} lg={5} className="g-3 mb-4">
        <Stat
          label="Licence keys"
          value={value((loaded) => `${loaded.usage.keys} / ${maxKeys === 0 ? 'unlimited' : maxKeys}`)}
        />
        <Stat label="Active keys" value={value((loaded) => loaded.usage.activeKeys)} />
        <Stat label="Current activations" value={value((loaded) => loaded.usage.activations)} />
        <Stat label="API keys" value={value((loaded) => loaded.usage.apiKeys)} />
        <Stat label="API calls per minute" value={value((loaded) => loaded.callsPerMinute ?? '—')} />
      </Row>
      <UsageCard
        id="km-activity-title"
        title="Calls and refusals"
        periods={['7d']}
        waiting={!data}
        footer={<AnalyticsLink />}
      />
    </section>
  );
}
