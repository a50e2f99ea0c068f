import type { Subscriber } from '@app/contract';

/** Quotes a CSV cell and defuses spreadsheet formulas (cells starting with = + - @). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** CSV lines of subscribers; the header row only with `header` (the export's first page). */
export function subscribersCsv(subscribers: readonly Subscriber[], header = true): string {
  const lines = [
    ...(header ? [['email', 'confirmed_at']] : []),
    ...subscribers.map((s) => [s.email, s.confirmedAt]),
  ];
  return lines.map((line) => `${line.map(cell).join(',')}\r\n`).join('');
}
