// `npm run bench:keys`: load the Key Manager public REST API with wrk (a C load generator, Debian's
// `wrk` package: installed here with apt-get when missing, never downloaded otherwise) and compare each
// route with a bare Fastify 5 app (scripts/bench-bare-fastify.mjs: no plugins, a GET route and a POST
// JSON echo route) started beside the server and measured in the same run, rows interleaved round by
// round, so the ratios say what our own per-request work costs on this machine, whatever its load.
// Fresh database each run: PGlite in a temp dir, or a new database on the PostgreSQL server of
// DATABASE_URL (dropped at the end, and checked gone).
//
// Each round has its own owner (user, plan subscription, API key, licence keys), seeded before the
// servers start, so no round can reach the plan's per-minute ceiling; any reply with a status of 400
// or more, socket error or timeout fails the row loudly and the run exits 1.
//
// Per row it prints req/s, p50/p99 (wrk --latency), the ratio to the bare app (POST echo for the POST
// routes, GET for /healthz), the server's CPU time per request from its own counters
// (/proc/<pid>/stat utime+stime before and after the row: production code exposes nothing new),
// wrk's own CPU (bash `times`: the client is not the bottleneck while it stays well under a core),
// the bytes per reply (wrk's byte count ÷ replies, and the header block of one reply), and the
// machine's 1-minute load average when the row starts.
//
// BENCH_ANALYTICS=compare (the default) starts a second server with KEY_ANALYTICS=off on its own
// database and runs get-key-information and validate-key against it too, interleaved with the same
// rows on the first server (KEY_ANALYTICS=on): the on/off ratio is issue 30's "within 5 %".
// BENCH_ANALYTICS=on runs the first server only.
// BENCH_COMPARE=metrics makes METRICS (decision 040, target ≥ 0.97) the setting the second server turns
// off instead of KEY_ANALYTICS; both servers then keep analytics on.
//
// BENCH_NODE=/path/to/node runs the servers and the bare reference under that node binary; a comma-
// separated list runs the whole set once per binary, in one run, and ends with a side-by-side table.
// BENCH_DIST=dir[,dir] does the same for other builds of the API (apps/api/dist of another checkout).
// BENCH_ROUNDS=n (default 3) measures every row n times, interleaved, and reports the median.
// BENCH_ONLY keeps the rows it lists by title (comma-separated) and the rows they are compared with.
// "get-key-information while 5 … tabs poll" rows (decision 025) read the same key while
// BENCH_DASHBOARDS (5) signed-in Key Manager pages poll as the web app does
// (scripts/bench-dashboards.mjs), one row per tab in BENCH_DASHBOARD_TABS (default `keys,dashboard`).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { signInPages, startDashboards } from './bench-dashboards.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** wrk threads for the rows whose connections need no state of their own (one event loop each). */
const THREADS = Math.max(1, Number(process.env.BENCH_THREADS ?? 1));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ANALYTICS = (process.env.BENCH_ANALYTICS ?? 'compare').toLowerCase();
if (!['compare', 'on'].includes(ANALYTICS)) {
  console.error(`BENCH_ANALYTICS must be compare or on, not ${ANALYTICS}`);
  process.exit(1);
}
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
// BENCH_SECOND_NODE (decision 029's name) adds one more binary after BENCH_NODE's.
const NODES = [
  ...(process.env.BENCH_NODE || process.execPath).split(','),
  ...(process.env.BENCH_SECOND_NODE ? [process.env.BENCH_SECOND_NODE] : []),
].filter(Boolean);
const MANY_KEYS = 10_000;
const DASHBOARDS = Number(process.env.BENCH_DASHBOARDS ?? 5);
const DASHBOARD_TABS = (process.env.BENCH_DASHBOARD_TABS ?? 'keys,dashboard').split(',').filter(Boolean);
const PASSWORD = 'bench-keys-pass-1';
const PREFIX = '/api/v1/saas-platform/key-manager';

