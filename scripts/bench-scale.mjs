// `npm run bench:scale` (issue 17): the cost of the dashboard's lists as the data grows. For each
// size it bulk-loads rows for one owner with INSERT … SELECT generate_series (one statement per
// chunk, no API calls), checks with EXPLAIN that no list statement scans the table, then measures
// over real HTTP: first-page and search latency (p50/p99, one client), reply bytes, a conditional
// poll (304), get-key-information on random keys (the cache-miss path), /healthz p99 while 20
// clients page through the list, and the server's RSS. Prints a Markdown table for
// docs/performance.md.
//
// Database: a fresh PostgreSQL database on DATABASE_URL (default postgres://postgres@127.0.0.1:5432,
// created here and dropped at the end), or PGlite in a temp dir with BENCH_DB=pglite (the server is
// stopped while PGlite loads, since one process owns a PGlite directory).
// BENCH_SIZES=10000,100000,1000000 chooses the sizes (PGlite default: 10000,100000).
//
// To add a list (users, projects, …): add an entry to LISTS with its loader and its requests; the
// measuring code is shared.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SIZES ?? (KIND === 'pglite' ? '10000,100000' : '10000,100000,1000000'))
  .split(',')
  .map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const PAGING_CLIENTS = 20;
const CHUNK = 100_000;
const KM = '/api/v1/saas-platform/key-manager';
const PASSWORD = 'bench-scale-pass-1';
const EMAIL = 'bench-scale@example.com';

