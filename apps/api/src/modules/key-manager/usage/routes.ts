import {
  KEY_USAGE_PATHS,
  ZAnalyticsCsvQuery,
  ZAnalyticsQuery,
  ZAnalyticsResponse,
  ZRequestLogQuery,
  ZRequestLogResponse,
  ZUsageSettings,
  ZUsageSettingsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import { analyticsCsv } from './analytics-csv.js';
import type { UsageReader } from './analytics-read.js';
import type { UsageRecorder } from './recorder.js';
import type { RequestLog } from './request-log.js';
import type { UsageSettingsStore } from './settings.js';

const tags = ['key-manager dashboard'];
const security = [{ accessToken: [] }];

export interface UsageRouteServices {
  recorder: UsageRecorder | null;
  reader: UsageReader;
  log: RequestLog;
  settings: UsageSettingsStore;
}

/**
 * The Analytics tab's routes (decision 037): figures, request log, their CSV, and the usage
 * settings. Bearer access token; a member reads with Key Manager read access, settings need write.
 * Before reading, this instance's pending figures are flushed, so the owner's own calls show at once.
 */
export const usageRoutes =
  (deps: AppDeps, services: UsageRouteServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { recorder, reader, log, settings } = services;
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string, description?: string) => ({ tags, security, summary, description });
    const flushed = async () => {
      await recorder?.flush();
    };
    const attachment = (name: string) =>
      `attachment; filename="${name}-${deps.clock.now().toISOString().slice(0, 10)}.csv"`;

    app.post(
      KEY_USAGE_PATHS.analytics,
      {
        preHandler: read,
        schema: {
          ...route(
            'Verification analytics for a period',
            'Calls per hour (24h, 7d) or day (30d, 90d), UTC, every bucket present; totals with unique devices; top keys, refusal reasons, platforms and app versions. Filters are the owner’s own product, key and API key.',
          ),
          body: ZAnalyticsQuery,
          response: { 200: ZAnalyticsResponse },
        },
      },
      async (request) => {
        await flushed();
        const { period, ...filters } = request.body;
        return reader.analytics(currentAccount(request).id, period, filters, deps.clock.now());
      },
    );

    app.get(
      KEY_USAGE_PATHS.analyticsCsv,
      {
        preHandler: read,
        schema: {
          ...route(
            'Verification analytics as CSV',
            'One view (`series`, `top-keys`, `refusal-reasons`, `platforms`, `app-versions`) as text/csv with a header row.',
          ),
          querystring: ZAnalyticsCsvQuery,
        },
      },
      async (request, reply) => {
        await flushed();
        const { view, period, ...filters } = request.query;
        const body = await analyticsCsv(
          reader,
          currentAccount(request).id,
          view,
          period,
          filters,
          deps.clock.now(),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', attachment(`analytics-${view}`))
          .send(body);
      },
    );

    app.post(
      KEY_USAGE_PATHS.requestLog,
      {
        preHandler: read,
        schema: {
          ...route('The public REST request log', 'Newest first, 30 days at most, paged by `cursor`.'),
          body: ZRequestLogQuery,
          response: { 200: ZRequestLogResponse },
        },
      },
      async (request) => {
        await flushed();
        return log.page(currentAccount(request).id, request.body);
      },
    );

    app.get(
      KEY_USAGE_PATHS.requestLogCsv,
      {
        preHandler: read,
        schema: {
          ...route(
            'The request log as CSV (streamed)',
            'The same filters as the request log; every matching row, newest first.',
          ),
          querystring: ZRequestLogQuery,
        },
      },
      async (request, reply) => {
        await flushed();
        return reply
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', attachment('request-log'))
          .send(log.csv(currentAccount(request).id, request.query));
      },
    );

    app.get(
      KEY_USAGE_PATHS.usageSettings,
      {
        preHandler: read,
        schema: { ...route('Usage settings (weekly mail)'), response: { 200: ZUsageSettingsResponse } },
      },
      async (request) => ({
        status: 'ok' as const,
        settings: await settings.get(currentAccount(request).id),
      }),
    );

    app.post(
      KEY_USAGE_PATHS.usageSettings,
      {
        preHandler: write,
        schema: {
          ...route('Change the usage settings', 'weeklyMail: a summary of last week’s usage, Mondays (UTC).'),
          body: ZUsageSettings,
          response: { 200: ZUsageSettingsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        settings: await settings.set(currentAccount(request).id, request.body),
      }),
    );
  };
