import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DbOrTransaction } from '../../db/client.js';
import type { SqlExecutor } from '../../db/sql-executor.js';
import { drizzleExecutor } from './sql-executors.js';

export const JOB_SCHEMA = 'pgboss';

/** One kind of background work: its queue, its retry policy and its handler. */
export interface JobDefinition<T extends object> {
  /** Queue name, e.g. `mail.deliver`. */
  name: string;
  /** Tries after the first; after the last one the job stays `failed` (the dead letter). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Exponential backoff with jitter (pg-boss: delay × 2^n). */
  retryBackoff: boolean;
  /** A run longer than this counts as failed (and is retried). */
  expireInSeconds?: number;
  /** Parallel runs of this queue on one instance. */
  concurrency?: number;
  /**
   * `short`: at most one job per singleton key waits to start; sending another while one waits adds
   * nothing (a debounce: the waiting job does the work of both). Default `standard`.
   */
  policy?: 'standard' | 'short';
  handle(job: RunningJob<T>): Promise<void>;
}

export interface RunningJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
  /** True on the last try: the handler may record a permanent failure before it throws. */
  isLastAttempt: boolean;
  /**
   * This run does not count as a try: the job waits `delayMs` (by the database's clock, like every
   * pg-boss time), behind the jobs already waiting, with its tries unchanged. The handler returns
   * right after. (A copy with a new id replaces the job in one statement, so nothing is lost on a
   * crash and pg-boss's completion of this run, which follows, cannot touch the copy.)
   */
  postpone(delayMs: number): Promise<void>;
}

export interface EnqueueOptions {
  /** A Drizzle transaction: the job commits with the caller's data, or not at all. */
  db?: DbOrTransaction;
  startAfter?: Date;
  /** Starts this many seconds after the database's now() (not the app clock, which tests move). */
  delaySeconds?: number;
  /** At most one queued job with this key (pg-boss singleton). */
  singletonKey?: string;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** False on instances that only serve requests; jobs are then run by the others. */
  runWorkers: boolean;
  /** False: scheduled jobs are not sent at their times (tests send them on demand). */
  runSchedules: boolean;
  /** Failed jobs (dead letters) stay visible this long. */
  keepFailedDays: number;
  /** The queue's PostgreSQL schema (default `pgboss`); each test server on a shared database has its own. */
  schema?: string;
}

interface Schedule {
  name: string;
  cron: string;
}