const dist = path.join(root, 'apps/api/dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const { openPglite, openPostgres } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);
const { LicenceKeyList } = await import(
  pathToFileURL(path.join(dist, 'modules/key-manager/licence-key-list.js')).href
);
const { propertyPageQuery } = await import(
  pathToFileURL(path.join(dist, 'modules/business/property-page-query.js')).href
);

// ---- The lists measured. Each: load(query, ownerId, from, to) adds rows from..to-1; requests. ----

/** A deterministic pseudo-random licence key per row number (5 groups of 5, like real keys). */
const keySql = (n) =>
  `upper(substr(md5(${n}::text || 'k'), 1, 5) || '-' || substr(md5(${n}::text || 'k'), 6, 5) || '-' ||
   substr(md5(${n}::text || 'k'), 11, 5) || '-' || substr(md5(${n}::text || 'k'), 16, 5) || '-' ||
   substr(md5(${n}::text || 'k'), 21, 5))`;
const keyOf = (n) => {
  const hex = createHash('md5').update(`${n}k`).digest('hex').toUpperCase();
  return [0, 5, 10, 15, 20].map((at) => hex.slice(at, at + 5)).join('-');
};

/** The bench owner's business, registered by SQL when the houses are first loaded. */
let businessId = '';
const HOUSES = '/api/business/real-estate/house/get';

const LISTS = [
  {
    name: 'licence keys',
    table: 'licence_keys',
    async load(query, ownerId, from, to) {
      for (let start = from; start < to; start += CHUNK) {
        const end = Math.min(to, start + CHUNK) - 1;
        // Every 7th key disabled, every 5th at its activation limit, names `Customer <n>`.
        await query(
          `insert into licence_keys (owner_id, key, name, max_activations, current_activations, is_active, created_at, updated_at)
           select $1, ${keySql('n')}, 'Customer ' || n,
             case when n % 5 = 0 then 2 else 3 end, case when n % 5 = 0 then 2 else n % 3 end,
             n % 7 <> 0, timestamptz '2026-01-01' + n * interval '1 millisecond', now()
           from generate_series(${start}::int, ${end}::int) as n`,
          [ownerId],
        );
      }
    },
    firstPage: () => ({ path: `${KM}/get-keys`, body: {} }),
    /** Searches of three kinds: a key fragment (one match), a name (1–11 matches), a broad word. */
    searches: (size) => [
      () => ({ path: `${KM}/get-keys`, body: { search: keyOf(randomRow(size)).slice(6, 14) } }),
      () => ({ path: `${KM}/get-keys`, body: { search: `Customer ${randomRow(size)}` } }),
      () => ({ path: `${KM}/get-keys`, body: { search: 'customer' } }),
      () => ({ path: `${KM}/get-keys`, body: { is_active: false } }),
      () => ({ path: `${KM}/get-keys`, body: { at_limit: true } }),
    ],
    explain: (db, ownerId, size) => {
      const list = new LicenceKeyList(db);
      const shapes = {
        'first page': { limit: 50 },
        'key fragment': { limit: 50, search: keyOf(randomRow(size)).slice(6, 14) },
        'name (common word + number)': { limit: 50, search: 'Customer 4242' },
        'name number only': { limit: 50, search: '4242' },
        'broad word (every row)': { limit: 50, search: 'customer' },
        disabled: { limit: 50, is_active: false },
        'at limit': { limit: 50, at_limit: true },
        'exact key': { limit: 50, key: keyOf(1) },
      };
      return Object.entries(shapes).map(([label, shape]) => ({
        label,
        statement: list.pageQuery(ownerId, shape),
      }));
    },
  },
  {
    // Decision 030: one business holding every listing (the owner's walk is bounded by the business).
    name: 'houses',
    table: 'real_estate_properties',
    async load(query, ownerId, from, to) {
      if (!businessId) {
        const { rows } = await query(
          `insert into businesses (owner_id, type_id, name)
           select $1, id, 'Bench Estates' from business_types where type = 'RealEstate' returning id`,
          [ownerId],
        );
        businessId = rows[0].id;
      }
      for (let start = from; start < to; start += CHUNK) {
        const end = Math.min(to, start + CHUNK) - 1;
        // Statuses in turn (a quarter Sold), every 1,000th listing in Canada, addresses `<n> Quay Street`.
        await query(
          `insert into real_estate_properties (business_id, kind, status_id, bedrooms, bathrooms, garages, floors,
             area, price_cents, address, country_code, state_code, created_at, updated_at)
           select $1, 'house', 1 + n % 4, 2, 1, 1, 1, 1700, 4500000, n || ' Quay Street',
             case when n % 1000 = 0 then 'CA' else 'US' end, case when n % 1000 = 0 then 'ON' else 'CA' end,
             timestamptz '2026-01-01' + n * interval '1 millisecond', now()
           from generate_series(${start}::int, ${end}::int) as n`,
          [businessId],
        );
      }
    },
    firstPage: () => ({ path: HOUSES, body: { business: businessId } }),
    /** An address (one match), a status (a quarter), a rare country (0.1%), a word in every address. */
    searches: (size) => [
      () => ({ path: HOUSES, body: { business: businessId, search: `${randomRow(size)} Quay` } }),
      () => ({ path: HOUSES, body: { business: businessId, search: 'sold' } }),
      () => ({ path: HOUSES, body: { business: businessId, search: 'canada' } }),
      () => ({ path: HOUSES, body: { business: businessId, search: 'quay' } }),
    ],
    explain: (db, _ownerId, size) => {
      const shapes = {
        'first page': {},
        address: { search: `${randomRow(size)} Quay` },
        'status "sold"': { search: 'sold' },
        'rare country "canada"': { search: 'canada' },
        'no match "zebra"': { search: 'zebra' },
        'broad word "quay"': { search: 'quay' },
      };
      return Object.entries(shapes).map(([label, shape]) => ({
        label,
        statement: propertyPageQuery(db, { businessId }, 'house', {
          business: businessId,
          limit: 50,
          ...shape,
        }),
      }));
    },
  },
];

/** Only these lists (BENCH_LISTS=houses), default all. */
const CHOSEN = process.env.BENCH_LISTS?.split(',');
const lists = () => LISTS.filter((list) => !CHOSEN || CHOSEN.includes(list.name));

const randomRow = (size) => 1 + Math.floor(Math.random() * size);

// ---- Database ----

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
let databaseUrl;
let dropDatabase = async () => {};
if (KIND === 'postgres') {
  const name = `bench_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

async function withDatabase(fn) {
  const database = databaseUrl
    ? await openPostgres(databaseUrl, 2)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  const query = async (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  try {
    return await fn(query, database);
  } finally {
    await database.close();
  }
}

// ---- Server ----

let server = null;
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
  server = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer() {
  if (!server) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  server = null;
}

async function waitReady() {
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

// ---- HTTP ----

async function post(pathname, body, headers = {}) {
  const started = performance.now();
  const response = await fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    bytes: Buffer.byteLength(text),
    text,
    headers: response.headers,
  };
}

let access = '';
const auth = () => ({ authorization: `Bearer ${access}` });

async function signIn() {
  const reply = await post('/api/v1/user/authenticate/signin', { email: EMAIL, password: PASSWORD });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.text}`);
  access = JSON.parse(reply.text).access;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value) => value.toFixed(1);

