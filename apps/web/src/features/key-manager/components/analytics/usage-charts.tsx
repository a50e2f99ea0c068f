import type { AnalyticsCsvQuery, AnalyticsResponse } from '@app/contract';
import type { ReactNode } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { analyticsCsvPath, useAnalytics } from '../../analytics-api';
import { keyPagePath } from '../../key-page-api';
import { PERIOD_LABELS } from './analytics-filters';
import type { AnalyticsFilters } from './analytics-url';
import { CsvDownloadButton } from './csv-download-button';
import { RankedTable } from './ranked-table';
import { ChartFrame, ChartPlaceholder, UsageChart } from './usage-chart';
import { ChartFailure, NoCallsYet } from './usage-chart-states';
import { OPERATION_LINES } from './usage-series';
import { UsageTotals } from './usage-totals';

const CHART_HEIGHT = 280;
interface UsageChartsProps {
  filters: AnalyticsFilters;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
}

/** Analytics' figures for the filters: totals, the calls over time, and the top lists, each with a CSV. */
export function UsageCharts({ filters, onChange }: UsageChartsProps) {
  const query = {
    period: filters.period,
    productId: filters.productId,
    apiKeyId: filters.apiKeyId,
    keyId: filters.keyId,
  };
  const analytics = useAnalytics(query);
  const data = analytics.data;
  const csv = (view: AnalyticsCsvQuery['view'], what: string) => (
    <CsvDownloadButton
      path={analyticsCsvPath({ ...query, view })}
      fileName={`key-manager-${view}-${filters.period}.csv`}
      what={what}
    />
  );
  const empty = data !== undefined && data.totals.calls === 0;
  return (
    <div
      aria-busy={analytics.isFetching && analytics.isPlaceholderData}
      style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
    >
      <UsageTotals totals={data?.totals} failed={!data && Boolean(analytics.error)} />
      <Card as="section" aria-labelledby="km-usage-chart-title" className="mb-3">
        <Card.Body>
          <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
            <Card.Title as="h3" className="h6 mb-0" id="km-usage-chart-title">
              Calls, {PERIOD_LABELS[filters.period].toLowerCase()}
            </Card.Title>
            {csv('series', 'of the calls over time')}
          </div>
          {data && !empty ? (
            <UsageChart
              points={data.series}
              bucket={data.bucket}
              lines={OPERATION_LINES}
              caption={`Calls per ${data.bucket === 'hour' ? 'hour' : 'day'} by operation, and refusals`}
              height={CHART_HEIGHT}
            />
          ) : (
            <ChartFrame height={CHART_HEIGHT}>
              {empty ? (
                <NoCallsYet />
              ) : analytics.error ? (
                <ChartFailure error={analytics.error} onRetry={() => void analytics.refetch()} />
              ) : (
                <ChartPlaceholder />
              )}
            </ChartFrame>
          )}
          {data && (
            <p className="small text-body-secondary mb-0 mt-2">
              Updated {new Date(data.updatedAt).toLocaleTimeString()}. Figures arrive within a few seconds of
              each call.
            </p>
          )}
        </Card.Body>
      </Card>
      {data && !empty && <TopLists data={data} csv={csv} onChange={onChange} />}
    </div>
  );
}

function TopLists({
  data,
  csv,
  onChange,
}: {
  data: AnalyticsResponse;
  csv: (view: AnalyticsCsvQuery['view'], what: string) => ReactNode;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
}) {
  const none = 'Not sent';
  return (
    <Row xs={1} lg={2} className="g-3">
      <Col>
        <RankedTable
          title="Top keys"
          nameHeader="Key"
          rows={data.topKeys}
          renderName={(row) =>
            row.value ? (
              <Link to={keyPagePath(row.value)} className="font-monospace">
                {row.label}
              </Link>
            ) : (
              row.label
            )
          }
          empty="No call named a key in this period."
          action={csv('top-keys', 'of the top keys')}
        />
      </Col>
      <Col>
        <RankedTable
          title="Top refusal reasons"
          nameHeader="Reason"
          rows={data.refusalReasons}
          refusalsColumn={false}
          renderName={(row) =>
            row.value ? (
              <Button
                variant="link"
                className="p-0 text-start align-baseline"
                onClick={() =>
                  onChange({ view: 'requests', outcome: row.value ?? undefined, kind: 'refused' })
                }
                title="Show these requests"
              >
                {row.label} <code className="small">{row.value}</code>
              </Button>
            ) : (
              row.label
            )
          }
          empty="Nothing was refused in this period."
          action={csv('refusal-reasons', 'of the refusal reasons')}
        />
      </Col>
      <Col>
        <RankedTable
          title="Platforms"
          nameHeader="Platform"
          rows={data.platforms}
          renderName={(row) => row.value ?? none}
          empty="No call sent its platform."
          action={csv('platforms', 'of the platforms')}
        />
      </Col>
      <Col>
        <RankedTable
          title="App versions"
          nameHeader="App version"
          rows={data.appVersions}
          renderName={(row) => row.value ?? none}
          empty="No call sent its app version."
          action={csv('app-versions', 'of the app versions')}
        />
      </Col>
    </Row>
  );
}
