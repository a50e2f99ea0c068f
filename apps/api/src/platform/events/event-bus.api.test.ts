import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

// The app's bus: in memory on PGlite, NOTIFY/LISTEN on PostgreSQL (TEST_DATABASE_URL).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.deps.events.ready();
});
afterAll(async () => server?.close());

describe('event bus', () => {
  it("hands an event to this instance's handlers before publish resolves, and only once", async () => {
    const seen: unknown[] = [];
    const stop = server.deps.events.subscribe('test.same-instance', (data) => seen.push(data));
    try {
      await server.deps.events.publish('test.same-instance', { n: 1 });
      // What a request publishes is seen by the next request on this instance (an enabled account's
      // API key works on the very next call), not only once NOTIFY's echo has come back.
      expect(seen).toEqual([{ n: 1 }]);
      // The echo (PostgreSQL) is skipped: a later event arrives after it, and the first is not repeated.
      await server.deps.events.publish('test.same-instance', { n: 2 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      stop();
    }
  });
});
