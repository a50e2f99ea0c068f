import type { JobQueueSummary, JobState, JobView } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp } from '../../db/keyset.js';
import { rowsOfResult } from '../../db/raw-rows.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
  cursor_at: string;
}

/**
 * What the admin's Jobs view reads and does, over pg-boss's live table. Finished jobs are archived
 * by pg-boss after a day, failed ones kept for JOBS_KEEP_FAILED_DAYS, so the table stays small.
 */
export class JobAdmin {
  private readonly jobTable;
  private readonly jobState;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
  ) {
    this.jobTable = sql.raw(`${jobs.schema}.job`);
    this.jobState = sql.raw(`${jobs.schema}.job_state`);
  }

  async summary(): Promise<JobQueueSummary[]> {
    const result = await this.db.execute(sql`
      select name, state, count(*)::int as count from ${this.jobTable} group by name, state`);
    const byQueue = new Map<string, JobQueueSummary>();
    const blank = (queue: string): JobQueueSummary => ({
      queue,
      created: 0,
      retry: 0,
      active: 0,
      completed: 0,
      failed: 0,
    });
    for (const queue of this.jobs.queueNames()) byQueue.set(queue, blank(queue));
    for (const row of rowsOfResult<{ name: string; state: JobState; count: number }>(result)) {
      const entry = byQueue.get(row.name) ?? blank(row.name);
      if (row.state !== 'cancelled') entry[row.state] += row.count;
      byQueue.set(row.name, entry);
    }
    return [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue));
  }

  async list(query: {
    state?: JobState;
    queue?: string;
    cursor?: string;
    limit: number;
  }): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const result = await this.db.execute(sql`
      select id, name, state, data, output, retry_count, retry_limit, created_on, start_after, completed_on,
        ${exactTimestamp(sql.raw('created_on'))} as cursor_at
      from ${this.jobTable}
      where true
        ${query.state ? sql`and state = ${query.state}::${this.jobState}` : sql``}
        ${query.queue ? sql`and name = ${query.queue}` : sql``}
        ${after ? sql`and (created_on, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by created_on desc, id desc
      limit ${query.limit + 1}`);
    const page = pageOf(rowsOfResult<JobRow>(result), query.limit, (row) => [row.cursor_at, row.id]);
    return { jobs: page.items.map(toView), nextCursor: page.nextCursor };
  }

  /** A failed job runs again (one more try); a job waiting for its next try runs now. */
  async retryNow(id: string): Promise<void> {
    const result = await this.db.execute(
      sql`select name, state from ${this.jobTable} where id = ${id}::uuid`,
    );
    const [job] = rowsOfResult<{ name: string; state: JobState }>(result);
    if (!job) throw notFound('That job no longer exists; it may have been archived');
    if (job.state === 'failed') {
      await this.jobs.boss.retry(job.name, id);
      await this.db.execute(
        sql`update ${this.jobTable} set start_after = now() where id = ${id}::uuid and name = ${job.name}`,
      );
      return;
    }
    if (job.state === 'retry' || job.state === 'created') {
      await this.db.execute(
        sql`update ${this.jobTable} set start_after = now() where id = ${id}::uuid and name = ${job.name} and state in ('retry', 'created')`,
      );
      return;
    }
    throw conflict(`That job is ${job.state}; only waiting or failed jobs can be retried`);
  }
}

function toView(row: JobRow): JobView {
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    data: JSON.stringify(row.data ?? {}),
    error: errorOf(row.output),
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdAt: toDate(row.created_on).toISOString(),
    startAfter: toDate(row.start_after).toISOString(),
    completedAt: row.completed_on ? toDate(row.completed_on).toISOString() : null,
  };
}

/** pg-boss stores a failure as the serialised error in `output`. */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return null;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
