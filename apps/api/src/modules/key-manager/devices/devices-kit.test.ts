// Test helpers, named *.test.ts so the production build leaves them out; vitest runs only
// *.api.test.ts and *.unit.test.ts, so this file holds no tests itself.
import { eventually } from '../../../test/eventually.js';
import type { TestServer } from '../../../test/harness.js';
import type { newDeveloper } from '../key-manager-kit.test.js';
import { LEASE_EXPIRY_JOB } from './lease-expiry.js';

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

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

/** Access tokens live 15 minutes on the moved clock: a new one for the same account, as sign-in gives. */
export async function freshToken(server: TestServer, dev: Developer): Promise<string> {
  const user = await server.deps.accounts.findByEmail(dev.email);
  if (!user) throw new Error('developer vanished');
  return (await server.deps.sessions.issue(user, false)).access;
}

/** A transfer refusal's time: to the second, rounded up, so a try at that second succeeds. */
export function utcSecond(iso: string): string {
  const up = new Date(Math.ceil(Date.parse(iso) / 1000) * 1000).toISOString();
  return `${up.slice(0, 10)} ${up.slice(11, 19)} UTC`;
}
