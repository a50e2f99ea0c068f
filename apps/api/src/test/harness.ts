import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { type AuthLimitSettings, DEFAULT_AUTH_LIMITS } from '../modules/accounts/limits.js';
import type { ChatSocketLimits } from '../modules/chat/limits.js';
import { ManualClock } from '../platform/clock.js';
import type { LogStream } from '../platform/log-redaction.js';
import { openIsolatedPostgres } from './isolated-database.js';

export interface TestServer extends BuiltApp {
  baseUrl: string;
  clock: ManualClock;
  database: Database;
  /** Statements Drizzle has sent to this server's database so far (count before and after an operation). */
  queryCount(): number;
  /** The last 200 statements (with their parameters), newest last: tests EXPLAIN what a route ran. */
  recentQueries(): ReadonlyArray<{ sql: string; params: unknown[] }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Auth limits to change (the rest: production's, except the per-address ones, see below). */
  authLimits?: Partial<AuthLimitSettings>;
  /** Lower chat WebSocket limits for abuse tests (the rest keep their defaults). */
  chatSocketLimits?: Partial<ChatSocketLimits>;
  env?: Record<string, string>;
  /**
   * On PostgreSQL, a database of this server's own instead of the run's shared one (each PGlite
   * server has its own copy anyway): for tests that change rows other files read.
   */
  isolatedDatabase?: boolean;
  /** PostgreSQL connections of this server (default 4): concurrency tests want as many as production. */
  poolSize?: number;
  /** Receives the server's log lines (set LOG_LEVEL in `env` to choose how many). */
  logStream?: LogStream;
}

/**
 * A real server on a random port over a real database (PGlite copy, or the run's PostgreSQL
 * database), with a manual clock. Open one per test file in beforeAll.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-test-'));
  const databaseUrl = inject('databaseUrl');
  const template = inject('pgliteTemplate');
  let database: Database;
  let dropDatabase = async () => {};
  let queries = 0;
  const recent: Array<{ sql: string; params: unknown[] }> = [];
  const onQuery = (statement: string, params: unknown[]) => {
    queries += 1;
    recent.push({ sql: statement, params });
    if (recent.length > 200) recent.shift();
  };
  if (databaseUrl && options.isolatedDatabase) {
    const isolated = await openIsolatedPostgres(databaseUrl, options.poolSize ?? 4, onQuery);
    database = isolated.database;
    dropDatabase = isolated.drop;
  } else if (databaseUrl) {
    database = await openPostgres(databaseUrl, options.poolSize ?? 4, onQuery);
  } else if (template) {
    database = await openPglite({ loadDataDir: new Blob([await readFile(template)]), onQuery });
  } else {
    throw new Error('global setup did not provide a database');
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Scheduled jobs run when a test sends them, never at a wall-clock minute in the middle of one.
    JOBS_RUN_SCHEDULES: 'false',
    // Test files share the run's PostgreSQL database: each server gets a job queue of its own, so
    // another file's server (another clock, another data dir) never runs this one's jobs.
    ...(databaseUrl && !options.isolatedDatabase
      ? { JOBS_SCHEMA: `jobs_${randomBytes(6).toString('hex')}` }
      : {}),
    ...options.env,
  });
  const clock = new ManualClock(new Date());
  const built = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
    clock,
    logStream: options.logStream,
    // Every test of a file comes from 127.0.0.1: per-address ceilings would count the whole file.
    authLimits: {
      ...DEFAULT_AUTH_LIMITS,
      attemptsPerIp: 10_000,
      signupsPerIp: 10_000,
      ...options.authLimits,
    },
    chatSocketLimits: options.chatSocketLimits,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    baseUrl: `http://127.0.0.1:${port}`,
    clock,
    database,
    queryCount: () => queries,
    recentQueries: () => [...recent],
    async close() {
      // A client connection the server still counts as active (seen once under heavy load) would
      // hold close() past the hook timeout: after 10 s every connection is cut, and it is reported.
      const cut = setTimeout(() => {
        process.stderr.write(`test server ${port}: close() waited 10 s; cutting its open connections\n`);
        built.app.server.closeAllConnections();
      }, 10_000);
      await built.app.close().finally(() => clearTimeout(cut));
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
