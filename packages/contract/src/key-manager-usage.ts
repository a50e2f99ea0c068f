import { z } from 'zod';
import { KEY_MANAGER_PUBLIC_OPERATIONS } from './key-manager.js';
import { USAGE_REPORT_LIMITS, usageReportFields } from './key-manager-devices.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Key Manager usage (decision 037): verification analytics per hour for 90 days, the public API's
 * request log for 30 days, and the owner's usage counts over the public REST interface. Every public
 * call is counted once, as its operation and its outcome: `ok` for a success, the validation code
 * for validate-key (VALID, EXPIRED, …), or the failure's error `code` (key_disabled, rate_limited, …).
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';

export const KEY_USAGE_PATHS = {
  /** Dashboard (bearer access token): the Analytics tab's figures for a period and filters. */
  analytics: `${DASHBOARD}/analytics`,
  /** Dashboard: the same figures as CSV (GET, query string as `analytics`'s body; `view` picks the table). */
  analyticsCsv: `${DASHBOARD}/analytics.csv`,
  /** Dashboard: the request log, newest first, paged by (time, id). */
  requestLog: `${DASHBOARD}/request-log`,
  /** Dashboard: the request log as CSV with the same filters, streamed. */
  requestLogCsv: `${DASHBOARD}/request-log.csv`,
  /** Dashboard: the owner's usage settings (weekly mail). */
  usageSettings: `${DASHBOARD}/usage-settings`,
  /** Public REST (secret API key only): usage counts per hour or day, for an owner's own dashboards. */
  usage: `${DASHBOARD}/usage`,
} as const;

export const USAGE_LIMITS = {
  /** Hourly figures are kept this long. */
  analyticsDays: 90,
  /** Request-log rows are kept this long... */
  requestLogDays: 30,
  /** ...and at most this many per owner (oldest dropped first); `KEY_REQUEST_LOG_MAX_PER_OWNER` overrides. */
  requestLogMaxPerOwner: 100_000,
  /** Optional fields an app reports with every public call (SDK configuration). */
  appVersionMax: USAGE_REPORT_LIMITS.appVersionMax,
  platformMax: USAGE_REPORT_LIMITS.platformMax,
  /** Top lists (keys, refusal reasons, platforms, versions) are this long at most. */
  topMax: 10,
} as const;

/**
 * Optional body fields of every public REST call: what the app is, for the analytics' breakdowns.
 * `platform` is also the device's platform on activate-key (deviceDetailFields), with the same bound.
 */
export { usageReportFields };

export const ZPublicOperation = z.enum(KEY_MANAGER_PUBLIC_OPERATIONS, 'Choose an operation from the list');

/** The figure families a chart shows; `refusals` are calls whose outcome is not a success. */
export const USAGE_SERIES = [
  'validations',
  'activations',
  'deactivations',
  'heartbeats',
  'checkouts',
  'information',
  'other',
  'refusals',
] as const;
export type UsageSeries = (typeof USAGE_SERIES)[number];

export const ANALYTICS_PERIODS = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24, '90d': 90 * 24 } as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;
export const ZAnalyticsPeriod = z.enum(
  Object.keys(ANALYTICS_PERIODS) as [AnalyticsPeriod, ...AnalyticsPeriod[]],
  'Choose a period from the list',
);

/** Filters shared by the Analytics tab, its CSV and the request log. */
export const analyticsFilterFields = {
  productId: z.uuid('Product is not a valid product ID').optional(),
  keyId: z.uuid('ID is not a valid key ID').optional(),
  apiKeyId: z.uuid('API key is not a valid API key ID').optional(),
};

export const ZAnalyticsQuery = z.strictObject({
  period: ZAnalyticsPeriod.default('7d'),
  ...analyticsFilterFields,
});
export type AnalyticsQuery = z.input<typeof ZAnalyticsQuery>;

/** One bucket of the chart: an hour for 24h and 7d, a day for 30d and 90d (UTC). */
export const ZUsagePoint = z.object({
  /** The bucket's start, ISO 8601 UTC. */
  at: z.string(),
  validations: z.number().int(),
  activations: z.number().int(),
  deactivations: z.number().int(),
  heartbeats: z.number().int(),
  checkouts: z.number().int(),
  information: z.number().int(),
  other: z.number().int(),
  refusals: z.number().int(),
});
export type UsagePoint = z.infer<typeof ZUsagePoint>;

