import type { ActivityResponse } from '@app/contract';

type Day = ActivityResponse['days'][number];

/** 0, the middle and the top of the scale, as whole numbers without repeats. */
function ticks(max: number): number[] {
  return [...new Set([0, Math.round(max / 2), max])];
}

const width = 28;
const height = 120;
const top = 6;
// The y-axis labels sit in this gutter, so the chart and its labels start at its left edge.
const axis = 30;

/** The drawing's size for `days` days: its frame reserves this shape before the data arrives. */
export function chartViewBox(days: number): { width: number; height: number } {
  return { width: axis + days * width, height: top + height + 20 };
}

/**
 * Activations per day as plain SVG bars (no chart library for one small chart), filling its frame
 * (activity-card.tsx). The numbers are also in a visually hidden table, so screen readers get the
 * data rather than a picture.
 */
export function ActivityChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.activations, d.deactivations)));
  const y = (value: number) => top + height - (value / max) * height;
  const box = chartViewBox(days.length);
  return (
    <>
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        className="w-100 h-100 d-block"
        // Capped in height, the drawing is narrower than the card: keep it at the left edge, under
        // the heading, rather than centred.
        preserveAspectRatio="xMinYMid meet"
        aria-hidden="true"
        focusable="false"
        data-testid="activity-chart"
      >
        <g data-testid="activity-y-axis">
          <line x1={axis} x2={axis} y1={top} y2={top + height} stroke="currentColor" strokeOpacity={0.4} />
          {ticks(max).map((tick) => (
            <g key={tick}>
              <line
                x1={axis}
                x2={axis + days.length * width}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.12}
              />
              <text x={axis - 4} y={y(tick) + 3} fontSize={9} textAnchor="end" fill="currentColor">
                {tick}
              </text>
            </g>
          ))}
        </g>
        {days.map((day, index) => {
          const x = axis + index * width;
          const up = (day.activations / max) * height;
          const down = (day.deactivations / max) * height;
          return (
            <g key={day.date}>
              <rect x={x + 4} y={top + height - up} width={10} height={up} fill="var(--bs-primary)" rx={2} />
              <rect
                x={x + 15}
                y={top + height - down}
                width={8}
                height={down}
                fill="var(--bs-secondary)"
                rx={2}
              />
              {index % 2 === 0 && (
                <text
                  x={index === 0 ? x + 2 : x + 14}
                  y={top + height + 14}
                  fontSize={9}
                  textAnchor={index === 0 ? 'start' : 'middle'}
                  fill="currentColor"
                >
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Activations and deactivations per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Activations</th>
            <th scope="col">Deactivations</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.activations}</td>
              <td>{day.deactivations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