/**
 * The one job queue (docs/decisions/013): pg-boss on the application's own database, PGlite or
 * PostgreSQL. Features define their jobs before start; requests enqueue in their own transaction.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly schedules: Schedule[] = [];
  private started = false;
  /** The PostgreSQL schema of the queue's tables. */
  readonly schema: string;

  constructor(private readonly options: JobQueueOptions) {
    this.schema = options.schema ?? JOB_SCHEMA;
    const keepFailedSeconds = options.keepFailedDays * 24 * 3600;
    this.boss = new PgBoss({
      db: options.executor as PgBoss.Db,
      schema: this.schema,
      // Completed jobs leave the live table after a day; failed ones stay for the admin.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: keepFailedSeconds,
      deleteAfterDays: options.keepFailedDays,
      maintenanceIntervalSeconds: 300,
    });
    this.boss.on('error', (error) => options.log.warn({ err: error }, 'job queue error'));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the queue started`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  /** Runs `name` on a cron schedule (minute granularity; one instance sends each tick). */
  schedule(name: string, cron: string): void {
    this.schedules.push({ name, cron });
  }

  get isStarted(): boolean {
    return this.started;
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      const policy = {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        policy: definition.policy ?? 'standard',
      };
      await this.ensureQueue(definition.name, policy);
    }
    for (const { name, cron } of this.schedules) {
      if (this.options.runSchedules) await this.boss.schedule(name, cron);
    }
    if (this.options.runWorkers) {
      for (const definition of this.definitions.values()) {
        for (let i = 0; i < (definition.concurrency ?? 1); i++) await this.work(definition);
      }
    }
    this.started = true;
  }

  /**
   * Creates or updates one queue. Instances starting together on PostgreSQL race to create the
   * same queue (pg-boss adds a partition: DDL), and PostgreSQL may end the race with a deadlock or
   * a duplicate error; the loser looks again and updates what the winner created.
   */
  private async ensureQueue(name: string, policy: Omit<PgBoss.Queue, 'name'>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = await this.boss.getQueue(name);
        if (existing) await this.boss.updateQueue(name, { name, ...policy });
        else await this.boss.createQueue(name, { name, ...policy });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
  }

  /** Adds a job; with `db` (a transaction) it is part of the caller's commit. */
  async enqueue<T extends object>(
    name: string,
    data: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const executor = options.db ? drizzleExecutor(options.db) : this.options.executor;
    const startAfter = options.delaySeconds
      ? await this.databaseTimeIn(executor, options.delaySeconds)
      : options.startAfter;
    return this.boss.send(name, data, {
      ...(options.db ? { db: executor as PgBoss.Db } : {}),
      ...(startAfter ? { startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /**
   * The database's now() plus `seconds`, as a Date: pg-boss also takes a number of seconds, but its
   * statement reads that parameter twice, and through a Drizzle transaction each read is a parameter
   * of its own that PostgreSQL types as a timestamp.
   */
  private async databaseTimeIn(executor: SqlExecutor, seconds: number): Promise<Date> {
    const { rows } = await executor.executeSql('select extract(epoch from now())::float8 * 1000 as ms');
    const [row] = rows as { ms: number | string }[];
    return new Date(Number(row?.ms) + seconds * 1000);
  }

  /**
   * Sends a job to a `short` queue, or joins the one already waiting with this key. The waiting job
   * is then locked until the caller's transaction ends, and pg-boss fetches with SKIP LOCKED: it
   * cannot start before it can see the caller's rows. Without the lock it could start in between,
   * miss rows not yet committed, and leave them with no job.
   */
  async enqueueOrJoin<T extends object>(
    name: string,
    data: T,
    options: EnqueueOptions & { db: DbOrTransaction; singletonKey: string },
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.enqueue(name, data, options)) return;
      const waiting = await drizzleExecutor(options.db).executeSql(
        `select id from ${this.schema}.job where name = $1 and singleton_key = $2 and state = 'created' for update`,
        [name, options.singletonKey],
      );
      // None: the waiting job started meanwhile (it will not see our rows), so send a new one.
      if (waiting.rows.length > 0) return;
      // pg-boss sends nothing to a queue it has not created (before start(), e.g. from a seed): with
      // nothing waiting either, trying again would spin for ever.
      if (attempt >= 5) throw new Error(`the job ${name} could not be queued: has the job queue started?`);
    }
  }

  /** Readiness: the queue's tables answer and, on a worker instance, the workers run. */
  async ping(): Promise<void> {
    if (!this.started) throw new Error('the job queue is not running');
    await this.options.executor.executeSql(`select version from ${this.schema}.version`);
  }

  /** The queue names features defined (admin filters). */
  queueNames(): string[] {
    return [...this.definitions.keys()].sort();
  }

  private async work(definition: JobDefinition<object>): Promise<void> {
    let workerId: string | undefined;
    workerId = await this.boss.work<object>(
      definition.name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds },
      async (jobs) => {
        try {
          for (const job of jobs) {
            try {
              await definition.handle({
                id: job.id,
                data: job.data,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
                isLastAttempt: job.retryCount >= job.retryLimit,
                postpone: (delayMs) => this.postpone(definition.name, job.id, delayMs),
              });
            } catch (error) {
              this.options.log.warn(
                { err: error, job: job.id, queue: definition.name, attempt: job.retryCount + 1 },
                'job failed',
              );
              throw error;
            }
          }
        } finally {
          // A worker that found work looks for more at once; only an idle one waits the poll
          // interval (pg-boss would wait it after every job, so a backlog of quick jobs — postponed
          // deliveries, say — would drain one per interval and worker).
          if (workerId) this.boss.notifyWorker(workerId);
        }
      },
    );
  }

  private async postpone(name: string, id: string, delayMs: number): Promise<void> {
    const job = `${this.schema}.job`;
    await this.options.executor.executeSql(
      `with postponed as (
         delete from ${job} where name = $1 and id = $2::uuid and state = 'active' returning *
       )
       insert into ${job} (name, priority, data, state, retry_limit, retry_count, retry_delay,
         retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on,
         keep_until, dead_letter, policy)
       select name, priority, data,
         (case when retry_count > 0 then 'retry' else 'created' end)::${this.schema}.job_state,
         retry_limit, retry_count, retry_delay, retry_backoff, now() + $3::integer * interval '1 millisecond',
         -- No start time: pg-boss counts a try when it fetches a job that has one.
         null, singleton_key, singleton_on, expire_in, now(),
         greatest(keep_until, now() + interval '1 day'), dead_letter, policy
       from postponed`,
      [name, id, Math.max(0, Math.round(delayMs))],
    );
  }
}
