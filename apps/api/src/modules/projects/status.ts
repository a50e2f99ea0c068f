import { PROJECT_STATUSES, type ProjectStatus, STATUS_TRANSITIONS } from '@app/contract';

/**
 * `status_number` (docs/product-contract.md §Entities): the 1-based position of the status in §States'
 * order.
 */
export function statusNumber(status: ProjectStatus): number {
  return PROJECT_STATUSES.indexOf(status) + 1;
}

export function canTransition(from: ProjectStatus, to: ProjectStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export interface Progress {
  frontEnd: number;
  backEnd: number;
  database: number;
}

/**
 * The status a progress report leads to: work starts ('in progress') with the first report on an
 * approved project, all three parts at 100 make it 'complete', and a complete project whose progress
 * drops is back 'in progress'. Returns null when the status stays as it is.
 */
export function statusAfterProgress(current: ProjectStatus, progress: Progress): ProjectStatus | null {
  const done = progress.frontEnd === 100 && progress.backEnd === 100 && progress.database === 100;
  if (current === 'approved') return done ? 'complete' : 'in progress';
  if (current === 'in progress' && done) return 'complete';
  if (current === 'complete' && !done) return 'in progress';
  return null;
}

/** Progress milestones (overall %) that notify the client once crossed. */
export const MILESTONES = [25, 50, 75, 100] as const;

export function crossedMilestones(before: number | null, after: number | null): number[] {
  if (after === null) return [];
  const from = before ?? -1;
  return MILESTONES.filter((milestone) => from < milestone && after >= milestone);
}
