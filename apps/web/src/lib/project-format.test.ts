import { describe, expect, it } from 'vitest';
import { formatProjectMoney, overallProgress } from './project-format';

describe('project formatting', () => {
  it('averages the three parts and reports null when one is missing', () => {
    expect(overallProgress({ frontendProgress: 50, backendProgress: 50, databaseProgress: 50 })).toBe(50);
    expect(overallProgress({ frontendProgress: 40, backendProgress: 50, databaseProgress: 61 })).toBe(50);
    expect(overallProgress({ frontendProgress: 50, backendProgress: null, databaseProgress: 50 })).toBeNull();
  });

  it('formats cents as dollars', () => {
    expect(formatProjectMoney(123456)).toBe('$1,234.56');
    expect(formatProjectMoney(null)).toBe('Not set');
  });
});
