import type { AnalyticsResponse } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';

type Totals = AnalyticsResponse['totals'];

const FIGURES: { label: string; value: (totals: Totals) => number }[] = [
  { label: 'Calls', value: (totals) => totals.calls },
  { label: 'Validations', value: (totals) => totals.validations },
  { label: 'Refusals', value: (totals) => totals.refusals },
  { label: 'Unique devices', value: (totals) => totals.uniqueDevices },
];

/** The period's four figures; placeholders of the same height while they load (or '—' on a failure). */
export function UsageTotals({ totals, failed }: { totals: Totals | undefined; failed?: boolean }) {
  return (
    <Row xs={2} md={4} className="g-3 mb-3" data-testid="usage-totals">
      {FIGURES.map((figure) => (
        <Col key={figure.label}>
          <Card className="h-100">
            <Card.Body className="py-2">
              <div className="small text-body-secondary">{figure.label}</div>
              <div
                className="fs-4 fw-semibold"
                data-testid={`usage-total-${figure.label.toLowerCase().replace(' ', '-')}`}
              >
                {totals ? (
                  figure.value(totals).toLocaleString()
                ) : failed ? (
                  '—'
                ) : (
                  <span className="placeholder-glow" aria-hidden="true">
                    <span className="placeholder col-6" />
                  </span>
                )}
              </div>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
