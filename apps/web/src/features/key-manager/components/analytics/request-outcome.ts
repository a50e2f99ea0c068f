import type { RequestLogEntry } from '@app/contract';

/**
 * A call's outcome is a success when it is `ok` or validate-key's VALID (decision 037); every other
 * outcome (a validation code, an error code) is a refusal, as the log's `kind` filter counts them.
 */
export function isRefused(entry: Pick<RequestLogEntry, 'outcome'>): boolean {
  return entry.outcome !== 'ok' && entry.outcome !== 'VALID';
}
