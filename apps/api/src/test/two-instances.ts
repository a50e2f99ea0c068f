import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './harness.js';

/** Tests of several API instances need PostgreSQL (LISTEN/NOTIFY); on PGlite they are skipped. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Registers cleanup in the calling test file and returns a starter for two API instances on one
 * database, both listening on the EventBus (and both running job workers), started with `options`.
 */
export function twoInstances(options: TestServerOptions = {}): () => Promise<[TestServer, TestServer]> {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  return async () => {
    // One job queue for both, as two production instances have: either may run a job.
    const env = { ...options.env, JOBS_SCHEMA: `jobs_${randomBytes(6).toString('hex')}` };
    const a = await startTestServer({ ...options, env });
    servers.push(a);
    const b = await startTestServer({ ...options, env });
    servers.push(b);
    await Promise.all([a.deps.events.ready(), b.deps.events.ready()]);
    return [a, b];
  };
}
