import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'garage')).toBe('1 garage');
    expect(plural(2, 'garage')).toBe('2 garages');
    expect(plural(0, 'garage')).toBe('0 garages');
    expect(plural(1, 'property', 'properties')).toBe('1 property');
    expect(plural(3, 'property', 'properties')).toBe('3 properties');
  });
});
