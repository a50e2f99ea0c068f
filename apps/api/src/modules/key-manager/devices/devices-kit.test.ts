// Test helpers, named *.test.ts so the production build leaves them out; vitest runs only
// *.api.test.ts and *.unit.test.ts, so this file holds no tests itself.
import { eventually } from '../../../test/eventually.js';
import type { TestServer } from '../../../test/harness.js';
import { LEASE_EXPIRY_JOB } from './lease-expiry.js';

/** Sends the lease job (tests send scheduled jobs themselves) and waits until it has run. */
export async function runLeaseJob(server: TestServer): Promise<void> {
  const id = await server.deps.jobs.enqueue(LEASE_EXPIRY_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(LEASE_EXPIRY_JOB, id);
    if (job?.state === 'failed') throw new Error(`lease job failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}
