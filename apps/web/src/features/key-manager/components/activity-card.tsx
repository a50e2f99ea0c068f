import type { ActivityResponse } from '@app/contract';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { ACTIVITY_DAYS, useActivity } from '../api';
import { ActivityChart, chartViewBox } from './activity-chart';

type Day = ActivityResponse['days'][number];

const box = chartViewBox(ACTIVITY_DAYS);

/**
 * The chart's place, the same size whether it holds the placeholder, the empty state or the chart:
 * the card does not grow when the activity arrives, so nothing below it jumps (docs/architecture.md).
 */
function ChartFrame({ children }: { children: ReactNode }) {
  return (
    <div
      className="w-100 position-relative"
      style={{ aspectRatio: `${box.width} / ${box.height}`, maxHeight: 180 }}
    >
      {children}
    </div>
  );
}

function Legend({ hidden }: { hidden?: boolean }) {
  return (
    <figcaption className={`small text-body-secondary${hidden ? ' invisible' : ''}`} aria-hidden={hidden}>
      <span className="me-3">
        <span className="d-inline-block me-1 rounded bg-primary" style={{ width: 10, height: 10 }} />
        Activations
      </span>
      <span>
        <span className="d-inline-block me-1 rounded bg-secondary" style={{ width: 10, height: 10 }} />
        Deactivations
      </span>
    </figcaption>
  );
}

/** The activity's body: a placeholder while it loads, words when nothing happened, else the chart. */
function ActivityFigure({ days }: { days: Day[] | undefined }) {
  const quiet = days?.every((day) => day.activations === 0 && day.deactivations === 0);
  return (
    <figure className="mb-0">
      <ChartFrame>
        {!days ? (
          <div className="placeholder-glow h-100" aria-hidden="true">
            <span className="placeholder w-100 h-100 rounded bg-body-secondary" />
          </div>
        ) : quiet ? (
          <div
            className="h-100 d-flex align-items-center justify-content-center text-center border rounded text-body-secondary small px-3"
            style={{ borderStyle: 'dashed' }}
            data-testid="activity-empty"
          >
            No activations or deactivations in the last {ACTIVITY_DAYS} days. They show here once your
            application activates a key.
          </div>
        ) : (
          <ActivityChart days={days} />
        )}
      </ChartFrame>
      <Legend hidden={quiet} />
    </figure>
  );
}

/** Dashboard card: activations and deactivations per day over the last two weeks. */
export function ActivityCard() {
  const activity = useActivity();
  return (
    <ActivityCardFrame>
      {activity.error && !activity.data ? (
        <QueryState isPending={false} error={activity.error} onRetry={() => activity.refetch()} />
      ) : (
        <ActivityFigure days={activity.data} />
      )}
    </ActivityCardFrame>
  );
}

/** The card while the page's own data is still on the way (no plan known yet): its final size. */
export function ActivityCardPlaceholder() {
  return (
    <ActivityCardFrame>
      <ActivityFigure days={undefined} />
    </ActivityCardFrame>
  );
}

function ActivityCardFrame({ children }: { children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby="km-activity-title">
      <Card.Body>
        <Card.Title as="h3" className="h6" id="km-activity-title">
          Activity, last {ACTIVITY_DAYS} days
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
