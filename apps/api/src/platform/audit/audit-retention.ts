import { AUDIT_RETENTION_DAYS } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import type { Clock } from '../clock.js';
import type { JobQueue } from '../jobs/job-queue.js';

export const AUDIT_RETENTION_JOB = 'audit.retention';
/** Daily at 04:17. */
const SCHEDULE = '17 4 * * *';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per delete: each batch reads the oldest rows by the created_at index, so its cost is flat. */
export const AUDIT_RETENTION_BATCH = 5000;

/**
 * Deletes audit events older than `AUDIT_RETENTION_DAYS` (decision 037), oldest first, one batch per
 * statement until a batch comes back short: a long backlog never holds one long transaction.
 */
export async function deleteExpiredAuditEvents(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await rawRows<{ id: string }>(
      db,
      sql`delete from account_audit_events where id in (
            select id from account_audit_events where created_at < ${cutoff}::timestamptz
            order by created_at limit ${AUDIT_RETENTION_BATCH})
          returning id`,
    );
    deleted += rows.length;
    if (rows.length < AUDIT_RETENTION_BATCH) return deleted;
  }
}

export function defineAuditRetention(jobs: JobQueue, db: Db, clock: Clock, log: FastifyBaseLogger): void {
  jobs.define<Record<string, never>>({
    name: AUDIT_RETENTION_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: false,
    concurrency: 1,
    async handle() {
      const deleted = await deleteExpiredAuditEvents(db, clock.now());
      if (deleted > 0) log.info({ deleted }, 'old audit events deleted');
    },
  });
  jobs.schedule(AUDIT_RETENTION_JOB, SCHEDULE);
}
