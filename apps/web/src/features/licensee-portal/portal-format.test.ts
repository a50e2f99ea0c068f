import { KEY_STATUSES, PORTAL_STRINGS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { entitlementsText, statusWord } from './portal-format';

describe('entitlementsText', () => {
  it('writes each entitlement as name: value, or the strings\' "None"', () => {
    expect(entitlementsText({ seats: 5, pro: true, tier: 'gold' })).toBe('seats: 5, pro: true, tier: gold');
    expect(entitlementsText({})).toBe(PORTAL_STRINGS.noEntitlements);
  });
});

describe('statusWord', () => {
  it('has a word from the strings file for every key status', () => {
    const words = KEY_STATUSES.map(statusWord);
    expect(new Set(words).size).toBe(KEY_STATUSES.length);
    for (const word of words) expect(Object.values(PORTAL_STRINGS)).toContain(word);
    expect(statusWord('expired')).toBe(PORTAL_STRINGS.statusExpired);
  });
});
