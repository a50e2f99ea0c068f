// `npm run bench:keys`: load the Key Manager public REST API with autocannon and compare each route
// with a bare Fastify 5 app (scripts/bench-bare-fastify.mjs: no plugins, a GET route and a POST JSON
// echo route) started beside the server and measured in the same run, so the ratios say what our
// own per-request work costs on this machine, whatever its load. Fresh database each run: PGlite in
// a temp dir, or a new database on the PostgreSQL server of DATABASE_URL (dropped at the end).
//
// BENCH_NODE=/path/to/node runs the server and its bare reference under that node binary; a comma-
// separated list (BENCH_NODE=/usr/bin/node,/opt/node24/bin/node) runs the whole set once per binary, in
// one run, and ends with a side-by-side table. BENCH_DIST=dir[,dir] does the same for other builds of
// the API (apps/api/dist of another checkout), e.g. before and after a change. BENCH_ROUNDS=n measures
// every row n times, interleaved, and reports the median. BENCH_ONLY keeps the rows it lists by title
// (comma-separated). "get-key-information while 5 … tabs poll" rows (decision 025) read the same key
// while BENCH_DASHBOARDS (5) signed-in Key Manager pages poll as the web app does
// (scripts/bench-dashboards.mjs), one row per tab in BENCH_DASHBOARD_TABS (default `keys,dashboard`),
// and compare with get-key-information alone measured just before in the same round: the target is less
// than a 10 % drop.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInPages, startDashboards } from './bench-dashboards.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** A port nothing listens on now (other benchmarks may run on this machine at the same time). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const BARE_PORT = process.env.BENCH_PORT ? PORT + 1 : await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;
// BENCH_SECOND_NODE (decision 029's name) adds one more binary after BENCH_NODE's.
const NODES = [
  ...(process.env.BENCH_NODE || process.execPath).split(','),
  ...(process.env.BENCH_SECOND_NODE ? [process.env.BENCH_SECOND_NODE] : []),
].filter(Boolean);
const MANY_KEYS = 10_000;
const DASHBOARDS = Number(process.env.BENCH_DASHBOARDS ?? 5);
const DASHBOARD_TABS = (process.env.BENCH_DASHBOARD_TABS ?? 'keys,dashboard').split(',').filter(Boolean);
/** The seeded owner signs in with these to open the dashboards. */
const OWNER = { email: 'bench@example.com', password: 'bench-keys-pass-1' };
const PREFIX = '/api/v1/saas-platform/key-manager';

const dist = path.join(root, 'apps/api/dist');
// BENCH_DIST=/other/apps/api/dist[,…] benchmarks other builds of the server too (before/after a
// change, in one run); each is measured against the same bare reference under the same node. The
// builds share the database this script seeds (with this checkout's migrations), so they must have
// the same migrations.
const DISTS = (process.env.BENCH_DIST || dist)
  .split(',')
  .filter(Boolean)
  .map((d) => path.resolve(d));
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const { openPglite, openPostgres } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);
const { migrateDatabase } = await import(pathToFileURL(path.join(dist, 'migrate.js')).href);
// The security headers every reply of the server carries, for the bare app's /with-headers routes.
const { computeSecurityHeaders, HELMET_OPTIONS } = await import(
  pathToFileURL(path.join(dist, 'platform/http/security-headers.js')).href
);
const SECURITY_HEADERS = computeSecurityHeaders(HELMET_OPTIONS);
const { hashSecret } = await import(pathToFileURL(path.join(dist, 'platform/auth/passwords.js')).href);

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-keys-'));
let databaseUrl;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

