import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DEMO_PASSWORD, E2E_PORT } from './support/env.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
// One data directory per run id; the default is reused between local runs (specs use unique emails).
const dataDir = `.tmp/e2e-data-${process.env.E2E_RUN_ID ?? 'default'}`;

const serverEnv: Record<string, string> = {
  ...(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >),
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  // Explicit opt-ins: on PostgreSQL (E2E_DATABASE_URL) the server runs in production mode, which
  // otherwise has no demo logins and refuses the sandbox's test cards (apps/api/src/runtime-mode.ts).
  SEED_DEMO: 'true',
  ALLOW_TEST_PAYMENTS: 'true',
  DEMO_PASSWORD: E2E_DEMO_PASSWORD,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
  // Every spec signs up from 127.0.0.1; production's 10 per hour would stop the run.
  SIGNUPS_PER_IP_PER_HOUR: '1000',
};
// A separately built web app (E2E_WEB_DIST) lets a run test its own build without touching apps/web/dist.
if (process.env.E2E_WEB_DIST) serverEnv.WEB_DIST = path.resolve(repoRoot, process.env.E2E_WEB_DIST);
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete serverEnv.DATABASE_URL;

export default defineConfig({
  testDir: 'specs',
  // Two specs at a time against the one server: a spec mostly waits on the page, so the second
  // fills those waits (specs use their own accounts; E2E_WORKERS=1 runs them one by one).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: 'list',
  // Sign-ups now open their mailed verification link (decision 033): a flow of several steps took
  // over 60 s when three CI passes shared two cores. A bound on a stuck test, not a speed check.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // E2E_TRACE=off skips recording (CI, whose artifacts nobody can open); locally a failed spec keeps its trace.
    trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    // Pages render as for a visitor who asked for reduced motion: Bootstrap then skips its fades and
    // slides and stops striped progress bars, frames the software compositor (Chromium's GPU process,
    // the run's largest CPU user with specs side by side) no longer draws. What a spec checks is the
    // state after a transition, which is the same either way.
    reducedMotion: 'reduce',
    launchOptions: {
      // Never download a browser: the system Chromium is used.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: repoRoot,
    env: serverEnv,
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
