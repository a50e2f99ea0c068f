// `npm run bench:keys`: load the Key Manager public REST API with autocannon and compare it with a
// trivial route of the same server in the same run. Fresh database each run: PGlite in a temp dir,
// or a new database on the PostgreSQL server of DATABASE_URL (dropped at the end).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const MANY_KEYS = 10_000;
const PREFIX = '/api/v1/saas-platform/key-manager';

const dist = path.join(root, 'apps/api/dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const { openPglite, openPostgres } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);

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
  await database.migrate();
  const query = (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  const apiKey = `km_live_${randomBytes(32).toString('base64url')}`;
  const { rows: users } = await query(
    `insert into users (email, username, first_name, last_name, password_hash, security_question, security_answer_hash)
     values ('bench@example.com', 'Bench User', 'Bench', 'User', 'x', 'q', 'x') returning id`,
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
    `insert into licence_keys (owner_id, key, max_activations) values ($1, 'BENCH-INFO-KEY', 3), ($1, 'BENCH-PAIR-KEY', 0)`,
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

function startServer() {
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
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(dist, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitReady() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become ready');
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    // autocannon takes the target from `url`; a top-level `path` is ignored.
    const { path: target = '/', ...rest } = options;
    const settings = { url: `${BASE}${target}`, connections: CONNECTIONS, duration: DURATION, ...rest };
    autocannon(settings, (error, result) => {
      if (error) reject(error);
      else resolve({ title, result });
    });
  });
}

const json = (apiKey) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' });

const apiKey = await seed();
const server = startServer();
let exitCode = 0;
try {
  await waitReady();
  // Warm-up: JIT, connection pool and key cache.
  await run('warm-up', { duration: 2, path: '/healthz' });
  const probe = await fetch(`${BASE}${PREFIX}/get-key-information`, {
    method: 'POST',
    headers: json(apiKey),
    body: JSON.stringify({ key: 'BENCH-INFO-KEY' }),
  });
  if (!probe.ok) throw new Error(`probe failed: ${probe.status} ${await probe.text()}`);
  const trivial = await run('GET /healthz (trivial route)', { path: '/healthz' });
  const info = await run('get-key-information', {
    method: 'POST',
    path: `${PREFIX}/get-key-information`,
    headers: json(apiKey),
    body: JSON.stringify({ key: 'BENCH-INFO-KEY' }),
  });
  // One shared counter across connections walks the keys, so each key is read about once per
  // MANY_KEYS requests: at these rates roughly once per cache lifetime, mostly misses.
  let next = 0;
  const many = await run(`get-key-information, ${MANY_KEYS.toLocaleString('en')} keys in turn`, {
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
  });
  const pairs = await run('activate/deactivate pairs', {
    method: 'POST',
    headers: json(apiKey),
    requests: [
      { path: `${PREFIX}/activate-key`, body: JSON.stringify({ key: 'BENCH-PAIR-KEY' }) },
      { path: `${PREFIX}/deactivate-key`, body: JSON.stringify({ key: 'BENCH-PAIR-KEY' }) },
    ],
  });
  const base = trivial.result.requests.average;
  console.log(
    `\nDatabase: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION} s each\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | vs trivial | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { title, result } of [trivial, info, many, pairs]) {
    const ratio = `${Math.round((result.requests.average / base) * 100)} %`;
    console.log(
      `| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${ratio} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
    );
    if (result.non2xx > 0)
      console.log(`  status codes of ${title}: ${JSON.stringify(result.statusCodeStats)}`);
    if (result.errors > 0 || result.timeouts > 0)
      console.log(
        `  ${title}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.resets ?? 0} resets`,
      );
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) exitCode = 1;
  }
  const check = await fetch(`${BASE}${PREFIX}/get-key-information`, {
    method: 'POST',
    headers: json(apiKey),
    body: JSON.stringify({ key: 'BENCH-PAIR-KEY' }),
  });
  // Runs end with requests in flight, so a few activations may remain; the count never goes negative.
  console.log(`\nPair key after the run: ${JSON.stringify(await check.json())}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
