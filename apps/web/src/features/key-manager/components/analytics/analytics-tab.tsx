import { Button, Nav } from 'react-bootstrap';
import { AnalyticsFilterBar } from './analytics-filters';
import { type AnalyticsView, useAnalyticsFilters } from './analytics-url';
import { RequestLogView } from './request-log-view';
import { UsageCharts } from './usage-charts';
import { WeeklyMailSwitch } from './weekly-mail-switch';

const VIEWS: { key: AnalyticsView; title: string }[] = [
  { key: 'charts', title: 'Overview' },
  { key: 'requests', title: 'Requests' },
];

/**
 * Analytics (decision 037, § Dashboard): the public API's usage as charts and top lists, and the
 * request log beside them as its second view — both under the same product and API-key filters,
 * all kept in the address.
 */
export function AnalyticsTab() {
  const { filters, change } = useAnalyticsFilters();
  return (
    <section aria-labelledby="km-analytics-title">
      <div className="d-flex flex-wrap gap-3 align-items-start justify-content-between mb-3">
        <h2 id="km-analytics-title" className="h5 mb-0">
          Analytics
        </h2>
        <WeeklyMailSwitch />
      </div>
      <Nav variant="pills" className="mb-3" as="nav" aria-label="Analytics views">
        {VIEWS.map((view) => (
          <Nav.Item key={view.key}>
            <Nav.Link
              as="button"
              type="button"
              active={filters.view === view.key}
              aria-current={filters.view === view.key ? 'page' : undefined}
              onClick={() => change({ view: view.key === 'charts' ? undefined : view.key })}
            >
              {view.title}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <AnalyticsFilterBar filters={filters} onChange={change} period={filters.view === 'charts'} />
      {filters.keyId && filters.view === 'charts' && (
        <p className="small mb-3">
          One key only: <code>{filters.keyId}</code>{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => change({ keyId: undefined })}
          >
            Show all keys
          </Button>
        </p>
      )}
      {filters.view === 'requests' ? (
        <RequestLogView filters={filters} onChange={change} />
      ) : (
        <UsageCharts filters={filters} onChange={change} />
      )}
    </section>
  );
}
