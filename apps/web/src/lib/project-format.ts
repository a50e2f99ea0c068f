import { formatMoney } from './money';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A project's money: integer cents in US dollars (contract projects.ts), or not set yet. */
export const formatProjectMoney = (cents: number | null) =>
  cents === null ? 'Not set' : formatMoney(cents, 'usd');

/** Project dates are calendar days (YYYY-MM-DD), shown without a time-zone shift. */
export const formatDay = (value: string | null) =>
  value ? day.format(new Date(`${value}T00:00:00Z`)) : 'Not set';

export const formatMoment = (value: string) => moment.format(new Date(value));

export const TERM_LABELS: Record<string, string> = { m: 'Monthly', y: 'Yearly' };

export const STATUS_VARIANTS: Record<string, string> = {
  'waiting for approval': 'secondary',
  approved: 'info',
  'in progress': 'primary',
  complete: 'success',
  finished: 'dark',
};
