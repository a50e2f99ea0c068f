// `npm run bench:bulk` (issue 26, decision 032): what export, import and the keys list cost when one
// owner holds 1,000 and then 1,000,000 licence keys. Fresh database each run: PGlite in a temp dir, or
// a database of its own on the PostgreSQL server of DATABASE_URL (dropped at the end). Keys are
// loaded by SQL (one `insert … select generate_series` per chunk, with the product the API would set
// and the counters the statement triggers keep), not through the API. Measured over real HTTP against
// the built server (`npx tsc -b apps/api` first):
// - export-keys: time to the first byte, total time, bytes, and the server's peak RSS while it streams
//   (sampled from /proc every 20 ms);
// - import-keys dry run of a 10,000-row CSV of new keys (the check must not grow with existing keys);
// - get-keys: the first page and a deep page (a cursor half-way down, as a user who paged there holds);
// - list-devices (one device per key): first page, a deep page, one product's, a key search.
// BENCH_SIZES=1000,1000000 chooses the sizes; BENCH_RUNS (3) repeats each timing and keeps the median
// (BENCH_EXPORT_RUNS, default BENCH_RUNS, for the exports).
// Prints a Markdown table for docs/performance.md.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshDatabase, startApi, stopChildren, waitReady } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_DIST: another build of the API (a copy of apps/api/dist beside a copy of apps/api/drizzle),
// so a long run is not disturbed by a rebuild of the checkout's own.
const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(root, 'apps/api/dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const { openPglite, openPostgres } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);

const SIZES = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Exports per size (BENCH_EXPORT_RUNS, default BENCH_RUNS): a million-key export on PGlite takes minutes. */
const EXPORT_RUNS = Math.max(1, Number(process.env.BENCH_EXPORT_RUNS ?? RUNS));
const IMPORT_ROWS = 10_000;
const CHUNK = 100_000;
const KM = '/api/v1/saas-platform/key-manager';
const OWNER = { email: 'bulk-owner@example.com', password: 'bench-bulk-pass-1' };

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
const BASE = `http://127.0.0.1:${PORT}`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-bulk-'));
const fresh = await freshDatabase(process.env.DATABASE_URL, 'bench_bulk');
const KIND = fresh.url ? 'PostgreSQL' : 'PGlite';

/** Opens the database for `fn(query)` (the server is stopped meanwhile: one process owns PGlite). */
async function withDatabase(fn) {
  const database = fresh.url
    ? await openPostgres(fresh.url, 2)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  const query = (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  try {
    return await fn(query, database);
  } finally {
    await database.close();
  }
}

let server = null;
async function startServer() {
  server = startApi({ dist, port: PORT, dataDir, databaseUrl: fresh.url });
  await waitReady(BASE);
}
async function stopServer() {
  if (server) await stopChildren([server]);
  server = null;
}
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);

async function post(target, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const response = await fetch(`${BASE}${target}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, json: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

async function signUp() {
  const { password, email } = OWNER;
  await post('/api/v1/user/authenticate/signup', {
    username: 'Bulk Bench',
    password,
    data: {
      firstName: 'Bulk',
      lastName: 'Bench',
      email,
      password,
      confirmationPassword: password,
      rememberMe: false,
      agree: true,
      securityQuestion: 'Q?',
      securityQuestionAnswer: 'A',
    },
  });
}
const signIn = async () =>
  (await post('/api/v1/user/authenticate/signin', { email: OWNER.email, password: OWNER.password })).json
    .access;

/** Key n: five groups of five from md5, the same in SQL and here. */
const keySql = (n) =>
  `upper(substr(md5(${n}::text || 'b'), 1, 5) || '-' || substr(md5(${n}::text || 'b'), 6, 5) || '-' ||
   substr(md5(${n}::text || 'b'), 11, 5) || '-' || substr(md5(${n}::text || 'b'), 16, 5) || '-' ||
   substr(md5(${n}::text || 'b'), 21, 5))`;

/**
 * Keys `from`..`to` of the owner, as issue and import write them: the product, a customer on every
 * other key, every 10th with an expiry; created a millisecond apart. Statement triggers keep the
 * owner's counters (one aggregate per statement).
 */
async function loadKeys(query, ownerId, productId, from, to) {
  for (let start = from; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    await query(
      `insert into licence_keys (owner_id, product_id, key, name, max_activations, current_activations, is_active,
         expires_at, customer_name, customer_email, created_at, updated_at)
       select $1, $2, ${keySql('n')}, 'Seat ' || n, 3, n % 3, n % 7 <> 0,
         case when n % 10 = 0 then timestamptz '2027-01-01' + n * interval '1 second' end,
         case when n % 2 = 0 then 'Customer ' || n end,
         case when n % 2 = 0 then 'customer' || n || '@example.com' end,
         timestamptz '2026-01-01' + n * interval '1 millisecond', now()
       from generate_series(${start}::int, ${end}::int) as n`,
      [ownerId, productId],
    );
  }
  // One device per key, seen a day after the key was made (migration 0040's trigger fills in the
  // owner and product of each).
  await query(
    `insert into licence_key_devices (key_id, fingerprint, name, platform, created_at, last_seen_at)
     select k.id, md5(k.key), 'Device ' || k.name, 'linux', k.created_at, k.created_at + interval '1 day'
     from licence_keys k
     where k.owner_id = $1 and k.created_at >= timestamptz '2026-01-01' + $2::int * interval '1 millisecond'
       and k.created_at <= timestamptz '2026-01-01' + $3::int * interval '1 millisecond'`,
    [ownerId, from, to],
  );
  // What autovacuum does after a bulk load: statistics, and the trigram indexes' pending lists merged.
  await query('vacuum analyze licence_keys');
  await query('vacuum analyze licence_key_devices');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The export streamed to the end: first byte, total, bytes, and the server's peak RSS meanwhile. */
async function exportOnce(token) {
  const baseline = rssKb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb());
  }, 20);
  const started = performance.now();
  const response = await fetch(`${BASE}${KM}/export-keys`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`export-keys: ${response.status}`);
  let firstByte = null;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb());
  return { firstByte, total, bytes, rows: lines - 1, baselineMb: baseline / 1024, peakMb: peak / 1024 };
}

/** A CSV of IMPORT_ROWS new keys (none exists yet: the dry run checks each against the table). */
function importCsv() {
  let text = 'key,name,max_activations,customer_email\n';
  for (let i = 1; i <= IMPORT_ROWS; i += 1) {
    const hex = createHash('md5').update(`import-${i}`).digest('hex').toUpperCase();
    const key = [0, 5, 10, 15, 20].map((at) => hex.slice(at, at + 5)).join('-');
    text += `IMP-${key},Imported ${i},2,buyer${i}@example.com\n`;
  }
  return text;
}

/** Cursors half-way down the newest-first lists, as get-keys and list-devices write them ([exact time, id]). */
async function deepCursors(query, ownerId, size) {
  const cursor = (row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
  const half = Math.floor(size / 2);
  const { rows: keys } = await query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
     from licence_keys where owner_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [ownerId, half],
  );
  const { rows: devices } = await query(
    `select to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
     from licence_key_devices where owner_id = $1 order by last_seen_at desc, id desc offset $2 limit 1`,
    [ownerId, half],
  );
  return { keys: cursor(keys[0]), devices: cursor(devices[0]) };
}

/** Progress on stderr: a million-key export on PGlite takes minutes. */
const note = (text) => process.stderr.write(`bench:bulk ${new Date().toISOString().slice(11, 19)} ${text}\n`);

async function measure(size, cursors, productId) {
  // A fresh access token for each step: they live 15 minutes, less than some of these runs.
  const exports = [];
  for (let i = 0; i < EXPORT_RUNS; i += 1) {
    exports.push(await exportOnce(await signIn()));
    note(`${size} keys: export ${i + 1} of ${EXPORT_RUNS} in ${(exports.at(-1).total / 1000).toFixed(1)} s`);
  }
  const csv = importCsv();
  const imports = [];
  let token = await signIn();
  for (let i = 0; i < RUNS; i += 1) {
    const { ms, json } = await post(`${KM}/import-keys`, { csv, dryRun: true }, token);
    if (json.errorCount !== 0 || json.rows !== IMPORT_ROWS)
      throw new Error(`import dry run: ${json.message}`);
    imports.push(ms);
  }
  note(`${size} keys: import dry runs done`);
  token = await signIn();
  const firstPages = [];
  const deepPages = [];
  for (let i = 0; i < RUNS * 3; i += 1) {
    firstPages.push((await post(`${KM}/get-keys`, { limit: 50 }, token)).ms);
    const deep = await post(`${KM}/get-keys`, { limit: 50, cursor: cursors.keys }, token);
    if (deep.json.keys.length !== 50) throw new Error('deep page is short');
    deepPages.push(deep.ms);
  }
  // The Devices tab (list-devices): first page, a deep page, one product's, a key search.
  const devices = { first: [], deep: [], product: [], search: [] };
  const listDevices = async (body, into) => {
    const reply = await post(`${KM}/list-devices`, { limit: 50, ...body }, token);
    if (reply.json.devices.length === 0) throw new Error(`list-devices ${JSON.stringify(body)} is empty`);
    into.push(reply.ms);
  };
  for (let i = 0; i < RUNS * 3; i += 1) {
    await listDevices({}, devices.first);
    await listDevices({ cursor: cursors.devices }, devices.deep);
    await listDevices({ productId }, devices.product);
    await listDevices({ search: `Seat ${Math.ceil(size / 3)}` }, devices.search);
  }
  const last = exports.at(-1);
  if (last.rows !== size) throw new Error(`export wrote ${last.rows} rows, expected ${size}`);
  return {
    size,
    firstByte: median(exports.map((e) => e.firstByte)),
    exportTotal: median(exports.map((e) => e.total)),
    exportMb: last.bytes / 1024 / 1024,
    rssBase: median(exports.map((e) => e.baselineMb)),
    rssPeak: Math.max(...exports.map((e) => e.peakMb)),
    importDry: median(imports),
    firstPage: median(firstPages),
    deepPage: median(deepPages),
    devicesFirst: median(devices.first),
    devicesDeep: median(devices.deep),
    devicesProduct: median(devices.product),
    devicesSearch: median(devices.search),
  };
}

const loadAtStart = loadavg();
const results = [];
try {
  await startServer();
  await signUp();
  // The Key Manager's built-in product (made on first use).
  await post(`${KM}/data`, {}, await signIn());
  await stopServer();
  const ids = await withDatabase(async (query) => {
    const { rows: users } = await query('select id from users where email = $1', [OWNER.email]);
    const ownerId = users[0].id;
    const { rows: saas } = await query(`select id from saas_products where slug = 'key-manager'`);
    const { rows: plans } = await query(
      `insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed, archived)
       values ($1, 'bench-bulk', 'Bench bulk', true, 100000000, 0, true) returning id`,
      [saas[0].id],
    );
    await query('insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)', [
      ownerId,
      saas[0].id,
      plans[0].id,
    ]);
    // The default product as the BEFORE INSERT trigger makes it, then every key names it.
    await query(`insert into licence_keys (owner_id, key, max_activations) values ($1, 'BULK-FIRST', 1)`, [
      ownerId,
    ]);
    const { rows: products } = await query(
      'select product_id from licence_keys where owner_id = $1 and key = $2',
      [ownerId, 'BULK-FIRST'],
    );
    await query(`delete from licence_keys where key = 'BULK-FIRST'`);
    return { ownerId, productId: products[0].product_id };
  });
  let loaded = 0;
  for (const size of SIZES) {
    const loadStarted = performance.now();
    const cursors = await withDatabase(async (query) => {
      await loadKeys(query, ids.ownerId, ids.productId, loaded + 1, size);
      const { rows } = await query('select keys from licence_key_counters where owner_id = $1', [
        ids.ownerId,
      ]);
      if (Number(rows[0]?.keys) !== size)
        throw new Error(`counters say ${rows[0]?.keys} keys, expected ${size}`);
      return deepCursors(query, ids.ownerId, size);
    });
    loaded = size;
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    note(`${size} keys loaded in ${loadSeconds.toFixed(0)} s`);
    await startServer();
    const result = await measure(size, cursors, ids.productId);
    result.loadSeconds = loadSeconds;
    results.push(result);
    console.log(JSON.stringify(result));
    await stopServer();
  }
} finally {
  await stopServer();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}

const f = (value, digits = 1) => value.toFixed(digits);
console.log(
  `\n## bench:bulk on ${KIND} (${cpus().length} cores; load ${loadAtStart.map((v) => v.toFixed(2)).join(' / ')}; median of ${RUNS}, exports ${EXPORT_RUNS})\n`,
);
console.log(
  '| keys | export first byte (ms) | export total (s) | export size (MB) | server RSS before → peak (MB) | import dry run, 10,000 rows (ms) | get-keys first page (ms) | get-keys deep page (ms) | load (s) |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const devicesTable = [
  '',
  '| keys and devices | list-devices first page (ms) | deep page (ms) | one product (ms) | key search "Seat <size/3>" (ms) |',
  '|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.size.toLocaleString('en')} | ${f(r.devicesFirst)} | ${f(r.devicesDeep)} | ${f(r.devicesProduct)} | ${f(r.devicesSearch)} |`,
  ),
];
for (const r of results) {
  console.log(
    `| ${r.size.toLocaleString('en')} | ${f(r.firstByte)} | ${f(r.exportTotal / 1000, 2)} | ${f(r.exportMb)} | ${f(r.rssBase, 0)} → ${f(r.rssPeak, 0)} | ${f(r.importDry)} | ${f(r.firstPage)} | ${f(r.deepPage)} | ${f(r.loadSeconds)} |`,
  );
}
console.log(devicesTable.join('\n'));
