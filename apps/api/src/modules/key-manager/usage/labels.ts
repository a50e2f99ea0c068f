import {
  KEY_MANAGER_ERRORS,
  type KeyManagerPublicOperation,
  type UsageSeries,
  VALIDATION_CODES,
} from '@app/contract';
import { sql } from 'drizzle-orm';

/** The chart family of each public operation (decision 037); the rest are `other`. */
export const SERIES_OF: Partial<Record<KeyManagerPublicOperation, UsageSeries>> = {
  validateKey: 'validations',
  activateKey: 'activations',
  deactivateKey: 'deactivations',
  heartbeat: 'heartbeats',
  checkoutLicense: 'checkouts',
  getKeyInformation: 'information',
};

/** Outcomes that are a success; every other outcome (a validation code or an error code) is a refusal. */
export const SUCCESS_OUTCOMES = ['ok', 'VALID'] as const;
export const refusedSql = sql.raw(`outcome not in ('ok', 'VALID')`);
export const isRefusal = (outcome: string) => outcome !== 'ok' && outcome !== 'VALID';

const ERROR_SENTENCES = new Map<string, string>(
  Object.values(KEY_MANAGER_ERRORS).map((entry) => [entry.code, entry.message]),
);
const GENERIC: Record<string, string> = {
  invalid_input: 'The request was not valid.',
  unauthorized: 'The request was not authorised.',
  forbidden: 'The API key may not do this.',
  not_found: 'Not found.',
  conflict: 'The request conflicted with the key’s state.',
  payload_too_large: 'The request was too large.',
  internal_error: 'Something went wrong on our side.',
};

/** What a refusal reason reads as: the validation code's sentence or the error code's message. */
export function outcomeLabel(outcome: string): string {
  return (
    (VALIDATION_CODES as Record<string, string>)[outcome] ??
    ERROR_SENTENCES.get(outcome) ??
    GENERIC[outcome] ??
    outcome
  );
}
