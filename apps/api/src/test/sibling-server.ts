import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TestServer } from './harness.js';

export interface Sibling {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A second server over the same database and clock as `server` but with other settings: the same
 * install before or after the operator changed its configuration (trial → production, sandbox →
 * Stripe). Tokens are its own: sign in on it. Closing it leaves the shared database open.
 */
export async function startSibling(server: TestServer, env: Record<string, string>): Promise<Sibling> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-sibling-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { app } = await buildApp({
    config,
    database: server.database,
    jwtSecret: randomBytes(32).toString('hex'),
    clock: server.clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
