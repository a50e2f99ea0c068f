import { USAGE_LIMITS } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';

export const USAGE_RETENTION_JOB = 'key-manager.usage-retention';
/** Hourly, at a quiet minute. */
const SCHEDULE = '23 * * * *';
/** Rows deleted per statement: each batch is short, whatever has piled up. */
const BATCH = 5000;
const DAY_MS = 86_400_000;

/**
 * Keeps the usage tables bounded (decision 037): hourly figures and devices 90 days, request-log rows
 * 30 days and at most `maxPerOwner` per owner, oldest first. Every delete walks an index from its
 * oldest end in batches, so a run costs what it removes. The per-owner cap reads the row count the
 * flush keeps in key_usage_owners, never count(*).
 */
export class UsageRetention {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxPerOwner: number,
  ) {}

  async run(): Promise<{ figures: number; logRows: number }> {
    const now = this.clock.now().getTime();
    const analyticsCutoff = new Date(now - USAGE_LIMITS.analyticsDays * DAY_MS);
    const logCutoff = new Date(now - USAGE_LIMITS.requestLogDays * DAY_MS);
    const figures =
      (await this.drain(
        sql`delete from key_usage_hourly where ctid = any(array(
              select ctid from key_usage_hourly where hour < ${analyticsCutoff.toISOString()}::timestamptz limit ${BATCH}))
            returning 1`,
      )) +
      (await this.drain(
        sql`delete from key_usage_devices where ctid = any(array(
              select ctid from key_usage_devices where day < ${analyticsCutoff.toISOString().slice(0, 10)}::date limit ${BATCH}))
            returning 1`,
      ));
    let logRows = 0;
    for (;;) {
      const gone = await this.deleteLog(
        sql`select id from key_request_log where at < ${logCutoff.toISOString()}::timestamptz order by at limit ${BATCH}`,
      );
      logRows += gone;
      if (gone < BATCH) break;
    }
    logRows += await this.trimToCap();
    return { figures, logRows };
  }

  /** Owners over the cap lose their oldest rows (by time, then id) down to it. */
  private async trimToCap(): Promise<number> {
    const over = await rawRows<{ owner_id: string; rows: number }>(
      this.db,
      sql`select owner_id, request_log_rows as rows from key_usage_owners where request_log_rows > ${this.maxPerOwner}`,
    );
    let total = 0;
    for (const owner of over) {
      let excess = Number(owner.rows) - this.maxPerOwner;
      while (excess > 0) {
        const take = Math.min(excess, BATCH);
        const gone = await this.deleteLog(
          sql`select id from key_request_log where owner_id = ${owner.owner_id}::uuid order by at, id limit ${take}`,
        );
        total += gone;
        excess -= take;
        // Fewer rows than counted (a count that drifted): the count is set to what is there.
        if (gone < take) {
          await this.db.execute(sql`
            update key_usage_owners set request_log_rows = (select count(*) from key_request_log where owner_id = ${owner.owner_id}::uuid)
            where owner_id = ${owner.owner_id}::uuid`);
          break;
        }
      }
    }
    return total;
  }

  /** Deletes the chosen log rows and lowers their owners' counts in the same statement. */
  private async deleteLog(chosen: SQL): Promise<number> {
    const rows = await rawRows<{ n: string }>(
      this.db,
      sql`with gone as (delete from key_request_log where id in (${chosen}) returning owner_id),
               per_owner as (select owner_id, count(*)::int as n from gone group by owner_id),
               counted as (update key_usage_owners o set request_log_rows = greatest(0, o.request_log_rows - p.n)
                           from per_owner p where o.owner_id = p.owner_id returning 1)
          select coalesce(sum(n), 0)::bigint as n from per_owner`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Runs a batched `delete … returning 1` until a batch is short. */
  private async drain(deletion: SQL): Promise<number> {
    let total = 0;
    for (;;) {
      const [row] = await rawRows<{ n: string }>(
        this.db,
        sql`with gone as (${deletion}) select count(*)::bigint as n from gone`,
      );
      const gone = Number(row?.n ?? 0);
      total += gone;
      if (gone < BATCH) return total;
    }
  }
}

export function defineUsageRetention(
  jobs: JobQueue,
  retention: UsageRetention,
  log: FastifyBaseLogger,
): void {
  jobs.define<Record<string, never>>({
    name: USAGE_RETENTION_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: true,
    concurrency: 1,
    async handle() {
      const removed = await retention.run();
      if (removed.figures + removed.logRows > 0) log.info(removed, 'key usage retention');
    },
  });
  jobs.schedule(USAGE_RETENTION_JOB, SCHEDULE);
}
