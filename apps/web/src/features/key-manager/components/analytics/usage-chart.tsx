import type { UsagePoint } from '@app/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { bucketLabel, drawnLines, type SeriesLine } from './usage-series';

// chart.js comes with the first chart drawn, in a chunk of its own: not in the Key Manager page's.
const UsageChartCanvas = lazy(() => import('./usage-chart-canvas'));

/**
 * The chart's place, the same height whether it holds a placeholder, words, an error or the chart:
 * the card does not grow when the figures arrive, so nothing below it jumps.
 */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div className="w-100 position-relative" style={{ height }} data-testid="usage-chart-frame">
      {children}
    </div>
  );
}

/** A grey block of the chart's size while the figures (or the chart's code) are on the way. */
export function ChartPlaceholder() {
  return (
    <div className="placeholder-glow h-100" aria-hidden="true">
      <span className="placeholder w-100 h-100 rounded bg-body-secondary" />
    </div>
  );
}

/** Words in the chart's place (nothing in the period, or a failure), centred in a dashed box. */
export function ChartMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      className="h-100 d-flex flex-column align-items-center justify-content-center text-center border rounded text-body-secondary small px-3 overflow-auto"
      style={{ borderStyle: 'dashed' }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

interface UsageChartProps {
  points: UsagePoint[];
  bucket: 'hour' | 'day';
  /** The lines: those with a call in the period are drawn; the table lists all of them. */
  lines: SeriesLine[];
  /** The table's caption, which names the figures for screen readers. */
  caption: string;
  height: number;
  legend?: boolean;
}

/**
 * A time series: the chart.js drawing (lazy) for the eye, and the same figures as a visually hidden
 * table for screen readers (the canvas itself is hidden from them).
 */
export function UsageChart({ points, bucket, lines, caption, height, legend = true }: UsageChartProps) {
  return (
    <figure className="mb-0">
      <ChartFrame height={height}>
        <Suspense fallback={<ChartPlaceholder />}>
          <UsageChartCanvas
            points={points}
            bucket={bucket}
            lines={drawnLines(lines, points)}
            legend={legend}
          />
        </Suspense>
      </ChartFrame>
      {/* Hidden in a box: a table ignores a 1 px width, and would widen the page on a phone. */}
      <div className="visually-hidden">
        <table data-testid="usage-chart-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === 'hour' ? 'Hour' : 'Day (UTC)'}</th>
              {lines.map((line) => (
                <th scope="col" key={line.key}>
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.at}>
                <th scope="row">{bucketLabel(point.at, bucket)}</th>
                {lines.map((line) => (
                  <td key={line.key}>{line.value(point)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
