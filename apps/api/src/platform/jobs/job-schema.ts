import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../../db/sql-executor.js';
import { JOB_SCHEMA } from './job-queue.js';

/**
 * Installs or upgrades the job queue's tables (schema `pgboss`) with pg-boss's own migrator, right
 * after the application's migrations (`migrate.ts`), so the first request never waits for it.
 */
export async function migrateJobSchema(executor: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
