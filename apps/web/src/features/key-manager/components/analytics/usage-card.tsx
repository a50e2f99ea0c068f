import type { AnalyticsPeriod } from '@app/contract';
import { type ReactNode, useState } from 'react';
import { Card, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAnalytics } from '../../analytics-api';
import { PERIOD_LABELS } from './analytics-filters';
import { ChartFrame, ChartPlaceholder, UsageChart } from './usage-chart';
import { ChartFailure, NoCallsYet } from './usage-chart-states';
import { CALL_LINES } from './usage-series';

const COMPACT_HEIGHT = 180;

interface UsageCardProps {
  /** The card's heading id and title. */
  id: string;
  title: string;
  /** One key's calls (the key page); every key otherwise. */
  keyId?: string;
  /** The periods offered; the first is shown first. One period: no choice. */
  periods: AnalyticsPeriod[];
  /** Drawn with placeholders only (the page's own data is still on the way). */
  waiting?: boolean;
  /** Under the chart: a link to the whole Analytics tab. */
  footer?: ReactNode;
}

/**
 * A compact chart of calls and refusals (the Dashboard tab, a key's page), in a frame of a fixed
 * height whatever it holds — placeholder, words, failure or chart — so nothing below it moves.
 */
export function UsageCard({ id, title, keyId, periods, waiting, footer }: UsageCardProps) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(periods[0] ?? '7d');
  return (
    <Card as="section" aria-labelledby={id}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <Card.Title as="h3" className="h6 mb-0" id={id}>
            {title}
            {periods.length === 1 && `, ${PERIOD_LABELS[period].toLowerCase()}`}
          </Card.Title>
          {periods.length > 1 && (
            <ToggleButtonGroup
              type="radio"
              name={`${id}-period`}
              size="sm"
              value={period}
              onChange={(value: AnalyticsPeriod) => setPeriod(value)}
              aria-label="Period"
            >
              {periods.map((value) => (
                <ToggleButton key={value} id={`${id}-${value}`} value={value} variant="outline-secondary">
                  {PERIOD_LABELS[value]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        </div>
        {waiting ? (
          <ChartFrame height={COMPACT_HEIGHT}>
            <ChartPlaceholder />
          </ChartFrame>
        ) : (
          <UsageFigure keyId={keyId} period={period} />
        )}
        {footer}
      </Card.Body>
    </Card>
  );
}

function UsageFigure({ keyId, period }: { keyId: string | undefined; period: AnalyticsPeriod }) {
  const analytics = useAnalytics({ period, keyId });
  const data = analytics.data;
  if (data && data.totals.calls > 0) {
    return (
      <UsageChart
        points={data.series}
        bucket={data.bucket}
        lines={CALL_LINES}
        caption={`Calls and refusals per ${data.bucket}`}
        height={COMPACT_HEIGHT}
      />
    );
  }
  return (
    <ChartFrame height={COMPACT_HEIGHT}>
      {data ? (
        <NoCallsYet compact />
      ) : analytics.error ? (
        <ChartFailure error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <ChartPlaceholder />
      )}
    </ChartFrame>
  );
}

/** The Dashboard tab's link to the whole picture. */
export function AnalyticsLink() {
  return (
    <p className="small mb-0 mt-2">
      <Link to="/store/key-manager?tab=analytics">Open Analytics</Link> for every operation, top keys, refusal
      reasons, platforms and app versions.
    </p>
  );
}
