import { describe, expect, it } from 'vitest';
import { canTransition, crossedMilestones, statusAfterProgress, statusNumber } from './status.js';

describe('project status rules', () => {
  it('numbers statuses in spec order', () => {
    expect(statusNumber('waiting for approval')).toBe(1);
    expect(statusNumber('finished')).toBe(5);
  });

  it('allows only the documented transitions', () => {
    expect(canTransition('waiting for approval', 'approved')).toBe(true);
    expect(canTransition('waiting for approval', 'in progress')).toBe(false);
    expect(canTransition('complete', 'finished')).toBe(true);
    expect(canTransition('in progress', 'finished')).toBe(false);
    expect(canTransition('finished', 'in progress')).toBe(false);
  });

  it('derives the status from progress reports', () => {
    expect(statusAfterProgress('approved', { frontEnd: 10, backEnd: 0, database: 0 })).toBe('in progress');
    expect(statusAfterProgress('in progress', { frontEnd: 100, backEnd: 100, database: 100 })).toBe(
      'complete',
    );
    expect(statusAfterProgress('complete', { frontEnd: 90, backEnd: 100, database: 100 })).toBe(
      'in progress',
    );
    expect(statusAfterProgress('in progress', { frontEnd: 90, backEnd: 100, database: 100 })).toBeNull();
  });

  it('reports each milestone once, when crossed', () => {
    expect(crossedMilestones(null, 50)).toEqual([25, 50]);
    expect(crossedMilestones(50, 60)).toEqual([]);
    expect(crossedMilestones(60, 100)).toEqual([75, 100]);
  });
});
