import { describe, expect, it } from 'vitest';
import { progressPercent } from './api-upload';

describe('progressPercent', () => {
  it('reports percent with two decimals, clamped to 0–100', () => {
    expect(progressPercent(1, 3)).toBe(33.33);
    expect(progressPercent(2, 3)).toBe(66.67);
    expect(progressPercent(5, 5)).toBe(100);
    expect(progressPercent(6, 5)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
});
