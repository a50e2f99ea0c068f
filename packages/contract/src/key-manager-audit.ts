import { z } from 'zod';
import { zPageQuery } from './pagination.js';
import { AUDIT_ACTIONS, ZAuditResponse } from './teams.js';

/**
 * The Key Manager's audit log (decision 037): every dashboard and licensee-portal action, who did it
 * and the changed fields before → after, newest first, kept for a year. One trail with the account's
 * (decision 033): the same events, read for the areas `key-manager` and `portal`.
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';

export const KEY_AUDIT_PATHS = {
  /** Dashboard (bearer access token): a page of the log, filters in the body. */
  auditLog: `${DASHBOARD}/audit-log`,
  /** Dashboard: the same filters as CSV (GET, query string), newest first, at most `AUDIT_CSV_MAX` rows. */
  auditLogCsv: `${DASHBOARD}/audit-log.csv`,
} as const;

/** Audit events are deleted after this many days (a daily job, in batches). */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_CSV_MAX = 10_000;

export const ZKeyAuditQuery = z.strictObject({
  ...zPageQuery,
  action: z.enum(AUDIT_ACTIONS, 'Choose an action from the list').optional(),
  /** Words in the actor's name or the target (case-insensitive substring). */
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type KeyAuditQuery = z.input<typeof ZKeyAuditQuery>;
export const ZKeyAuditResponse = ZAuditResponse;
export type KeyAuditResponse = z.infer<typeof ZKeyAuditResponse>;
