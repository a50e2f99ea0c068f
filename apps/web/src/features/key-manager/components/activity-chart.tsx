import type { ActivityResponse } from '@app/contract';

type Day = ActivityResponse['days'][number];

/**
 * Activations per day as plain SVG bars (no chart library for one small chart). The numbers are
 * also in a visually hidden table, so screen readers get the data rather than a picture.
 */
export function ActivityChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.activations, d.deactivations)));
  const width = 28;
  const height = 120;
  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${days.length * width} ${height + 20}`}
        className="w-100"
        style={{ maxHeight: 180 }}
        aria-hidden="true"
        focusable="false"
      >
        {days.map((day, index) => {
          const x = index * width;
          const up = (day.activations / max) * height;
          const down = (day.deactivations / max) * height;
          return (
            <g key={day.date}>
              <rect x={x + 4} y={height - up} width={10} height={up} fill="var(--bs-primary)" rx={2} />
              <rect x={x + 15} y={height - down} width={8} height={down} fill="var(--bs-secondary)" rx={2} />
              {index % 2 === 0 && (
                <text x={x + 14} y={height + 14} fontSize={9} textAnchor="middle" fill="currentColor">
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="small text-body-secondary">
        <span className="me-3">
          <span className="d-inline-block me-1 rounded bg-primary" style={{ width: 10, height: 10 }} />
          Activations
        </span>
        <span>
          <span className="d-inline-block me-1 rounded bg-secondary" style={{ width: 10, height: 10 }} />
          Deactivations
        </span>
      </figcaption>
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
    </figure>
  );
}
