import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { placeOfRequest } from '../../accounts/index.js';
import { UsageReader } from './analytics-read.js';
import { UsageRecorder } from './recorder.js';
import { RequestLog } from './request-log.js';
import { defineUsageRetention, UsageRetention } from './retention.js';
import { usageRoutes } from './routes.js';
import { UsageSettingsStore } from './settings.js';
import { defineWeeklyUsageMail } from './weekly-mail.js';

export interface KeyUsage {
  /** Null when KEY_ANALYTICS=off: nothing is counted and the guard marks nothing. */
  recorder: UsageRecorder | null;
  reader: UsageReader;
  routes: FastifyPluginAsyncZod;
  /** Writes what is still counted (graceful shutdown). */
  stop(): Promise<void>;
}

/**
 * Verification analytics, the request log and the weekly usage mail (decision 037): the recorder the
 * public plugin counts into, the dashboard routes, and the retention and mail jobs (defined here,
 * before the job queue starts).
 */
export function createKeyUsage(deps: AppDeps): KeyUsage {
  const db = deps.database.db;
  const trustProxy = deps.config.TRUST_PROXY;
  const recorder =
    deps.config.KEY_ANALYTICS === 'off'
      ? null
      : new UsageRecorder(db, deps.clock, deps.log, {
          intervalMs: deps.config.KEY_USAGE_FLUSH_MS,
          countryOf: trustProxy ? (request) => placeOfRequest(request, true) : () => null,
          observe: deps.metrics.registry
            ? (operation, outcome) => deps.metrics.keyCall(operation, outcome)
            : undefined,
        });
  recorder?.start();
  const reader = new UsageReader(db);
  const settings = new UsageSettingsStore(db);
  defineUsageRetention(
    deps.jobs,
    new UsageRetention(db, deps.clock, deps.config.KEY_REQUEST_LOG_MAX_PER_OWNER),
    deps.log,
  );
  defineWeeklyUsageMail(deps, reader);
  return {
    recorder,
    reader,
    routes: usageRoutes(deps, { recorder, reader, log: new RequestLog(db), settings }),
    stop: async () => {
      await recorder?.stop();
    },
  };
}
