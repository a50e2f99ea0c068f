import type { Property } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

const house = {
  address: '12 Elm Street',
  country: 'United States',
  state: 'California',
  status: 'Open House',
  description: 'Sunny',
  zoning: null,
  agent: { id: 'a', name: 'Ann Agent' },
  price: 45000,
} as Property;

describe('matchesSearch', () => {
  it('matches every word in any order, ignoring case', () => {
    expect(matchesSearch(house, '')).toBe(true);
    expect(matchesSearch(house, 'elm CALIFORNIA')).toBe(true);
    expect(matchesSearch(house, 'open house ann')).toBe(true);
    expect(matchesSearch(house, '45000')).toBe(true);
  });
  it('refuses when a word is missing', () => {
    expect(matchesSearch(house, 'elm texas')).toBe(false);
  });
});