/** Seeds a developer on a plan with a very high rate, two licence keys and an API key, by SQL. */
async function seed() {
  const database = databaseUrl
    ? await openPostgres(databaseUrl, 2)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrateDatabase(database);
  const query = (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  const apiKey = `km_live_${randomBytes(32).toString('base64url')}`;
  const { rows: users } = await query(
    `insert into users (email, username, first_name, last_name, password_hash, security_question, security_answer_hash)
     values ($1, 'Bench User', 'Bench', 'User', $2, 'q', 'x') returning id`,
    [OWNER.email, await hashSecret(OWNER.password)],
  );
  const userId = users[0].id;
  await query(
    `insert into saas_products (slug, name) values ('key-manager', 'Key Manager') on conflict do nothing`,
  );
  const { rows: products } = await query(`select id from saas_products where slug = 'key-manager'`);
  // The benchmark measures the real request path, not the 429 shortcut: its plan allows every call.
  const { rows: plans } = await query(
    `insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed)
     values ($1, 'benchmark', 'Benchmark', true, 100000000, 0) returning id`,
    [products[0].id],
  );
  await query(`insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)`, [
    userId,
    products[0].id,
    plans[0].id,
  ]);
  await query(
    `insert into licence_keys (owner_id, key, max_activations) values ($1, 'BENCH-INFO-KEY', 3), ($1, 'BENCH-PAIR-KEY', 0), ($1, 'BENCH-DEVICE-KEY', 3)`,
    [userId],
  );
  // Many keys read in turn: each is re-read about once per cache lifetime, so misses are measured too.
  await query(
    `insert into licence_keys (owner_id, key, max_activations)
     select $1, 'BENCH-MANY-' || n, 3 from generate_series(1, ${MANY_KEYS}) as n`,
    [userId],
  );
  await query(
    `insert into manager_api_keys (owner_id, key_hash, prefix, last_four) values ($1, $2, $3, $4)`,
    [userId, createHash('sha256').update(apiKey).digest('hex'), apiKey.slice(0, 12), apiKey.slice(-4)],
  );
  await database.close();
  return apiKey;
}

const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The server, built, under `node`; logging at warn as in production. */
function startServer(node, serverDist) {
  const env = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  return spawn(node, [...nodeArgs, path.join(serverDist, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The bare Fastify reference, under the same node as the server. */
function startBare(node) {
  return spawn(node, [path.join(root, 'scripts/bench-bare-fastify.mjs')], {
    env: {
      ...process.env,
      BENCH_BARE_PORT: String(BARE_PORT),
      BENCH_BARE_HEADERS: JSON.stringify(SECURITY_HEADERS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitReady(url) {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not become ready`);
}

// CPU time the process under load spent per answered request (Linux /proc): unlike req/s, it
// hardly depends on what else the machine runs, so it is the steadier measure on a busy machine.
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  } catch {
    return 10;
  }
})();
function cpuMs(pid) {
  try {
    // Fields after the command name: state is 3rd; utime, stime are the 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Runs a row; with `pages` (tokens) and `tab`, while that many Key Manager pages poll the server. */
async function measure(base, pid, options, dashboards) {
  const pages = dashboards ? startDashboards(BASE, dashboards.tokens, dashboards.tab) : null;
  const before = cpuMs(pid);
  const result = await run(base, options);
  result.cpuUsPerRequest = ((cpuMs(pid) - before) * 1000) / result.requests.total;
  if (pages) result.dashboards = await pages.stop();
  return result;
}

function run(base, options) {
  return new Promise((resolve, reject) => {
    // autocannon takes the target from `url`; a top-level `path` is ignored.
    const { path: target = '/', ...rest } = options;
    const settings = { url: `${base}${target}`, connections: CONNECTIONS, duration: DURATION, ...rest };
    autocannon(settings, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

const json = (apiKey) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' });
const post = (apiKey, route, body) =>
  fetch(`${BASE}${PREFIX}/${route}`, { method: 'POST', headers: json(apiKey), body: JSON.stringify(body) });

const BARE_GET = 'bare Fastify GET (reference)';
const BARE_POST = 'bare Fastify POST JSON echo (reference)';
const BARE_GET_HEADERS = 'bare GET + our security headers and request id (reference)';
const BARE_POST_HEADERS = 'bare POST echo + our security headers and request id (reference)';
const DEVICE = { key: 'BENCH-DEVICE-KEY', fingerprint: 'bench-device-0001' };

/**
 * The rows, in the order they run. `reference` names the bare row a route is compared with;
 * `target` is the issue-14 goal for that ratio (and `p99` its latency goal). A row with `optional`
 * is a route that may not exist on this build yet: it is probed first and skipped on a 404.
 * Adding a public route to the table is one entry here.
 */
function rows(apiKey) {
  const keyRoute = (route, body) => ({
    base: BASE,
    method: 'POST',
    path: `${PREFIX}/${route}`,
    headers: json(apiKey),
    body: JSON.stringify(body),
  });
  // One shared counter across connections walks the keys, so each key is read about once per
  // MANY_KEYS requests: at these rates roughly once per cache lifetime, mostly misses.
  let next = 0;
  return [
    { title: BARE_GET, options: { base: BARE, path: '/' } },
    { title: BARE_GET_HEADERS, reference: BARE_GET, options: { base: BARE, path: '/with-headers/' } },
    {
      title: 'GET /healthz',
      reference: BARE_GET,
      withHeaders: BARE_GET_HEADERS,
      target: 0.8,
      options: { base: BASE, path: '/healthz' },
    },
    {
      title: BARE_POST,
      options: {
        base: BARE,
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'BENCH-INFO-KEY' }),
      },
    },
    {
      title: BARE_POST_HEADERS,
      reference: BARE_POST,
      options: {
        base: BARE,
        method: 'POST',
        path: '/with-headers/echo',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'BENCH-INFO-KEY' }),
      },
    },
    {
      title: 'get-key-information',
      reference: BARE_POST,
      withHeaders: BARE_POST_HEADERS,
      target: 0.7,
      p99: 15,
      options: keyRoute('get-key-information', { key: 'BENCH-INFO-KEY' }),
    },
    // Decision 025: the same calls while the key's owner has Key Manager pages open.
    ...DASHBOARD_TABS.map((tab) => ({
      title: `get-key-information while ${DASHBOARDS} ${tab === 'keys' ? 'Keys' : 'Dashboard'} tabs poll`,
      reference: 'get-key-information',
      target: 0.9,
      dashboards: tab,
      options: keyRoute('get-key-information', { key: 'BENCH-INFO-KEY' }),
    })),
    {
      title: `get-key-information, ${MANY_KEYS.toLocaleString('en')} keys in turn`,
      reference: BARE_POST,
      options: {
        base: BASE,
        method: 'POST',
        headers: json(apiKey),
        requests: [
          {
            path: `${PREFIX}/get-key-information`,
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ key: `BENCH-MANY-${(next++ % MANY_KEYS) + 1}` }),
            }),
          },
        ],
      },
    },
    {
      title: 'activate/deactivate pairs',
      reference: BARE_POST,
      options: {
        base: BASE,
        method: 'POST',
        headers: json(apiKey),
        requests: [
          { path: `${PREFIX}/activate-key`, body: JSON.stringify({ key: 'BENCH-PAIR-KEY' }) },
          { path: `${PREFIX}/deactivate-key`, body: JSON.stringify({ key: 'BENCH-PAIR-KEY' }) },
        ],
      },
    },
    // Devices and offline licences (decisions 023, 024): one activated device heartbeats / checks out.
    { title: 'heartbeat', reference: BARE_POST, optional: true, options: keyRoute('heartbeat', DEVICE) },
    {
      title: 'checkout-license',
      reference: BARE_POST,
      optional: true,
      options: keyRoute('checkout-license', { ...DEVICE, ttlSeconds: 86_400 }),
    },
  ];
}

/** Probes a row once; false when its route is not on this build (a 404 from the not-found handler). */
async function available(row) {
  const { base, requests, ...options } = row.options;
  // A row of several requests is probed with its first.
  const { setupRequest, ...first } = requests?.[0] ?? {};
  const merged = { method: 'GET', ...options, ...first };
  const { path: target, method, headers, body } = setupRequest ? setupRequest(merged) : merged;
  const response = await fetch(`${base}${target}`, { method, headers, body });
  const text = await response.text();
  // The not-found handler's message, not a route's own 404 (an unknown key, say).
  if (row.optional && response.status === 404 && text.includes('"No API route ')) return false;
  // A route that refuses the row's request: the row needs fixing, so say so rather than skip it.
  if (!response.ok) throw new Error(`${row.title}: probe failed: ${response.status} ${text}`);
  return true;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (value) => Math.round(value * 100) / 100;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs every row ROUNDS times under one node binary; returns the summary per row. */
async function benchUnder(node, serverDist, apiKey) {
  const server = startServer(node, serverDist);
  // Said plainly rather than as a later "fetch failed".
  server.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `The server exited during the run (code ${code}, signal ${signal}) at ${new Date().toISOString()}`,
      );
  });
  let stopping = false;
  const bare = startBare(node);
  try {
    await Promise.all([waitReady(`${BASE}/readyz`), waitReady(`${BARE}/`)]);
    const version = await new Promise((resolve) => {
      const child = spawn(node, ['--version']);
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.on('exit', () => resolve(out.trim()));
    });
    // The device the heartbeat and checkout rows use (activation with a fingerprint is idempotent).
    const activated = await post(apiKey, 'activate-key', DEVICE);
    if (!activated.ok)
      throw new Error(`device activation failed: ${activated.status} ${await activated.text()}`);
    // BENCH_ONLY="GET /healthz,get-key-information" keeps those rows (and the references).
    const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
    const every = rows(apiKey);
    const kept = every.filter((row) => !only.length || row.options.base === BARE || only.includes(row.title));
    // A kept row's reference is kept too (a dashboards row is compared with get-key-information).
    const all = every.filter(
      (row) => kept.includes(row) || kept.some((other) => other.reference === row.title),
    );
    const active = [];
    for (const row of all) {
      if (await available(row)) active.push(row);
      else console.log(`(${row.title}: no such route on this build, row skipped)`);
    }
    // Warm-up: JIT, connection pool and key cache, both processes.
    for (const row of active.filter((r) => !r.options.requests)) {
      const { base, ...options } = row.options;
      await run(base, { ...options, duration: 2 });
    }
    const tokens = active.some((row) => row.dashboards)
      ? await signInPages(BASE, OWNER.email, OWNER.password, DASHBOARDS)
      : [];
    const loadBefore = load();
    const measured = new Map(active.map((row) => [row.title, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const row of active) {
        const { base, ...options } = row.options;
        const dashboards = row.dashboards ? { tokens, tab: row.dashboards } : undefined;
        measured
          .get(row.title)
          .push(await measure(base, base === BARE ? bare.pid : server.pid, options, dashboards));
      }
    }
    const loadAfter = load();
    // Runs end with requests in flight, so a few activations may remain; the count never goes negative.
    const pair = await (await post(apiKey, 'get-key-information', { key: 'BENCH-PAIR-KEY' })).json();
    const summary = active.map((row) => {
      const results = measured.get(row.title);
      const rates = results.map((result) => result.requests.average);
      const cpu = median(results.map((result) => result.cpuUsPerRequest));
      const cpuRatios = row.reference
        ? results.map(
            (result, index) => measured.get(row.reference)[index].cpuUsPerRequest / result.cpuUsPerRequest,
          )
        : null;
      const ratioTo = (reference) =>
        reference && measured.has(reference)
          ? median(
              results.map(
                (result, index) => result.requests.average / measured.get(reference)[index].requests.average,
              ),
            )
          : null;
      // The run whose rate is the median gives the latencies shown.
      const middle = results.find((result) => result.requests.average === median(rates)) ?? results[0];
      return {
        row,
        rate: median(rates),
        range: [Math.min(...rates), Math.max(...rates)],
        p50: middle.latency.p50,
        p99: middle.latency.p99,
        ratio: ratioTo(row.reference),
        ratioWithHeaders: ratioTo(row.withHeaders),
        cpu,
        cpuRatio: cpuRatios ? median(cpuRatios) : null,
        non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
        statusCodes: results.map((result) => result.statusCodeStats),
        dashboards: results.map((result) => result.dashboards).filter(Boolean),
      };
    });
    const build = DISTS.length > 1 ? ` ${path.relative(root, serverDist) || serverDist}` : '';
    return { node, label: `Node ${version}${build}`, version, loadBefore, loadAfter, summary, pair };
  } finally {
    stopping = true;
    await Promise.all([stop(server), stop(bare)]);
  }
}

function verdict(entry) {
  const { row, ratio, p99 } = entry;
  if (row.target === undefined) return '';
  const goals = [`≥ ${row.target}`];
  let met = ratio >= row.target;
  if (row.p99 !== undefined) {
    goals.push(`p99 ≤ ${row.p99} ms`);
    met = met && p99 <= row.p99;
  }
  return `${goals.join(', ')}: ${met ? 'met' : 'NOT met'}`;
}

function printRun({ label, loadBefore, loadAfter, summary, pair }) {
  const rounds = ROUNDS > 1 ? `, median of ${ROUNDS} interleaved rounds` : '';
  console.log(
    `\n${label}; database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION} s per row${rounds}`,
  );
  console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
  console.log(
    '| route | req/s | p50 ms | p99 ms | vs bare | target | vs bare + same headers | CPU µs/req | bare CPU ÷ route CPU | non-2xx | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const entry of summary) {
    const { row, rate, range, p50, p99, ratio, ratioWithHeaders, cpu, cpuRatio, non2xx, errors } = entry;
    const rateText =
      ROUNDS > 1
        ? `${Math.round(rate)} (${Math.round(range[0])}–${Math.round(range[1])})`
        : `${Math.round(rate)}`;
    const against = { [BARE_GET]: 'GET', [BARE_POST]: 'POST' }[row.reference] ?? row.reference;
    const ratioText = ratio === null ? '1 (reference)' : `${round1(ratio)} of ${against}`;
    console.log(
      `| ${row.title} | ${rateText} | ${p50} | ${p99} | ${ratioText} | ${verdict(entry)} | ${ratioWithHeaders === null ? '' : round1(ratioWithHeaders)} | ${Math.round(cpu)} | ${cpuRatio === null ? '' : round1(cpuRatio)} | ${non2xx} | ${errors} |`,
    );
  }
  for (const { row, non2xx, errors, statusCodes, dashboards } of summary) {
    if (non2xx > 0) console.log(`  status codes of ${row.title}: ${JSON.stringify(statusCodes)}`);
    if (errors > 0) console.log(`  ${row.title}: ${errors} errors or timeouts`);
    for (const counts of dashboards)
      console.log(
        `  ${row.title}: the pages sent ${counts.requests} polls (${counts.notModified} answered 304, ${counts.failed} failed, ${counts.skipped} skipped while one was in flight)`,
      );
  }
  console.log(`\nPair key after the run: ${JSON.stringify(pair)}`);
}

const apiKey = await seed();
let exitCode = 0;
try {
  const runs = [];
  for (const node of NODES) {
    for (const serverDist of DISTS) {
      const result = await benchUnder(node, serverDist, apiKey);
      printRun(result);
      runs.push(result);
      if (result.summary.some((entry) => entry.non2xx > 0 || entry.errors > 0)) exitCode = 1;
    }
  }
  if (runs.length > 1) {
    console.log('\nSide by side (req/s, ratio to the bare app of the same run; CPU µs/req):\n');
    console.log(`| route | ${runs.map((r) => r.label).join(' | ')} |`);
    console.log(`|---|${runs.map(() => '---').join('|')}|`);
    // By title: a build without a route has no row for it.
    const titles = [...new Set(runs.flatMap((r) => r.summary.map((entry) => entry.row.title)))];
    for (const title of titles) {
      const cells = runs.map((r) => {
        const other = r.summary.find((entry) => entry.row.title === title);
        if (!other) return '—';
        const ratio = other.ratio === null ? '' : ` (${round1(other.ratio)})`;
        return `${Math.round(other.rate)}${ratio}; ${Math.round(other.cpu)} µs`;
      });
      console.log(`| ${title} | ${cells.join(' | ')} |`);
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
