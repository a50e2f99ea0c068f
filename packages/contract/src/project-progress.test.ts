import { describe, expect, it } from 'vitest';
import { overallProgress } from './project-progress.js';

describe('overallProgress', () => {
  it('is the rounded mean of the three parts', () => {
    expect(overallProgress({ frontendProgress: 50, backendProgress: 50, databaseProgress: 50 })).toBe(50);
    expect(overallProgress({ frontendProgress: 40, backendProgress: 50, databaseProgress: 61 })).toBe(50);
    expect(overallProgress({ frontendProgress: 100, backendProgress: 100, databaseProgress: 0 })).toBe(67);
    expect(overallProgress({ frontendProgress: 0, backendProgress: 0, databaseProgress: 0 })).toBe(0);
  });

  it('cannot be computed while a part is unreported', () => {
    expect(overallProgress({ frontendProgress: 50, backendProgress: null, databaseProgress: 50 })).toBeNull();
    expect(overallProgress({ frontendProgress: 100, backendProgress: 0, databaseProgress: null })).toBeNull();
  });

  it('cannot be computed while a part is absent', () => {
    expect(overallProgress({ frontendProgress: 50, databaseProgress: 50 })).toBeNull();
    expect(overallProgress({})).toBeNull();
  });
});
