// `npm test`: every suite. Unit, API and web tests (Vitest) and browser tests (Playwright in Debian's
// Chromium) run on PGlite; when TEST_DATABASE_URL is set, the API and browser suites run again on a
// fresh PostgreSQL database created for the run and dropped after it. Ends with "N passed, N failed".
//
// Passes that share no port, database or build output run at the same time (each one's output is
// printed whole when it ends): each Vitest pass beside a browser pass, whose time is mostly spent
// waiting on the browser, and the Java tests beside the first.
//
// TEST_SECOND_NODE_BIN (set by .ci/run to a Node 24 bin folder) adds a second runtime: the build,
// the unit and web tests, the API tests and the Java tests run on both runtimes; the database axis is
// split between them (API and browser tests on PGlite on one, on PostgreSQL on the other, swapped for
// the browser), so each runtime serves both databases and the run takes little longer than one.
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
const secondNodeBin = process.env.TEST_SECOND_NODE_BIN;
const baseEnv = { ...process.env };
delete baseEnv.TEST_SECOND_NODE_BIN;
delete baseEnv.TEST_DATABASE_URL;
delete baseEnv.E2E_DATABASE_URL;
delete baseEnv.DATABASE_URL;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name with the first line of its error, repeated at the end of the run: CI
// keeps only the tail of a long log, so the summary has to say what failed on its own.
const failedTests = [];
/** The page each failed browser test left, printed before the summary (see pageAtFailure). */
const pageSnapshots = [];
const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

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
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedHere = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedHere)
      failedTests.push(`${label}: ${where} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && !failedHere.length)
      failedTests.push(`${label}: ${where} — ${firstLine(suite.message)}`);
  }
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
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message;
        failedTests.push(
          `${label}: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} — ${firstLine(error)}`,
        );
        pageSnapshots.push(pageAtFailure(label, spec, test));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) walk(suite, []);
  return record(
    label,
    ok,
    stats.expected,
    stats.unexpected + (ok || stats.unexpected ? 0 : 1),
    stats.skipped,
  );
}

/**
 * What the page showed when a browser test failed: Playwright's error context (an accessibility
 * snapshot of the page, with any alert or toast on it). CI keeps only this log, not test-results/, so
 * a failure seen only there would otherwise say nothing about what the user saw.
 */
function pageAtFailure(label, spec, test) {
  const attachments = test.results?.flatMap((result) => result.attachments ?? []) ?? [];
  const attachment = attachments.find((a) => a.name === 'error-context' && a.path && existsSync(a.path));
  const heading = `--- ${label}: ${spec.file}:${spec.line} ${spec.title}`;
  // The pages of contexts the test opened itself (e2e/support/test.ts): address, then snapshot.
  const own = attachments
    .filter((a) => a.name === 'own page at the failure' && a.body)
    .map((a, i) => {
      const [address, ...lines] = Buffer.from(a.body, 'base64').toString('utf8').split('\n');
      return `${heading}: its own page ${i + 1} (${address})\n${clip(lines)}`;
    });
  if (!attachment) return [`${heading}: no page snapshot was recorded`, ...own].join('\n\n');
  // The file opens with instructions and the error (both already in the log); the page follows.
  const all = readFileSync(attachment.path, 'utf8').split('\n');
  const start = Math.max(0, all.indexOf('```yaml'));
  const end = all.indexOf('```', start + 1);
  const lines = all.slice(start, end > start ? end + 1 : undefined);
  return [`${heading}: the page at the failure\n${clip(lines)}`, ...own].join('\n\n');
}

/** At most 150 lines of a snapshot, saying how many were left out. */
function clip(lines) {
  const shown = lines.slice(0, 150).join('\n');
  return `${shown}${lines.length > 150 ? `\n… ${lines.length - 150} more lines` : ''}`;
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

/** A Node runtime the passes run on: its name (with version) and the environment that selects it. */
function runtime(binDir) {
  if (!binDir) return { name: `Node ${process.version}`, env: baseEnv };
  const probe = spawnSync(path.join(binDir, 'node'), ['-v'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log(`TEST_SECOND_NODE_BIN=${binDir} holds no working node`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  return {
    name: `Node ${probe.stdout.trim()}`,
    env: { ...baseEnv, PATH: `${binDir}${path.delimiter}${baseEnv.PATH}` },
  };
}
const machine = runtime(undefined);
const second = secondNodeBin ? runtime(secondNodeBin) : null;
const runtimes = second ? [second, machine] : [machine];

// The build on every runtime; the last one (the machine's) leaves the output the tests use.
for (const node of runtimes) {
  const phase = Date.now();
  console.log(`\n=== build — ${node.name} ===`);
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: node.env }).status !== 0) {
    console.log(`\nFailed suites: build — ${node.name}\n\n0 passed, 1 failed`);
    process.exit(1);
  }
  console.log(`=== build — ${node.name}: ${seconds(phase)} ===`);
}

// One runtime takes the PGlite Vitest pass and the PostgreSQL browser pass, the other the PostgreSQL
// Vitest pass and the PGlite browser pass. Unit and web tests touch no database: they run in each
// runtime's Vitest pass.
//
// Two phases, each a Vitest pass beside a browser pass: a browser pass spends most of its time
// waiting on pages (measured: 357 s of CPU in 670 s), a Vitest pass keeps both cores busy, so each
// fills the other's gaps. The two Vitest passes never overlap (four test workers on two cores made
// the timing-sensitive tests slow), nor do the two browser passes (the specs' fixed ports).
const pgliteNode = second ?? machine;
const postgresNode = machine;
await Promise.all([
  vitest(`unit, web and API tests on PGlite — ${pgliteNode.name}`, ['unit', 'web', 'api'], pgliteNode.env),
  (async () => {
    await junit(`Java library tests (JUnit 5) — ${pgliteNode.name}`, pgliteNode.env);
    if (second) await junit(`Java library tests (JUnit 5) — ${machine.name}`, machine.env);
  })(),
  // Specs tagged @database-independent (prerendered pages, static docs) run on PGlite only.
  serverUrl
    ? withFreshDatabase((url) =>
        playwright(
          `browser tests on PostgreSQL — ${pgliteNode.name}`,
          { ...pgliteNode.env, E2E_DATABASE_URL: url, E2E_RUN_ID: `postgres-${process.pid}` },
          ['--grep-invert', '@database-independent'],
        ),
      )
    : null,
]);
await Promise.all([
  // Specs tagged @at-scale (100,000 bulk-loaded rows) ran on PostgreSQL when the run has one.
  playwright(
    `browser tests on PGlite — ${postgresNode.name}`,
    { ...postgresNode.env, E2E_RUN_ID: `pglite-${process.pid}` },
    serverUrl ? ['--grep-invert', '@at-scale'] : [],
  ),
  serverUrl
    ? vitest(
        `${second ? 'unit, web and API' : 'API'} tests on PostgreSQL — ${postgresNode.name}`,
        second ? ['unit', 'web', 'api'] : ['api'],
        { ...postgresNode.env, TEST_DATABASE_URL: serverUrl },
      )
    : second
      ? vitest(`unit, web and API tests on PGlite — ${machine.name}`, ['unit', 'web', 'api'], machine.env)
      : null,
]);

if (pageSnapshots.length) console.log(`\nPages at the failures:\n${pageSnapshots.join('\n\n')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed suites: ${failures.join('; ')}`);
console.log(`\nAll suites: ${seconds(started)}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
