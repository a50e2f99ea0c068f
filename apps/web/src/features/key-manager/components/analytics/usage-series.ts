import type { UsagePoint } from '@app/contract';

/** A line of the chart: a figure of each point, its name and its colour. */
export interface SeriesLine {
  key: string;
  label: string;
  /** At least 3:1 against the white card (WCAG 1.4.11); refusals are also dashed, not told by colour alone. */
  color: string;
  dashed?: boolean;
  value: (point: UsagePoint) => number;
}

const figure =
  (key: Exclude<keyof UsagePoint, 'at'>) =>
  (point: UsagePoint): number =>
    point[key];

/** The calls of a bucket: every operation's count (refusals are calls of those operations too). */
export const callsOf = (point: Omit<UsagePoint, 'at'>): number =>
  point.validations +
  point.activations +
  point.deactivations +
  point.heartbeats +
  point.checkouts +
  point.information +
  point.other;

/** The Analytics tab's lines: each operation family, then the refusals among them. */
export const OPERATION_LINES: SeriesLine[] = [
  { key: 'validations', label: 'Validations', color: '#0b5ed7', value: figure('validations') },
  { key: 'activations', label: 'Activations', color: '#146c43', value: figure('activations') },
  { key: 'deactivations', label: 'Deactivations', color: '#5c636a', value: figure('deactivations') },
  { key: 'heartbeats', label: 'Heartbeats', color: '#6f42c1', value: figure('heartbeats') },
  { key: 'checkouts', label: 'Checkouts', color: '#087990', value: figure('checkouts') },
  { key: 'information', label: 'Key information', color: '#9a4a00', value: figure('information') },
  { key: 'other', label: 'Other calls', color: '#212529', value: figure('other') },
  { key: 'refusals', label: 'Refusals', color: '#b02a37', dashed: true, value: figure('refusals') },
];

/** The compact chart (the Dashboard tab, the key page): calls and refusals. */
export const CALL_LINES: SeriesLine[] = [
  { key: 'calls', label: 'Calls', color: '#0b5ed7', value: callsOf },
  { key: 'refusals', label: 'Refusals', color: '#b02a37', dashed: true, value: figure('refusals') },
];

/** The lines worth drawing: those with a call in the period (the table keeps every line). */
export function drawnLines(lines: SeriesLine[], points: UsagePoint[]): SeriesLine[] {
  const drawn = lines.filter((line) => points.some((point) => line.value(point) > 0));
  return drawn.length > 0 ? drawn : lines.slice(0, 1);
}

const hourFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
// Day buckets are UTC days (decision 037): named as such, whatever the browser's zone.
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket's name on the axis and in the table: its hour (local time) or its UTC day. */
export function bucketLabel(at: string, bucket: 'hour' | 'day'): string {
  return (bucket === 'hour' ? hourFormat : dayFormat).format(new Date(at));
}
