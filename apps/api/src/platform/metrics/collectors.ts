import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { METRIC_PREFIX } from './registry.js';

/** A scrape never waits longer than this for the database; it reports what it has. */
export const COLLECT_TIMEOUT_MS = 2_000;

interface QueueRow {
  name: string;
  waiting: number | string;
  active: number | string;
  failed: number | string;
  oldest: number | string | null;
}

/**
 * Figures read when /metrics is scraped, not counted per job or query (decision 040): job queues
 * (one grouped query on pg-boss's live table) and the database pool. Each collector is bounded by
 * COLLECT_TIMEOUT_MS; one that fails or times out reports no series and `collector_up{…} 0`.
 */
export function createCollectors(
  registry: Registry,
  database: Pick<Database, 'kind' | 'pool' | 'jobExecutor'>,
  jobSchema: string,
  timeoutMs = COLLECT_TIMEOUT_MS,
): { refresh(): Promise<void> } {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [registry] });
  const up = gauge('metrics_collector_up', '1 when the collector answered within the scrape timeout.', [
    'collector',
  ]);
  const waiting = gauge('job_queue_waiting', 'Jobs waiting to run (created or retry), by queue.', ['queue']);
  const active = gauge('job_queue_active', 'Jobs running now, by queue.', ['queue']);
  const failed = gauge('job_queue_failed', 'Failed jobs kept (dead letters), by queue.', ['queue']);
  const oldest = gauge(
    'job_queue_oldest_waiting_seconds',
    'How long the oldest job that may start has waited, by queue (0 when none).',
    ['queue'],
  );
  const pool = gauge('db_pool_connections', 'Database connections by state (total, idle, waiting, max).', [
    'state',
  ]);
  // Enum order is created < retry < active < completed < cancelled < failed (pg-boss 10).
  const queueSql = `select q.name,
      count(j.id) filter (where j.state < 'active') as waiting,
      count(j.id) filter (where j.state = 'active') as active,
      count(j.id) filter (where j.state = 'failed') as failed,
      extract(epoch from now() - min(j.start_after) filter (where j.state < 'active' and j.start_after <= now()))::float8 as oldest
    from ${jobSchema}.queue q
    left join ${jobSchema}.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
    group by q.name`;

  async function queues(): Promise<void> {
    const { rows } = await database.jobExecutor.executeSql(queueSql);
    for (const gaugeOf of [waiting, active, failed, oldest]) gaugeOf.reset();
    for (const row of rows as unknown as QueueRow[]) {
      waiting.set({ queue: row.name }, Number(row.waiting));
      active.set({ queue: row.name }, Number(row.active));
      failed.set({ queue: row.name }, Number(row.failed));
      oldest.set({ queue: row.name }, Math.max(0, Number(row.oldest ?? 0)));
    }
  }

  function poolFigures(): void {
    if (database.pool) {
      const { totalCount, idleCount, waitingCount, options } = database.pool;
      pool.set({ state: 'total' }, totalCount);
      pool.set({ state: 'idle' }, idleCount);
      pool.set({ state: 'waiting' }, waitingCount);
      pool.set({ state: 'max' }, options.max ?? 10);
    } else {
      // PGlite: one in-process connection that queries take in turn; nothing waits on a network.
      pool.set({ state: 'total' }, 1);
      pool.set({ state: 'max' }, 1);
    }
  }

  async function bounded(name: string, reset: () => void, run: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const result = await Promise.race([run().then(() => 'ok' as const), timeout]);
      if (result === 'timeout') reset();
      up.set({ collector: name }, result === 'ok' ? 1 : 0);
    } catch {
      reset();
      up.set({ collector: name }, 0);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async refresh() {
      poolFigures();
      await bounded(
        'job_queue',
        () => {
          for (const gaugeOf of [waiting, active, failed, oldest]) gaugeOf.reset();
        },
        queues,
      );
    },
  };
}
