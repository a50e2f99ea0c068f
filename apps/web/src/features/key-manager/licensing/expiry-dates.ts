import type { Duration } from '@app/contract';

/**
 * Expiry dates as people pick them. A key "expires on 31 Jan 2027" works through that whole day, so a
 * picked date is stored as its last second in UTC, and expiries are shown as UTC dates: the date shown
 * is the date picked, wherever the owner is.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2027-01-31` → `2027-01-31T23:59:59Z`; empty → null (never expires); anything else → undefined. */
export function expiryFromDate(date: string): string | null | undefined {
  const text = date.trim();
  if (text === '') return null;
  if (!DATE.test(text)) return undefined;
  const moment = new Date(`${text}T23:59:59Z`);
  if (Number.isNaN(moment.getTime()) || moment.toISOString().slice(0, 10) !== text) return undefined;
  return `${text}T23:59:59Z`;
}

/** The date input's value for an expiry (`2027-01-31`), empty for none. */
export function dateOfExpiry(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 10) : '';
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "31 Jan 2027" (UTC), or "Never" for a key without an expiry. */
export function formatExpiry(iso: string | null): string {
  return iso ? DATE_FORMAT.format(new Date(iso)) : 'Never';
}

/** "1 year", "14 days", or "Perpetual" for a policy without a duration. */
export function describeLicenceDuration(duration: Duration | null): string {
  if (!duration) return 'Perpetual';
  return `${duration.count} ${duration.unit}${duration.count === 1 ? '' : 's'}`;
}
