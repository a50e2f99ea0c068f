import {
  type AnalyticsCsvQuery,
  type AnalyticsQuery,
  KEY_USAGE_PATHS,
  type RequestLogQuery,
  type UsageSettings,
  ZAnalyticsResponse,
  ZRequestLogResponse,
  ZUsageSettingsResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

/** Under the feature's key, so a Key Manager change (a key disabled, a product renamed) refreshes them. */
const USAGE = ['key-manager', 'usage'] as const;
const SETTINGS = [...USAGE, 'settings'] as const;

/**
 * The figures are flushed every few seconds (decision 037): a view on screen asks again this often,
 * so calls show within seconds without a poll per second on an aggregate query.
 */
export const ANALYTICS_POLL_MS = 5000;
export const REQUEST_LOG_PAGE_SIZE = 50;

/** Only the filters that have a value: the server's zod rejects an empty string as an ID. */
function definedOnly<T extends Record<string, unknown>>(query: T): T {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/** The Analytics tab's (and the key page's) figures for a period and filters. */
export function useAnalytics(query: AnalyticsQuery) {
  const body = definedOnly(query);
  return useQuery({
    queryKey: [...USAGE, 'analytics', body],
    queryFn: ({ signal }) =>
      apiRequest(KEY_USAGE_PATHS.analytics, { body, schema: ZAnalyticsResponse, signal }),
    // A new filter keeps the old figures on screen (dimmed) until the new ones arrive: nothing jumps.
    placeholderData: keepPreviousData,
    refetchInterval: ANALYTICS_POLL_MS,
  });
}

/** The CSV of one of the Analytics views, with the filters on screen. */
export function analyticsCsvPath(query: AnalyticsCsvQuery): string {
  return withQuery(KEY_USAGE_PATHS.analyticsCsv, {
    view: query.view,
    period: query.period,
    productId: query.productId,
    keyId: query.keyId,
    apiKeyId: query.apiKeyId,
  });
}

/** One page of the request log, newest first (server cursor). */
export function useRequestLog(query: RequestLogQuery) {
  const body = definedOnly({ ...query, limit: REQUEST_LOG_PAGE_SIZE });
  return useQuery({
    queryKey: [...USAGE, 'request-log', body],
    queryFn: ({ signal }) =>
      apiRequest(KEY_USAGE_PATHS.requestLog, { body, schema: ZRequestLogResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ANALYTICS_POLL_MS,
    gcTime: 10_000,
  });
}

/** The request log as CSV with the same filters (every page, streamed by the server). */
export function requestLogCsvPath(query: Omit<RequestLogQuery, 'cursor' | 'limit'>): string {
  return withQuery(KEY_USAGE_PATHS.requestLogCsv, {
    productId: query.productId,
    keyId: query.keyId,
    apiKeyId: query.apiKeyId,
    operation: query.operation,
    outcome: query.outcome,
    kind: query.kind,
    from: query.from,
    to: query.to,
  });
}

export function useUsageSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: ({ signal }) =>
      apiRequest(KEY_USAGE_PATHS.usageSettings, { schema: ZUsageSettingsResponse, signal }),
    select: (reply) => reply.settings,
  });
}

export function useSaveUsageSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: UsageSettings) =>
      apiRequest(KEY_USAGE_PATHS.usageSettings, { body: settings, schema: ZUsageSettingsResponse }),
    onSuccess: (reply) => client.setQueryData(SETTINGS, reply),
    onSettled: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}