/** wrk from Debian's package: installed with apt-get when missing, with a clear message when it cannot be. */
function ensureWrk() {
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
  if (process.env.BENCH_WRK) return process.env.BENCH_WRK;
  if (has('wrk')) return 'wrk';
  const manual =
    'Install it with your package manager (Debian/Ubuntu: apt-get install wrk) and run the bench again; it downloads nothing else.';
  if (!has('apt-get')) {
    console.error(`bench:keys needs wrk, and this machine has no apt-get. ${manual}`);
    process.exit(1);
  }
  const sudo = process.getuid?.() === 0 ? [] : has('sudo') ? ['sudo', '-n'] : null;
  if (sudo === null) {
    console.error(`bench:keys needs wrk; apt-get needs root and there is no sudo. ${manual}`);
    process.exit(1);
  }
  const apt = (...args) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.log("bench:keys: installing Debian's wrk with apt-get");
  if (!apt('install', '-y', '-qq', 'wrk') && !(apt('update', '-qq') && apt('install', '-y', '-qq', 'wrk'))) {
    console.error(`bench:keys needs wrk and apt-get could not install it. ${manual}`);
    process.exit(1);
  }
  return 'wrk';
}
const WRK = ensureWrk();

const dist = path.join(root, 'apps/api/dist');
// BENCH_DIST=/other/apps/api/dist[,…] benchmarks other builds of the server too (before/after a
// change, in one run); each is measured against the same bare reference under the same node. The
// builds share the databases this script seeds (with this checkout's migrations), so they must have
// the same migrations.
const DISTS = (process.env.BENCH_DIST || dist)
  .split(',')
  .filter(Boolean)
  .map((d) => path.resolve(d));
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const importDist = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { openPglite, openPostgres } = await importDist('db/client.js');
const { migrateDatabase } = await importDist('migrate.js');
const { hashSecret } = await importDist('platform/auth/passwords.js');
// The headers an API reply of the server carries (decision 038), for the bare app's /with-headers
// routes; a build before decision 038 sent the document set on every reply.
const securityHeaders = await importDist('platform/http/security-headers.js');
const SECURITY_HEADERS =
  securityHeaders.REPLY_HEADERS?.api ??
  securityHeaders.computeSecurityHeaders(securityHeaders.HELMET_OPTIONS);

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-keys-'));
/** Databases made for this run, dropped at the end (PostgreSQL). */
const createdDatabases = [];

/** A database of its own for one server: a PGlite dir, or a new database on DATABASE_URL's server. */
async function newDatabase(label) {
  const dataDir = path.join(workDir, label);
  await mkdir(dataDir, { recursive: true });
  if (!process.env.DATABASE_URL) return { dataDir, url: null };
  const name = `bench_${Date.now()}_${label}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return { dataDir, url: url.toString() };
}

async function dropDatabases() {
  if (createdDatabases.length === 0) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (const name of createdDatabases) await client.query(`drop database if exists ${name} with (force)`);
    const { rows } = await client.query('select datname from pg_database where datname = any($1)', [
      createdDatabases,
    ]);
    if (rows.length > 0) console.error(`Could not drop ${rows.map((r) => r.datname).join(', ')}`);
    else console.log(`Dropped ${createdDatabases.join(', ')}`);
  } finally {
    await client.end();
  }
}

/** The licence keys of one round's owner. */
const keysOf = (round) => ({
  info: `BENCH-R${round}-INFO`,
  pair: `BENCH-R${round}-PAIR`,
  device: `BENCH-R${round}-DEVICE`,
  many: (n) => `BENCH-R${round}-MANY-${n}`,
});

/**
 * Seeds one owner per round on a plan with a very high rate: its licence keys and API key, by SQL,
 * before the server opens the database. Returns the owners, round by round.
 */
async function seed({ dataDir, url }) {
  const database = url
    ? await openPostgres(url, 2)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrateDatabase(database);
  const query = (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
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
  const passwordHash = await hashSecret(PASSWORD);
  const owners = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const keys = keysOf(round);
    const email = `bench-${round}@example.com`;
    const apiKey = `km_live_${randomBytes(32).toString('base64url')}`;
    const { rows: users } = await query(
      `insert into users (email, username, first_name, last_name, password_hash, security_question, security_answer_hash)
       values ($1, $2, 'Bench', 'User', $3, 'q', 'x') returning id`,
      [email, `Bench User ${round}`, passwordHash],
    );
    const userId = users[0].id;
    await query(`insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)`, [
      userId,
      products[0].id,
      plans[0].id,
    ]);
    await query(
      `insert into licence_keys (owner_id, key, max_activations) values ($1, $2, 3), ($1, $3, 0), ($1, $4, 3)`,
      [userId, keys.info, keys.pair, keys.device],
    );
    // Many keys read in turn: each is re-read about once per cache lifetime, so misses are measured too.
    await query(
      `insert into licence_keys (owner_id, key, max_activations)
       select $1, $2 || n, 3 from generate_series(1, ${MANY_KEYS}) as n`,
      [userId, keys.many('')],
    );
    await query(
      `insert into manager_api_keys (owner_id, key_hash, prefix, last_four) values ($1, $2, $3, $4)`,
      [userId, createHash('sha256').update(apiKey).digest('hex'), apiKey.slice(0, 12), apiKey.slice(-4)],
    );
    owners.push({ round, email, apiKey, keys, tokens: [] });
  }
  await database.close();
  return owners;
}

const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A server, built, under `node`, on its own database; logging at warn as in production. */
function startServer(node, serverDist, target) {
  const env = {
    ...process.env,
    PORT: String(target.port),
    DATA_DIR: target.database.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...target.env,
  };
  if (target.database.url) env.DATABASE_URL = target.database.url;
  else delete env.DATABASE_URL;
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  return spawn(node, [...nodeArgs, path.join(serverDist, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The bare Fastify reference, under the same node as the server. */
function startBare(node, port) {
  return spawn(node, [path.join(root, 'scripts/bench-bare-fastify.mjs')], {
    env: {
      ...process.env,
      BENCH_BARE_PORT: String(port),
      BENCH_BARE_HEADERS: JSON.stringify(SECURITY_HEADERS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
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

const lua = (value) => JSON.stringify(value); // a JSON string is a valid Lua string literal here (ASCII)

// wrk's `done` prints one JSON line; the shell's `times` then prints wrk's own CPU time (children).
const DONE = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nBENCH_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
  for _, thread in ipairs(all or {}) do
    local refusal = thread:get("refusal")
    if refusal then io.write("BENCH_REFUSAL " .. refusal .. "\\n") end
  end
end
`;

