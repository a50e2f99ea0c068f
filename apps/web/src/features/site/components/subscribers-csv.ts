import type { Subscriber } from '@app/contract';

/** Quotes a CSV cell and defuses spreadsheet formulas (cells starting with = + - @). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function subscribersCsv(subscribers: readonly Subscriber[]): string {
  const lines = [['email', 'confirmed_at'], ...subscribers.map((s) => [s.email, s.confirmedAt])];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
