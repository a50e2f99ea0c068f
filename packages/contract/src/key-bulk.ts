import { z } from 'zod';
import { zCustomerFields } from './key-licensing.js';
import { KEY_LIMITS } from './key-manager.js';
import { ZGetKeysRequest } from './key-manager-dashboard.js';

/**
 * Bulk licence keys (decision 032): issue many keys from a policy in one transaction, import keys from
 * CSV (a dry run reports each bad row by line, then the same call commits), export keys as CSV.
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';

export const KEY_BULK_PATHS = {
  /** POST: N keys from a policy; `format: 'csv'` answers text/csv instead of JSON. */
  issueKeys: `${DASHBOARD}/issue-keys`,
  /** POST: CSV text in the body's `csv` field; `dryRun` checks without writing. */
  importKeys: `${DASHBOARD}/import-keys`,
  /** GET: the owner's keys as CSV (streamed), filtered like get-keys. */
  exportKeys: `${DASHBOARD}/export-keys`,
} as const;

export const BULK_LIMITS = {
  issueMax: 10_000,
  /** An import's CSV text: about 10,000 rows of typical width. */
  importBytes: 4 * 1024 * 1024,
  importRowsMax: 10_000,
  /** A dry run reports at most this many bad rows (the count says how many there were). */
  reportedErrorsMax: 200,
} as const;

/** The columns of an import (any order, header row required; only `key` or `max_activations` may be needed). */
export const IMPORT_COLUMNS = [
  'key',
  'name',
  'note',
  'product',
  'max_activations',
  'is_active',
  'expires_at',
  'customer_name',
  'customer_email',
  'customer_ref',
] as const;
/** The columns of an export, in this order. */
export const EXPORT_COLUMNS = [
  'id',
  'key',
  'name',
  'product',
  'policy',
  'status',
  'is_active',
  'suspended',
  'trial',
  'max_activations',
  'current_activations',
  'expires_at',
  'customer_name',
  'customer_email',
  'customer_ref',
  'created_at',
] as const;

export const ZIssueKeysRequest = z.strictObject({
  policyId: z.uuid('Policy is not a valid policy ID'),
  count: z
    .number('Count must be a number')
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(BULK_LIMITS.issueMax, `Count must be at most ${BULK_LIMITS.issueMax.toLocaleString('en-US')}`),
  name: z.string().trim().max(KEY_LIMITS.nameMax).optional(),
  ...zCustomerFields,
  format: z.enum(['json', 'csv']).default('json'),
});
export type IssueKeysRequest = z.input<typeof ZIssueKeysRequest>;
export const ZIssueKeysResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  count: z.number().int(),
  keys: z.array(z.object({ id: z.string(), key: z.string() })),
});
export type IssueKeysResponse = z.infer<typeof ZIssueKeysResponse>;
export const keysIssuedMessage = (count: number) =>
  `${count.toLocaleString('en-US')} key${count === 1 ? '' : 's'} issued`;

export const ZImportKeysRequest = z.strictObject({
  csv: z
    .string('CSV is required')
    .min(1, 'CSV is required')
    .max(BULK_LIMITS.importBytes, 'CSV must be at most 4 MB'),
  /** Keys whose row names no product go to this one (else the default product). */
  productId: z.uuid('Product is not a valid product ID').optional(),
  dryRun: z.boolean().default(true),
});
export type ImportKeysRequest = z.input<typeof ZImportKeysRequest>;
export const ZImportRowError = z.object({
  /** 1-based line of the CSV text (the header is line 1). */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ZImportRowError>;
export const ZImportKeysResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  dryRun: z.boolean(),
  /** Data rows read. */
  rows: z.number().int(),
  /** Rows written (0 on a dry run or when any row is bad: an import is all or nothing). */
  imported: z.number().int(),
  /** How many rows are bad; `errors` lists the first ones. */
  errorCount: z.number().int(),
  errors: z.array(ZImportRowError),
});
export type ImportKeysResponse = z.infer<typeof ZImportKeysResponse>;

const zQueryBoolean = (label: string) =>
  z.enum(['true', 'false'], `${label} must be true or false`).transform((text) => text === 'true');

/** get-keys' filters, as a query string (the export is a GET a browser downloads), plus a status. */
export const ZExportKeysQuery = z.strictObject({
  product_id: z.uuid('Product is not a valid product ID').optional(),
  customer: z.string().trim().min(1).max(254).optional(),
  status: z.enum(['active', 'trial', 'expired', 'suspended', 'disabled']).optional(),
  is_active: zQueryBoolean('Active').optional(),
  at_limit: zQueryBoolean('At limit').optional(),
  search: ZGetKeysRequest.shape.search,
});
export type ExportKeysQuery = z.input<typeof ZExportKeysQuery>;

// ---- Progress of issue and import (NDJSON, on request) ----

/**
 * Sent as `Accept` to issue-keys or import-keys, it asks for the reply as newline-delimited JSON:
 * progress lines while the call works, then one `done` line with the HTTP status and body the plain
 * call would have answered. The work and its one transaction are the same; only the reply differs.
 */
export const BULK_PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/** `checking`: an import's rows checked against existing keys; `writing`: keys written (committed at the end). */
export const BULK_PHASES = ['checking', 'writing'] as const;
export type BulkPhase = (typeof BULK_PHASES)[number];

export const ZBulkProgressLine = z.object({
  type: z.literal('progress'),
  phase: z.enum(BULK_PHASES),
  done: z.number().int(),
  total: z.number().int(),
});
export type BulkProgressLine = z.infer<typeof ZBulkProgressLine>;

/** The last line: what the call without progress would have answered (its status and its body). */
export const ZBulkDoneLine = z.object({
  type: z.literal('done'),
  httpStatus: z.number().int(),
  body: z.unknown(),
});
export type BulkDoneLine = z.infer<typeof ZBulkDoneLine>;

export const ZBulkLine = z.discriminatedUnion('type', [ZBulkProgressLine, ZBulkDoneLine]);
export type BulkLine = z.infer<typeof ZBulkLine>;
