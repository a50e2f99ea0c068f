import { describe, expect, it } from 'vitest';
import { zCardExpiry } from './card-expiry.js';

describe('zCardExpiry', () => {
  it.each([
    ['12/30', '12/30'],
    ['12 / 30', '12/30'],
    [' 12/30 ', '12/30'],
    ['1230', '12/30'],
    ['12/2030', '12/30'],
    ['122030', '12/30'],
    ['12-30', '12/30'],
    ['12 30', '12/30'],
    ['1/30', '01/30'],
    ['01/30', '01/30'],
  ])('reads "%s" as %s', (typed, expiry) => {
    expect(zCardExpiry.parse(typed)).toBe(expiry);
  });

  it.each(['13/30', '00/30', '12/3', '130', '12/1930', '12/30/1', 'ab/cd', '12//30'])(
    'refuses "%s" as not MM/YY',
    (typed) => {
      const result = zCardExpiry.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Expiry must be MM/YY');
    },
  );

  it('asks for an expiry left empty', () => {
    expect(zCardExpiry.safeParse('  ').error?.issues[0]?.message).toBe('Expiry is required');
  });
});