async function sequential(count, next) {
  const times = [];
  const bytes = [];
  for (let i = 0; i < count; i += 1) {
    const { path: target, body } = next(i);
    const reply = await post(target, body, auth());
    if (reply.status !== 200)
      throw new Error(`${target} ${JSON.stringify(body)}: ${reply.status} ${reply.text}`);
    times.push(reply.ms);
    bytes.push(reply.bytes);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes: Math.max(...bytes) };
}

/** /healthz every 20 ms while `work` runs; its latencies. */
async function healthDuring(work) {
  const times = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${BASE}/healthz`).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await work();
  running = false;
  await probe;
  return { result, healthP99: percentile(times, 99), healthSamples: times.length };
}

/** 20 clients each page through the list (first page, then 9 more by cursor), twice. */
async function pagingClients(list) {
  const times = [];
  await Promise.all(
    Array.from({ length: PAGING_CLIENTS }, async () => {
      for (let round = 0; round < 2; round += 1) {
        let cursor;
        for (let page = 0; page < 10; page += 1) {
          const { path: target, body } = list.firstPage();
          const reply = await post(target, { ...body, ...(cursor ? { cursor } : {}) }, auth());
          if (reply.status !== 200) throw new Error(`paging: ${reply.status} ${reply.text}`);
          times.push(reply.ms);
          cursor = JSON.parse(reply.text).nextCursor;
          if (!cursor) break;
        }
      }
    }),
  );
  return { p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length };
}

/** get-key-information on random keys from 10 concurrent callers: nearly every call a cache miss. */
async function keyInformation(apiKey, size) {
  const times = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = 0; i < SAMPLES / 2; i += 1) {
        const reply = await post(
          `${KM}/get-key-information`,
          { key: keyOf(randomRow(size)) },
          {
            authorization: `Bearer ${apiKey}`,
          },
        );
        if (reply.status !== 200) throw new Error(`get-key-information: ${reply.status} ${reply.text}`);
        times.push(reply.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(times, 50), p99: percentile(times, 99), perSecond: times.length / seconds };
}

// ---- Run ----

const results = [];
const loadAtStart = loadavg();
try {
  // The owner signs up through the API (a real password hash), then gets an unlimited plan by SQL.
  startServer();
  await waitReady();
  const signup = await post('/api/v1/user/authenticate/signup', {
    username: 'Bench Scale',
    password: PASSWORD,
    data: {
      firstName: 'Bench',
      lastName: 'Scale',
      email: EMAIL,
      password: PASSWORD,
      confirmationPassword: PASSWORD,
      rememberMe: false,
      agree: true,
      securityQuestion: 'Q?',
      securityQuestionAnswer: 'A',
    },
  });
  if (signup.status !== 200) throw new Error(`signup failed: ${signup.text}`);
  access = JSON.parse(signup.text).access;
  // Ensures the Key Manager product exists (built-in products are created on first use).
  await post(`${KM}/data`, {}, auth());
  await stopServer();

  const apiKey = `km_live_${randomBytes(32).toString('base64url')}`;
  const ownerId = await withDatabase(async (query) => {
    const { rows: users } = await query('select id from users where email = $1', [EMAIL]);
    const id = users[0].id;
    const { rows: products } = await query(`select id from saas_products where slug = 'key-manager'`);
    const { rows: plans } = await query(
      `insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed, archived)
       values ($1, 'bench-scale', 'Bench scale', true, 100000000, 0, true) returning id`,
      [products[0].id],
    );
    await query('insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)', [
      id,
      products[0].id,
      plans[0].id,
    ]);
    await query(
      'insert into manager_api_keys (owner_id, key_hash, prefix, last_four) values ($1, $2, $3, $4)',
      [id, createHash('sha256').update(apiKey).digest('hex'), apiKey.slice(0, 12), apiKey.slice(-4)],
    );
    return id;
  });

  let loaded = 0;
  for (const size of SIZES) {
    for (const list of lists()) {
      const loadStarted = performance.now();
      const executionMs = [];
      const shapeMs = [];
      const plans = await withDatabase(async (query, database) => {
        await list.load(query, ownerId, loaded + 1, size + 1);
        await query(`analyze ${list.table}`);
        const found = [];
        for (const { label, statement } of list.explain(database.db, ownerId, size)) {
          const { sql, params } = statement.toSQL();
          const { rows } = await query(`explain ${sql}`, params);
          found.push(rows.map((row) => Object.values(row)[0]).join('\n'));
          // The database's own time for the statement (the best of three, warm): no HTTP, no Node.
          let best = Number.POSITIVE_INFINITY;
          for (let i = 0; i < 3; i += 1) {
            const analyzed = await query(`explain (analyze, format json) ${sql}`, params);
            const plan = Object.values(analyzed.rows[0])[0];
            const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
            best = Math.min(best, parsed[0]['Execution Time']);
          }
          executionMs.push(best);
          shapeMs.push({ label, ms: best });
        }
        return found;
      });
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const scans = plans.filter((plan) => new RegExp(`Seq Scan on ${list.table}\\b`).test(plan));
      if (scans.length > 0)
        console.error(`A list statement scans the table at ${size}:\n${scans.join('\n\n')}`);
      if (process.env.BENCH_SHOW_PLANS) console.log(plans.join('\n\n'));

      startServer();
      await waitReady();
      await signIn();
      // Warm-up: the first calls compile routes and fill the connection pool.
      await sequential(20, () => list.firstPage());
      const first = await sequential(SAMPLES, () => list.firstPage());
      const searches = list.searches(size);
      const search = await sequential(SAMPLES, (i) => searches[i % searches.length]());
      const tagged = await post(list.firstPage().path, list.firstPage().body, auth());
      const poll = await post(list.firstPage().path, list.firstPage().body, {
        ...auth(),
        'if-none-match': tagged.headers.get('etag') ?? '',
      });
      const info = await keyInformation(apiKey, size);
      const { result: paging, healthP99 } = await healthDuring(() => pagingClients(list));
      const data = await sequential(SAMPLES, () => ({ path: `${KM}/data`, body: {} }));
      results.push({
        list: list.name,
        size,
        loadSeconds,
        first,
        search,
        pollStatus: poll.status,
        pollBytes: poll.bytes,
        info,
        paging,
        healthP99,
        data,
        rss: rssMb(),
        seqScans: scans.length,
        executionMs: Math.max(...executionMs),
        shapeMs,
      });
      console.log(`${list.name} ${size.toLocaleString('en')}: done (${JSON.stringify(results.at(-1))})`);
      await stopServer();
    }
    loaded = size;
  }
} finally {
  await stopServer().catch(() => {});
  await dropDatabase().catch((error) => console.error('drop failed', error));
  await rm(dataDir, { recursive: true, force: true });
}

const loadAtEnd = loadavg();
console.log(
  `\n## bench:scale on ${KIND === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${cpus().length} cores; load ${loadAtStart
    .map((v) => v.toFixed(1))
    .join('/')} at start, ${loadAtEnd.map((v) => v.toFixed(1)).join('/')} at end)\n`,
);
console.log(
  '| List | Rows | Load s | First page p50/p99 ms | Page bytes | Search p50/p99 ms | Search bytes | Unchanged poll | 20 clients paging p50/p99 ms | /healthz p99 ms during paging | data p50/p99 ms | get-key-information (miss) p50/p99 ms, req/s | Server RSS MB | Seq scans | Slowest list statement in the database, ms |',
);
console.log('|---|---:|---:|---|---:|---|---:|---|---|---:|---|---|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.list} | ${r.size.toLocaleString('en')} | ${r.loadSeconds.toFixed(0)} | ${ms(r.first.p50)} / ${ms(r.first.p99)} | ${r.first.bytes.toLocaleString('en')} | ${ms(r.search.p50)} / ${ms(r.search.p99)} | ${r.search.bytes.toLocaleString('en')} | ${r.pollStatus}, ${r.pollBytes} B | ${ms(r.paging.p50)} / ${ms(r.paging.p99)} | ${ms(r.healthP99)} | ${ms(r.data.p50)} / ${ms(r.data.p99)} | ${ms(r.info.p50)} / ${ms(r.info.p99)}, ${Math.round(r.info.perSecond)} | ${r.rss} | ${r.seqScans} | ${ms(r.executionMs)} |`,
  );
}

console.log('\nDatabase execution time per list statement (EXPLAIN ANALYZE, best of three, ms):\n');
for (const name of [...new Set(results.map((r) => r.list))]) {
  const rows = results.filter((r) => r.list === name);
  const labels = rows[0]?.shapeMs.map((shape) => shape.label) ?? [];
  console.log(`\n| ${name}: rows | ${labels.join(' | ')} |`);
  console.log(`|---:|${labels.map(() => '---:').join('|')}|`);
  for (const r of rows) {
    console.log(`| ${r.size.toLocaleString('en')} | ${r.shapeMs.map((shape) => ms(shape.ms)).join(' | ')} |`);
  }
}
