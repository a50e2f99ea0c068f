import { describe, expect, it } from 'vitest';
import { dateOfExpiry, describeLicenceDuration, expiryFromDate, formatExpiry } from './expiry-dates';

describe('expiry dates', () => {
  it('makes a picked date the last second of that UTC day, and empty none', () => {
    expect(expiryFromDate('2027-01-31')).toBe('2027-01-31T23:59:59Z');
    expect(expiryFromDate('')).toBeNull();
    expect(expiryFromDate('2027-02-30')).toBeUndefined();
    expect(expiryFromDate('31/01/2027')).toBeUndefined();
  });

  it('shows and edits the date that was picked', () => {
    const iso = '2027-01-31T23:59:59.000Z';
    expect(dateOfExpiry(iso)).toBe('2027-01-31');
    expect(formatExpiry(iso)).toBe('31 Jan 2027');
    expect(formatExpiry(null)).toBe('Never');
    expect(dateOfExpiry(null)).toBe('');
  });

  it('describes a duration', () => {
    expect(describeLicenceDuration({ count: 1, unit: 'year' })).toBe('1 year');
    expect(describeLicenceDuration({ count: 14, unit: 'day' })).toBe('14 days');
    expect(describeLicenceDuration(null)).toBe('Perpetual');
  });
});