/** A ranked row: a key (its masked key and name), a refusal code, a platform or an app version. */
export const ZUsageRank = z.object({
  /** The key's id, the outcome code, the platform or the app version; `null` for calls that sent none. */
  value: z.string().nullable(),
  /** What to show: a masked key and its name, a code's sentence, the platform as sent. */
  label: z.string(),
  calls: z.number().int(),
  refusals: z.number().int(),
});
export type UsageRank = z.infer<typeof ZUsageRank>;

export const ZAnalyticsResponse = z.object({
  status: z.literal('ok'),
  period: ZAnalyticsPeriod,
  bucket: z.enum(['hour', 'day']),
  from: z.string(),
  to: z.string(),
  series: z.array(ZUsagePoint),
  totals: ZUsagePoint.omit({ at: true }).extend({ calls: z.number().int(), uniqueDevices: z.number().int() }),
  topKeys: z.array(ZUsageRank),
  refusalReasons: z.array(ZUsageRank),
  platforms: z.array(ZUsageRank),
  appVersions: z.array(ZUsageRank),
  /** Figures are flushed every few seconds; the time of the newest figure included. */
  updatedAt: z.string(),
});
export type AnalyticsResponse = z.infer<typeof ZAnalyticsResponse>;

export const ANALYTICS_CSV_VIEWS = [
  'series',
  'top-keys',
  'refusal-reasons',
  'platforms',
  'app-versions',
] as const;
export const ZAnalyticsCsvQuery = ZAnalyticsQuery.extend({
  view: z.enum(ANALYTICS_CSV_VIEWS, 'Choose a view from the list').default('series'),
});
export type AnalyticsCsvQuery = z.input<typeof ZAnalyticsCsvQuery>;

// ---- Request log ----

export const REQUEST_OUTCOME_KINDS = ['success', 'refused'] as const;

export const ZRequestLogQuery = z.strictObject({
  ...zPageQuery,
  ...analyticsFilterFields,
  operation: ZPublicOperation.optional(),
  /** An outcome code (`ok`, a validation code or an error code). */
  outcome: z.string().trim().max(60).optional(),
  kind: z.enum(REQUEST_OUTCOME_KINDS, 'Choose success or refused').optional(),
  from: z.iso.datetime({ offset: true, message: 'From must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'To must be a date and time' }).optional(),
});
export type RequestLogQuery = z.input<typeof ZRequestLogQuery>;

export const ZRequestLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  operation: ZPublicOperation,
  /** The key as the dashboard masks it, and its id; null when the call named no key it could find. */
  keyId: z.string().nullable(),
  maskedKey: z.string().nullable(),
  apiKeyId: z.string(),
  /** The API key's prefix…last four, so the owner sees which build called. */
  apiKey: z.string(),
  productId: z.string().nullable(),
  outcome: z.string(),
  status: z.number().int(),
  latencyMs: z.number(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  country: z.string().nullable(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
});
export type RequestLogEntry = z.infer<typeof ZRequestLogEntry>;

export const ZRequestLogResponse = z.object({
  status: z.literal('ok'),
  entries: z.array(ZRequestLogEntry),
  nextCursor: zNextCursor,
});
export type RequestLogResponse = z.infer<typeof ZRequestLogResponse>;

// ---- Usage settings (weekly mail) ----

export const ZUsageSettings = z.strictObject({
  /** A weekly usage summary by mail, Mondays; off unless the owner opts in. */
  weeklyMail: z.boolean(),
});
export type UsageSettings = z.infer<typeof ZUsageSettings>;
export const ZUsageSettingsResponse = z.object({ status: z.literal('ok'), settings: ZUsageSettings });
export type UsageSettingsResponse = z.infer<typeof ZUsageSettingsResponse>;

// ---- Public usage API (secret API key) ----

export const ZUsageRequest = z.object({
  from: z.iso.datetime({ offset: true, message: 'From must be a date and time' }),
  to: z.iso.datetime({ offset: true, message: 'To must be a date and time' }).optional(),
  granularity: z.enum(['hour', 'day'], 'Granularity must be hour or day').default('day'),
  productId: analyticsFilterFields.productId,
  keyId: analyticsFilterFields.keyId,
});
export type UsageRequest = z.input<typeof ZUsageRequest>;
export const ZUsageResponse = z.object({
  status: z.literal('ok'),
  granularity: z.enum(['hour', 'day']),
  series: z.array(ZUsagePoint),
  totals: ZAnalyticsResponse.shape.totals,
});
export type UsageResponse = z.infer<typeof ZUsageResponse>;
