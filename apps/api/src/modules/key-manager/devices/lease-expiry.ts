import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { Devices } from './devices.js';

export const LEASE_EXPIRY_JOB = 'key-manager.lease-expiry';
/** Every minute: a lease is released at most about a minute (plus the poll interval) after it lapsed. */
const SCHEDULE = '* * * * *';

/**
 * Leases (decision 023): devices of keys with `leaseSeconds` > 0 that sent no heartbeat within it
 * give their slot back, each with a `lease.expired` webhook event. A pg-boss cron job (one
 * instance sends each tick), so several instances never release twice; times come from the clock.
 */
export function defineLeaseExpiry(jobs: JobQueue, devices: Devices, log: FastifyBaseLogger): void {
  jobs.define<Record<string, never>>({
    name: LEASE_EXPIRY_JOB,
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // One run at a time per instance; a slow run is not stacked on.
    concurrency: 1,
    async handle() {
      const released = await devices.expireDue();
      if (released > 0) log.info({ released }, 'device leases expired');
    },
  });
  jobs.schedule(LEASE_EXPIRY_JOB, SCHEDULE);
}