/** The Lua of a row whose every request is the same. */
function staticScript({ method = 'GET', headers = {}, body }) {
  const lines = [`wrk.method = ${lua(method)}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${lua(body)}`);
  return `${lines.join('\n')}\n${DONE}`;
}

/** Each thread gets its number (wrk's setup runs in the main Lua state, once per thread). */
const THREAD_IDS = `
local threads = 0
local all = {}
setup = function(thread)
  thread:set("id", threads)
  threads = threads + 1
  table.insert(all, thread)
end
`;
/** For the rows with their own Lua (low rates): the first refusal of each thread, printed by \`done\`. */
const FIRST_REFUSAL = `
local refused = false
local last = ""
response = function(status, headers, body)
  if status >= 400 and not refused then
    refused = true
    wrk.thread:set("refusal", status .. " " .. body .. (calls and (" (call " .. calls .. " of its connection)") or "") .. " after " .. last)
  end
  last = status .. " " .. body
end
`;
const luaHeaders = (headers) =>
  `{${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')}}`;

let scriptCount = 0;
/** Runs wrk for one row; resolves to its numbers (latencies in ms). */
async function runWrk(base, spec, seconds = DURATION) {
  scriptCount += 1;
  const file = path.join(workDir, `row-${scriptCount}.lua`);
  await writeFile(file, spec.script);
  const threads = spec.threads ?? THREADS;
  const connections = spec.connections ?? CONNECTIONS;
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    '-s',
    file,
    `${base}${spec.path}`,
  ];
  return new Promise((resolve, reject) => {
    // bash's `times` prints the CPU time of its finished children: wrk's own user and system time.
    const child = spawn('bash', ['-c', `"$0" "$@" && times`, WRK, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('BENCH_JSON '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk failed (exit ${code}): ${err || out}`));
        return;
      }
      const result = JSON.parse(line.slice('BENCH_JSON '.length));
      const times = out.trim().split('\n').at(-1).split(/\s+/).map(parseShellTime);
      const clientMs = times.length === 2 ? times[0] + times[1] : Number.NaN;
      const refusals = out
        .split('\n')
        .filter((text) => text.startsWith('BENCH_REFUSAL '))
        .map((text) => text.slice('BENCH_REFUSAL '.length));
      const replies = result.requests;
      // A row that got no reply at all (a starved or stuck server) fails too.
      if (replies === 0) refusals.push('no reply during the whole row');
      resolve({
        replies,
        rate: replies / (result.durationUs / 1e6),
        p50: result.p50 / 1000,
        p99: result.p99 / 1000,
        bytesPerReply: replies ? result.bytes / replies : 0,
        non2xx: result.status,
        errors: result.connect + result.read + result.write + result.timeout + (replies === 0 ? 1 : 0),
        clientCpuShare: clientMs / (result.durationUs / 1000),
        refusals,
      });
    });
  });
}
/** `1m2.345s` → milliseconds. */
function parseShellTime(text) {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 1000 : Number.NaN;
}

/** One request of a row, over node:http, to check it succeeds and count its header block's bytes. */
function probe(base, { path: target, method = 'GET', headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${target}`, { method, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        let headerBytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < raw.length; i += 2)
          headerBytes += Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`);
        resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString(), headerBytes });
      });
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

const json = (apiKey) => ({ Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' });

const BARE_GET = 'bare Fastify GET (reference)';
const BARE_POST = 'bare Fastify POST JSON echo (reference)';
const BARE_GET_HEADERS = 'bare GET + our API reply headers and request id (reference)';
const BARE_POST_HEADERS = 'bare POST echo + our API reply headers and request id (reference)';
const PAIRS = 'activate+deactivate pairs with fingerprints (one per connection)';
const COMPARED =
  (process.env.BENCH_COMPARE ?? 'analytics').toLowerCase() === 'metrics'
    ? { variable: 'METRICS', target: 0.97 }
    : { variable: 'KEY_ANALYTICS', target: 0.95 };
const OFF = ` (${COMPARED.variable}=off)`;
const fingerprintOf = (round) => `bench-device-r${round}`;

/**
 * The rows, in the order they run. `server` is 'bare', 'on' (the server) or 'off' (the second
 * server, KEY_ANALYTICS=off); `reference` names the bare row a route is compared with; `target` is
 * issue 32's goal for that ratio (and `p99` its latency goal); `onOff` names the row of the first
 * server an 'off' row is compared with. `spec(owner)` gives the row's request for a round's owner:
 * `{path, method, headers, body}` for a row of identical requests, or `{path, script, probe}` with
 * its own Lua. A row with `optional` is a route that may not exist on this build yet: it is probed
 * first and skipped on a 404. Adding a public route to the table is one entry here.
 */
function rows() {
  const keyRoute = (route, body) => (owner) => ({
    path: `${PREFIX}/${route}`,
    method: 'POST',
    headers: json(owner.apiKey),
    body: JSON.stringify(typeof body === 'function' ? body(owner) : body),
  });
  const info = keyRoute('get-key-information', (owner) => ({ key: owner.keys.info }));
  // Licensing's one validation call (decision 032), as an installed app sends it: key and device.
  const validate = keyRoute('validate-key', (owner) => ({
    key: owner.keys.device,
    fingerprint: fingerprintOf(owner.round),
  }));
  const device = (owner) => ({ key: owner.keys.device, fingerprint: fingerprintOf(owner.round) });
  const echo = { path: '/echo', method: 'POST', headers: { 'Content-Type': 'application/json' } };
  const echoBody = JSON.stringify({ key: 'BENCH-R0-INFO' });
  const compare = ANALYTICS === 'compare';
  return [
    { title: BARE_GET, server: 'bare', spec: () => ({ path: '/' }) },
    {
      title: BARE_GET_HEADERS,
      server: 'bare',
      reference: BARE_GET,
      spec: () => ({ path: '/with-headers/' }),
    },
    {
      title: 'GET /healthz',
      server: 'on',
      reference: BARE_GET,
      withHeaders: BARE_GET_HEADERS,
      target: 0.7,
      spec: () => ({ path: '/healthz' }),
    },
    { title: BARE_POST, server: 'bare', spec: () => ({ ...echo, body: echoBody }) },
    {
      title: BARE_POST_HEADERS,
      server: 'bare',
      reference: BARE_POST,
      spec: () => ({ ...echo, path: '/with-headers/echo', body: echoBody }),
    },
    {
      title: 'get-key-information',
      server: 'on',
      reference: BARE_POST,
      withHeaders: BARE_POST_HEADERS,
      target: 0.5,
      p99: 10,
      spec: info,
    },
    ...(compare
      ? [
          {
            title: `get-key-information${OFF}`,
            server: 'off',
            reference: BARE_POST,
            onOff: 'get-key-information',
            spec: info,
          },
        ]
      : []),
    {
      title: 'validate-key',
      server: 'on',
      reference: BARE_POST,
      target: 0.5,
      p99: 10,
      optional: true,
      spec: validate,
    },
    ...(compare
      ? [
          {
            title: `validate-key${OFF}`,
            server: 'off',
            reference: BARE_POST,
            onOff: 'validate-key',
            optional: true,
            spec: validate,
          },
        ]
      : []),
    // Decision 025: the same calls while the key's owner has Key Manager pages open.
    ...DASHBOARD_TABS.map((tab) => ({
      title: `get-key-information while ${DASHBOARDS} ${tab === 'keys' ? 'Keys' : 'Dashboard'} tabs poll`,
      server: 'on',
      reference: 'get-key-information',
      target: 0.9,
      dashboards: tab,
      spec: info,
    })),
    {
      // One shared counter per wrk thread walks the keys, so each key is read about once per
      // MANY_KEYS requests: at these rates roughly once per cache lifetime, mostly misses.
      title: `get-key-information on ${MANY_KEYS} keys in turn`,
      server: 'on',
      reference: BARE_POST,
      spec: (owner) => ({
        path: `${PREFIX}/get-key-information`,
        probe: { ...keyRoute('get-key-information', { key: owner.keys.many(1) })(owner) },
        script: `${THREAD_IDS}
local n = 0
local path = ${lua(`${PREFIX}/get-key-information`)}
local headers = ${luaHeaders(json(owner.apiKey))}
request = function()
  n = n + 1
  local key = ${lua(owner.keys.many(''))} .. (((id or 0) * 997 + n) % ${MANY_KEYS} + 1)
  return wrk.format("POST", path, headers, '{"key":"' .. key .. '"}')
end
${FIRST_REFUSAL}
${DONE}`,
      }),
    },
    {
      // Issue 32 item 4: each pair is two calls, activate then deactivate, on the connection's own
      // fingerprint (a device row per activation). One wrk thread per connection, so a connection's
      // calls are in order: its deactivation is sent only once its activation was answered.
      title: PAIRS,
      server: 'on',
      reference: BARE_POST,
      threads: CONNECTIONS,
      calls: 2,
      // A run's fingerprints are its own: a call of the last run still in flight on the server
      // (a deactivation, say) must not meet this run's device.
      spec: (owner, run) => {
        return {
          path: `${PREFIX}/activate-key`,
          probe: keyRoute('activate-key', { key: owner.keys.pair, fingerprint: 'bench-probe' })(owner),
          after: keyRoute('deactivate-key', { key: owner.keys.pair, fingerprint: 'bench-probe' })(owner),
          script: `${THREAD_IDS}
local headers = ${luaHeaders(json(owner.apiKey))}
local activate, deactivate
init = function(args)
  local fingerprint = "bench-pair-r${owner.round}-${run}-" .. id
  local body = '{"key":"' .. ${lua(owner.keys.pair)} .. '","fingerprint":"' .. fingerprint .. '"}'
  activate = wrk.format("POST", ${lua(`${PREFIX}/activate-key`)}, headers, body)
  deactivate = wrk.format("POST", ${lua(`${PREFIX}/deactivate-key`)}, headers, body)
end
-- The next call flips when a reply arrives, not when a request is made: wrk calls the first
-- thread's request() once more before the run, to check what it returns.
local calls = 0
request = function()
  if calls % 2 == 0 then return activate end
  return deactivate
end
${FIRST_REFUSAL}
local answered = response
response = function(status, headers, body)
  calls = calls + 1
  answered(status, headers, body)
end
${DONE}`,
        };
      },
    },
    // Devices and offline licences (decisions 023, 024): one activated device heartbeats / checks out.
    {
      title: 'heartbeat',
      server: 'on',
      reference: BARE_POST,
      optional: true,
      spec: keyRoute('heartbeat', device),
    },
    {
      title: 'checkout-license',
      server: 'on',
      reference: BARE_POST,
      optional: true,
      spec: keyRoute('checkout-license', (owner) => ({ ...device(owner), ttlSeconds: 86_400 })),
    },
  ];
}

let wrkRuns = 0;
/** The wrk spec of a row for one owner: its request, or its own script. */
function wrkSpec(row, owner) {
  wrkRuns += 1;
  const spec = row.spec(owner, wrkRuns);
  if (spec.script) return { ...spec, threads: row.threads };
  return { path: spec.path, script: staticScript(spec), threads: row.threads };
}

/** Probes a row once; false when its route is not on this build (a 404 from the not-found handler). */
async function available(row, base, owner) {
  const spec = row.spec(owner);
  const first = spec.probe ?? spec;
  const response = await probe(base, first);
  if (spec.after) await probe(base, spec.after);
  // The not-found handler's message, not a route's own 404 (an unknown key, say).
  if (row.optional && response.status === 404 && response.text.includes('"No API route ')) return null;
  // A route that refuses the row's request: the row needs fixing, so say so rather than skip it.
  if (response.status >= 300)
    throw new Error(`${row.title}: probe failed: ${response.status} ${response.text}`);
  return response.headerBytes;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round2 = (value) => Math.round(value * 100) / 100;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs every row ROUNDS times under one node binary and build; returns the summary per row. */
async function benchUnder(node, serverDist, targets, barePort) {
  let stopping = false;
  const servers = {};
  for (const target of targets) {
    servers[target.name] = startServer(node, serverDist, target);
    // Said plainly rather than as a later "fetch failed".
    servers[target.name].once('exit', (code, signal) => {
      if (!stopping)
        console.error(
          `The ${target.name} server exited during the run (code ${code}, signal ${signal}) at ${new Date().toISOString()}`,
        );
    });
  }
  servers.bare = startBare(node, barePort);
  const bases = { bare: `http://127.0.0.1:${barePort}` };
  for (const target of targets) bases[target.name] = `http://127.0.0.1:${target.port}`;
  const owners = Object.fromEntries(targets.map((target) => [target.name, target.owners]));
  owners.bare = targets[0].owners;
  try {
    await Promise.all([
      ...targets.map((target) => waitReady(`${bases[target.name]}/readyz`)),
      waitReady(`${bases.bare}/`),
    ]);
    const version = execFileSync(node, ['--version']).toString().trim();
    // The device the validate, heartbeat and checkout rows use, one per round and server
    // (activation with a fingerprint is idempotent).
    for (const target of targets)
      for (const owner of target.owners) {
        const reply = await probe(bases[target.name], {
          path: `${PREFIX}/activate-key`,
          method: 'POST',
          headers: json(owner.apiKey),
          body: JSON.stringify({ key: owner.keys.device, fingerprint: fingerprintOf(owner.round) }),
        });
        if (reply.status !== 200) throw new Error(`device activation failed: ${reply.status} ${reply.text}`);
      }
    // BENCH_ONLY="GET /healthz,get-key-information" keeps those rows and the rows they compare with.
    const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
    const every = rows().filter((row) => servers[row.server]);
    const listed = (row) =>
      !only.length || only.includes(row.title) || (row.onOff && only.includes(row.onOff));
    const kept = every.filter(listed);
    const all = every.filter(
      (row) => kept.includes(row) || kept.some((other) => other.reference === row.title),
    );
    const active = [];
    const headerBytes = new Map();
    for (const row of all) {
      const bytes = await available(row, bases[row.server], owners[row.server][0]);
      if (bytes === null) console.log(`(${row.title}: no such route on this build, row skipped)`);
      else {
        active.push(row);
        headerBytes.set(row.title, bytes);
      }
    }
    // Warm-up: JIT, connection pool and key cache, every process.
    for (const row of active.filter((r) => !r.dashboards))
      await runWrk(bases[row.server], wrkSpec(row, owners[row.server][0]), 2);
    const needsPages = active.some((row) => row.dashboards);
    if (needsPages)
      for (const owner of owners.on)
        owner.tokens = await signInPages(bases.on, owner.email, PASSWORD, DASHBOARDS);
    const loadBefore = load();
    const measured = new Map(active.map((row) => [row.title, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // The 'off' rows run after their 'on' row in even rounds and before it in odd ones.
      const order = [...active];
      if (round % 2 === 1)
        for (let i = 1; i < order.length; i += 1)
          if (order[i].onOff && order[i - 1].title === order[i].onOff)
            [order[i - 1], order[i]] = [order[i], order[i - 1]];
      for (const row of order) {
        const owner = owners[row.server][round];
        const pid = servers[row.server].pid;
        // A second for the calls the last row left in flight, so they are not counted here.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const rowLoad = loadavg()[0];
        const pages = row.dashboards ? startDashboards(bases.on, owner.tokens, row.dashboards) : null;
        const before = cpuMs(pid);
        const result = await runWrk(bases[row.server], wrkSpec(row, owner));
        result.cpuUsPerRequest = ((cpuMs(pid) - before) * 1000) / result.replies;
        result.load = rowLoad;
        if (pages) result.dashboards = await pages.stop();
        measured.get(row.title).push(result);
        const failed = result.non2xx > 0 || result.errors > 0;
        console.log(
          `${failed ? 'FAILED ' : ''}round ${round + 1}/${ROUNDS} ${row.title}: ${Math.round(result.rate)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ${Math.round(result.cpuUsPerRequest)} µs CPU/req, wrk ${Math.round(result.clientCpuShare * 100)} % of a core, load ${rowLoad.toFixed(2)}${failed ? `, ${result.non2xx} replies ≥ 400 and ${result.errors} socket errors/timeouts` : ''}`,
        );
        for (const refusal of result.refusals) console.log(`  refused: ${refusal}`);
      }
    }
    const loadAfter = load();
    const summary = active.map((row) => {
      const results = measured.get(row.title);
      const rates = results.map((result) => result.rate);
      const perRound = (reference, pick) =>
        reference && measured.has(reference)
          ? median(results.map((result, index) => pick(result, measured.get(reference)[index])))
          : null;
      // The run whose rate is the median gives the latencies shown.
      const middle = results.find((result) => result.rate === median(rates)) ?? results[0];
      return {
        row,
        rate: median(rates),
        range: [Math.min(...rates), Math.max(...rates)],
        p50: middle.p50,
        p99: middle.p99,
        ratio: perRound(row.reference, (result, other) => result.rate / other.rate),
        ratioWithHeaders: perRound(row.withHeaders, (result, other) => result.rate / other.rate),
        onOff: perRound(row.onOff, (result, other) => other.rate / result.rate),
        onOffCpu: perRound(row.onOff, (result, other) => other.cpuUsPerRequest / result.cpuUsPerRequest),
        cpu: median(results.map((result) => result.cpuUsPerRequest)),
        cpuRatio: perRound(row.reference, (result, other) => other.cpuUsPerRequest / result.cpuUsPerRequest),
        clientCpu: Math.max(...results.map((result) => result.clientCpuShare)),
        bytesPerReply: median(results.map((result) => result.bytesPerReply)),
        headerBytes: headerBytes.get(row.title),
        loads: results.map((result) => result.load),
        non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        errors: results.reduce((sum, result) => sum + result.errors, 0),
        dashboards: results.map((result) => result.dashboards).filter(Boolean),
      };
    });
    const build = DISTS.length > 1 ? ` ${path.relative(root, serverDist) || serverDist}` : '';
    return { node, label: `Node ${version}${build}`, version, loadBefore, loadAfter, summary };
  } finally {
    stopping = true;
    await Promise.all(Object.values(servers).map(stop));
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

function printRun({ label, loadBefore, loadAfter, summary }) {
  const rounds = ROUNDS > 1 ? `, median of ${ROUNDS} interleaved rounds` : '';
  console.log(
    `\n${label}; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; wrk ${THREADS} thread(s), ${CONNECTIONS} connections, ${DURATION} s per row${rounds}`,
  );
  console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
  console.log(
    '| row | req/s | p50 ms | p99 ms | vs bare | target | vs bare + same headers | CPU µs/req | bare CPU ÷ row CPU | wrk CPU (max, share of a core) | bytes/reply (headers) | load at row start | non-2xx | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const entry of summary) {
    const { row, rate, range, p50, p99, ratio, ratioWithHeaders, cpu, cpuRatio, non2xx, errors } = entry;
    const rateText =
      ROUNDS > 1
        ? `${Math.round(rate)} (${Math.round(range[0])}–${Math.round(range[1])})`
        : `${Math.round(rate)}`;
    const against = { [BARE_GET]: 'GET', [BARE_POST]: 'POST' }[row.reference] ?? row.reference;
    const ratioText = ratio === null ? '1 (reference)' : `${round2(ratio)} of ${against}`;
    console.log(
      `| ${row.title} | ${rateText} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${ratioText} | ${verdict(entry)} | ${ratioWithHeaders === null ? '' : round2(ratioWithHeaders)} | ${Math.round(cpu)} | ${cpuRatio === null ? '' : round2(cpuRatio)} | ${Math.round(entry.clientCpu * 100)} % | ${Math.round(entry.bytesPerReply)} (${entry.headerBytes}) | ${entry.loads.map((value) => value.toFixed(2)).join(', ')} | ${non2xx} | ${errors} |`,
    );
  }
  const pairs = summary.find((entry) => entry.row.calls === 2);
  if (pairs) {
    // Issue 32's targets for pairs with fingerprints at 50 connections.
    const [goal, p99Goal] = process.env.DATABASE_URL ? [1000, 100] : [600, 250];
    const met = pairs.rate / 2 >= goal && pairs.p99 <= p99Goal;
    console.log(
      `\n${pairs.row.title}: ${Math.round(pairs.rate / 2)} pairs/s (each pair two calls), p99 of a call ${pairs.p99.toFixed(2)} ms, ${Math.round(pairs.cpu * 2)} µs of server CPU per pair; target ≥ ${goal} pairs/s, p99 ≤ ${p99Goal} ms: ${met ? 'met' : 'NOT met'}`,
    );
  }
  for (const entry of summary.filter((e) => e.onOff !== null)) {
    const on = summary.find((e) => e.row.title === entry.row.onOff);
    if (!on) continue;
    console.log(
      `${COMPARED.variable} on/off, ${entry.row.onOff}: ${round2(entry.onOff)} of the rate with ${COMPARED.variable}=off (on ${Math.round(on.rate)}, off ${Math.round(entry.rate)} req/s; CPU ${Math.round(on.cpu)} vs ${Math.round(entry.cpu)} µs/req, on ÷ off ${round2(entry.onOffCpu)}); target ≥ ${COMPARED.target}: ${entry.onOff >= COMPARED.target ? 'met' : 'NOT met'}`,
    );
  }
  for (const { row, non2xx, errors, dashboards } of summary) {
    if (non2xx > 0) console.log(`  FAILED: ${row.title}: ${non2xx} replies with a status of 400 or more`);
    if (errors > 0) console.log(`  FAILED: ${row.title}: ${errors} socket errors or timeouts`);
    for (const counts of dashboards)
      console.log(
        `  ${row.title}: the pages sent ${counts.requests} polls (${counts.notModified} answered 304, ${counts.failed} failed, ${counts.skipped} skipped while one was in flight)`,
      );
  }
}

let exitCode = 0;
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await dropDatabases();
  await rm(workDir, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  cleanUp().finally(() => process.exit(130));
});
try {
  const targets = [{ name: 'on', env: ANALYTICS === 'compare' ? { [COMPARED.variable]: 'on' } : {} }];
  if (ANALYTICS === 'compare') targets.push({ name: 'off', env: { [COMPARED.variable]: 'off' } });
  for (const target of targets) {
    target.database = await newDatabase(target.name);
    target.owners = await seed(target.database);
  }
  const runs = [];
  for (const node of NODES) {
    for (const serverDist of DISTS) {
      // Free ports per set: other benchmarks may run on this machine at the same time.
      for (const target of targets) target.port = await freePort();
      const result = await benchUnder(node, serverDist, targets, await freePort());
      printRun(result);
      runs.push(result);
      if (result.summary.some((entry) => entry.non2xx > 0 || entry.errors > 0)) exitCode = 1;
    }
  }
  if (runs.length > 1) {
    console.log('\nSide by side (req/s, ratio to the bare app of the same run; CPU µs/req):\n');
    console.log(`| row | ${runs.map((r) => r.label).join(' | ')} |`);
    console.log(`|---|${runs.map(() => '---').join('|')}|`);
    // By title: a build without a route has no row for it.
    const titles = [...new Set(runs.flatMap((r) => r.summary.map((entry) => entry.row.title)))];
    for (const title of titles) {
      const cells = runs.map((r) => {
        const other = r.summary.find((entry) => entry.row.title === title);
        if (!other) return '—';
        const ratio = other.ratio === null ? '' : ` (${round2(other.ratio)})`;
        return `${Math.round(other.rate)}${ratio}; ${Math.round(other.cpu)} µs`;
      });
      console.log(`| ${title} | ${cells.join(' | ')} |`);
    }
  }
  if (exitCode)
    console.error('\nbench:keys FAILED: a row had replies of 400 or more, socket errors or timeouts (above)');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
