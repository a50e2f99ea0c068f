import { describe, expect, it } from 'vitest';
import { formatProjectMoney } from './project-format';

describe('project formatting', () => {
  it('formats cents as dollars', () => {
    expect(formatProjectMoney(123456)).toBe('$1,234.56');
    expect(formatProjectMoney(null)).toBe('Not set');
  });
});
