import { afterAll } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/** Tests of several API instances need PostgreSQL (LISTEN/NOTIFY); on PGlite they are skipped. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Registers cleanup in the calling test file and returns a starter for two API instances on one
 * database, both listening on the EventBus.
 */
export function twoInstances(): () => Promise<[TestServer, TestServer]> {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  return async () => {
    const a = await startTestServer();
    servers.push(a);
    const b = await startTestServer();
    servers.push(b);
    await Promise.all([a.deps.events.ready(), b.deps.events.ready()]);
    return [a, b];
  };
}
