import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { csSessions, refreshTokens } from '../../db/schema/index.js';

export const CLEANUP_JOB = 'maintenance.cleanup';
/** Hourly, at minute 37. */
const SCHEDULE = '37 * * * *';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** An upload still in `.tmp` after this long was cut off by a crash or a killed process. */
export const TEMP_UPLOAD_MAX_AGE_MS = 6 * HOUR_MS;
/** Expired refresh tokens are kept this long, so a late reuse is still recognised as reuse. */
export const REFRESH_TOKEN_KEEP_MS = 7 * DAY_MS;

export interface CleanupReport {
  refreshTokens: number;
  chatCodes: number;
  tempUploads: number;
}

/**
 * Clean-up on the job queue (docs/operations.md): expired sign-in sessions, expired customer-service
 * codes and orphaned upload temp files. Idempotent; any instance may run it.
 */
export function defineCleanup(deps: AppDeps): (now: Date) => Promise<CleanupReport> {
  const { db } = deps.database;
  const run = async (now: Date): Promise<CleanupReport> => {
    const expiredTokens = await db
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, new Date(now.getTime() - REFRESH_TOKEN_KEEP_MS)))
      .returning({ id: refreshTokens.id });
    const expiredCodes = await db
      .update(csSessions)
      .set({ codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
      .where(and(isNotNull(csSessions.codeExpiresAt), lt(csSessions.codeExpiresAt, now)))
      .returning({ id: csSessions.id });
    const tempUploads = await deps.storage.removeStaleTemp(new Date(now.getTime() - TEMP_UPLOAD_MAX_AGE_MS));
    const report = {
      refreshTokens: expiredTokens.length,
      chatCodes: expiredCodes.length,
      tempUploads,
    };
    deps.log.info({ cleanup: report }, 'clean-up done');
    return report;
  };
  deps.jobs.define<Record<string, never>>({
    name: CLEANUP_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: false,
    handle: async () => {
      await run(deps.clock.now());
    },
  });
  deps.jobs.schedule(CLEANUP_JOB, SCHEDULE);
  return run;
}
