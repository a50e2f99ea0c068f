import { describe, expect, it } from 'vitest';
import type { ColumnSample } from './column-sample.js';
import { rareWordsOf, searchWords, shareContaining } from './search-words.js';

/** A histogram-only sample of `Customer <n>` names, as ANALYZE keeps for unique values. */
const names: ColumnSample = {
  nullShare: 0,
  common: [],
  histogram: Array.from({ length: 101 }, (_, i) => `Customer ${1000 + i * 9871}`),
};

describe('searchWords', () => {
  it('splits as pg_trgm does, lower-cases, drops words under 3 characters and repeats', () => {
    expect(searchWords('Grace.Hopper.12@Example.com')).toEqual(['grace', 'hopper', 'example', 'com']);
    expect(searchWords('Customer 42 customer')).toEqual(['customer']);
    expect(searchWords('Zoë Ödön')).toEqual(['zoë', 'ödön']);
    expect(searchWords('%_\\')).toEqual([]);
  });
});

describe('shareContaining', () => {
  it('adds the common values that contain the text to the histogram hit rate of the rest', () => {
    const sample: ColumnSample = {
      nullShare: 0.1,
      common: [
        { value: 'Alpha', share: 0.3 },
        { value: 'Beta', share: 0.2 },
      ],
      histogram: ['alphabet', 'gamma', 'delta', 'epsilon'],
    };
    // 0.3 (Alpha) + (1 − 0.1 − 0.5) × 1/4 (alphabet)
    expect(shareContaining(sample, 'ALPHA')).toBeCloseTo(0.4);
    expect(shareContaining(sample, 'eta')).toBeCloseTo(0.2);
    expect(shareContaining(sample, 'zzz')).toBe(0);
    expect(shareContaining({ nullShare: 0, common: [], histogram: [] }, 'a')).toBe(0);
  });
});

describe('rareWordsOf', () => {
  it('asks the index for the uncommon words of a rare term with a common word', () => {
    expect(rareWordsOf('Customer 4242', names)).toEqual(['4242']);
    expect(rareWordsOf('tomer 4242 zz7q', names)).toEqual(['4242', 'zz7q']);
  });

  it('leaves the whole term when no word is common, every word is, the term itself is common, or there is no sample', () => {
    expect(rareWordsOf('4242', names)).toBeNull();
    expect(rareWordsOf('4242 7777', names)).toBeNull();
    expect(rareWordsOf('customer', names)).toBeNull();
    expect(rareWordsOf('Customer 42', names)).toBeNull();
    // In 2 % of the sample or more: the planner sees it as common and walks the newest-first index.
    expect(rareWordsOf('Customer 10', names)).toBeNull();
    // One sampled value is not enough (the histogram always holds the smallest and largest values).
    expect(rareWordsOf(`Customer ${1000 + 100 * 9871}`, names)).toEqual([String(1000 + 100 * 9871)]);
    expect(rareWordsOf('Customer 4242', null)).toBeNull();
  });
});
