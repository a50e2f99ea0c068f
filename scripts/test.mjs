// `npm test`: every suite. Unit, API and web tests (Vitest) and browser tests (Playwright in Debian's
// Chromium) run on PGlite; when TEST_DATABASE_URL is set, the API and browser suites run again on a
// fresh PostgreSQL database created for the run and dropped after it. Ends with "N passed, N failed".
//
// Passes that share no port, database or build output run at the same time (each one's output is
// printed whole when it ends): the Java tests beside the Vitest pass, and the PostgreSQL API pass
// beside the PGlite browser pass, whose time is mostly spent waiting on the browser.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const serverUrl = process.env.TEST_DATABASE_URL;
const baseEnv = { ...process.env };
delete baseEnv.TEST_DATABASE_URL;
delete baseEnv.E2E_DATABASE_URL;
delete baseEnv.DATABASE_URL;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const load = () => loadavg()[0].toFixed(1);

/** Runs a command to its end with its output captured, then prints the output in one piece. */
function run(label, command, args, env) {
  console.log(`\n=== ${label}: started (load ${load()}) ===`);
  const phase = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${label} ===`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`=== ${label}: ${seconds(phase)}, exit ${code} (load ${load()}) ===`);
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

async function vitest(label, projects, env) {
  const file = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const { ok } = await run(label, 'npx', args, env);
  if (!existsSync(file)) return record(label, ok, 0, ok ? 0 : 1, 0);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return record(
    label,
    ok,
    report.numPassedTests,
    report.numFailedTests + (ok || report.numFailedTests ? 0 : 1),
    report.numPendingTests + report.numTodoTests,
  );
}

async function playwright(label, env, extraArgs = []) {
  const file = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const { ok } = await run(
    label,
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...extraArgs],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  );
  if (!existsSync(file)) return record(label, ok, 0, ok ? 0 : 1, 0);
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return record(
    label,
    ok,
    stats.expected,
    stats.unexpected + (ok || stats.unexpected ? 0 : 1),
    stats.skipped,
  );
}

// JUnit's console launcher prints "[ N tests successful ]" etc.; those counts join the totals.
async function junit(label, env) {
  const { ok, output } = await run(label, 'npm', ['run', '--silent', 'test:java'], env);
  const count = (word) => Number(new RegExp(`(\\d+) tests ${word}`).exec(output)?.[1] ?? 0);
  const failed = count('failed');
  return record(label, ok, count('successful'), failed + (ok || failed ? 0 : 1), count('skipped'));
}

function record(label, ok, passed, failed, skipped) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  if (!ok) failures.push(label);
  return ok;
}

async function withFreshDatabase(fn) {
  const name = `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

console.log('\n=== build ===');
if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: baseEnv }).status !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
console.log(`=== build: ${seconds(started)} ===`);

await Promise.all([
  vitest('unit, web and API tests on PGlite', ['unit', 'web', 'api'], baseEnv),
  junit('Java library tests (JUnit 5)', baseEnv),
]);
await Promise.all([
  playwright('browser tests on PGlite', { ...baseEnv, E2E_RUN_ID: `pglite-${process.pid}` }),
  serverUrl ? vitest('API tests on PostgreSQL', ['api'], { ...baseEnv, TEST_DATABASE_URL: serverUrl }) : null,
]);
if (serverUrl) {
  // Specs tagged @database-independent (prerendered pages, static docs) already ran on PGlite.
  await withFreshDatabase((url) =>
    playwright(
      'browser tests on PostgreSQL',
      { ...baseEnv, E2E_DATABASE_URL: url, E2E_RUN_ID: `postgres-${process.pid}` },
      ['--grep-invert', '@database-independent'],
    ),
  );
}

if (failures.length) console.log(`\nFailed suites: ${failures.join('; ')}`);
console.log(`\nAll suites: ${seconds(started)}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
