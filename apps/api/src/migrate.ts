import type { Database } from './db/client.js';
import { migrateJobSchema } from './platform/jobs/job-schema.js';

/**
 * Everything a start needs in the database, in order: the application's tables, then the job queue's.
 * The database layer knows only its own migrations; the queue's live with the queue.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
  await migrateJobSchema(database.jobExecutor);
}
