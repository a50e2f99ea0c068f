// `npm run bench:scale` (decisions 025, 026, 030): the cost of the dashboard's lists as the data grows.
// For each size it bulk-loads rows with INSERT … SELECT generate_series (one statement per chunk, no API
// calls; the table_stats triggers run once per statement, and the script checks the counts they keep
// against count(*)), checks with EXPLAIN that no list statement scans the table, then measures over real
// HTTP: first-page and search latency (p50/p99, one client), reply bytes, a conditional poll (304),
// /healthz p99 while 20 clients page through the list for BENCH_PAGING_SECONDS (default 5, after
// BENCH_PAGING_WARMUP_SECONDS of the same paging, default 1), and the server's RSS; for licence keys
// also get-key-information on random keys (the cache-miss path) and the `data` poll. Prints Markdown
// tables for docs/performance.md.
//
// Lists (BENCH_LISTS, default all): `keys` (one owner's licence keys, Key Manager get-keys), `clients`
// (client accounts, the admin Clients list) and `projects` (one order and one project per row, the
// admin Projects list; its orders belong to the clients, so `projects` loads `clients` too) and
// `houses` (one business's house listings, the owner's Properties table; decision 030).
//
// Database: a fresh PostgreSQL database on DATABASE_URL (default postgres://postgres@127.0.0.1:5432,
// created here and dropped at the end), or PGlite in a temp dir with BENCH_DB=pglite (the server is
// stopped while PGlite loads, since one process owns a PGlite directory).
// BENCH_SIZES=10000,100000,1000000 chooses the sizes (PGlite default: 10000,100000): rows per list.
//
// To add a list: add an entry to LISTS with its loader, its requests and the statements to EXPLAIN;
// the measuring code is shared.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  benchNodeArgs,
  freshDatabase,
  keepAliveClient,
  nextCursorOf,
  startApi,
  stopChildren,
  waitReady,
} from './bench-support.mjs';

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
const PAGING_SECONDS = Number(process.env.BENCH_PAGING_SECONDS ?? 5);
const PAGING_WARMUP_SECONDS = Number(process.env.BENCH_PAGING_WARMUP_SECONDS ?? 1);
const CHUNK = 100_000;
const KM = '/api/v1/saas-platform/key-manager';
const CLIENTS_PATH = '/api/v1/admin/users/clients';
const PROJECTS_PATH = '/api/v1/admin/projects/get/all';
const HOUSES_PATH = '/api/business/real-estate/house/get';
const PASSWORD = 'bench-scale-pass-1';
const ACCOUNTS = { owner: 'bench-scale@example.com', admin: 'bench-scale-admin@example.com' };

const dist = path.join(root, 'apps/api/dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { openPglite, openPostgres } = await load('db/client.js');
const { LicenceKeyList } = await load('modules/key-manager/licence-key-list.js');
const { AdminUserService } = await load('modules/admin-users/service.js');
const { ProjectService } = await load('modules/projects/service.js');
const { propertyPageQuery } = await load('modules/business/property-page-query.js');

// ---- The lists measured ----
// Each: `as` (the account that reads it), `tables` (to ANALYZE), `counted` (table_stats names the
// triggers keep for it), load(query, ctx, from, to) adding rows from..to-1, firstPage(), searches(size)
// (request makers), explain(database, ctx, size) (statements by label), `scans` (the sequential scans
// that count as a miss), extras (more measurements). A request is {path, body} (POST JSON) or
// {path, query} (GET).

/** A deterministic pseudo-random licence key per row number (5 groups of 5, like real keys). */
const keySql = (n) =>
  `upper(substr(md5(${n}::text || 'k'), 1, 5) || '-' || substr(md5(${n}::text || 'k'), 6, 5) || '-' ||
   substr(md5(${n}::text || 'k'), 11, 5) || '-' || substr(md5(${n}::text || 'k'), 16, 5) || '-' ||
   substr(md5(${n}::text || 'k'), 21, 5))`;
const keyOf = (n) => {
  const hex = createHash('md5').update(`${n}k`).digest('hex').toUpperCase();
  return [0, 5, 10, 15, 20].map((at) => hex.slice(at, at + 5)).join('-');
};

// Client n: first name FIRST[n % 40], last name LAST[floor(n / 40) % 50] (each pair ~1 row in 2,000),
// email `first.last.n@example.com`; every 50th disabled; created a second apart from 2025-01-01.
const FIRST =
  'Ada Alan Barbara Carl Dana Edsger Frances Grace Hedy Ivan Joan Ken Leslie Margaret Niklaus Ole Peter Radia Sophie Tim Ursula Vint Whitfield Xavier Yukihiro Zhang Anita Bjarne Cynthia Dennis Elena Fran Guido Hal Irene James Katherine Linus Mary Neha'.split(
    ' ',
  );
const LAST =
  'Lovelace Turing Liskov Hoare Scott Dijkstra Allen Hopper Lamarr Sutherland Clarke Thompson Lamport Hamilton Wirth Dahl Naur Perlman Wilson Berners-Lee LeGuin Cerf Diffie Leroy Matsumoto Wei Borg Stroustrup Dwork Ritchie Ortiz Bilas Rossum Abelson Greif Gosling Johnson Torvalds Shaw Rao Knuth Kay Codd Backus Milner Rivest Shamir Adleman Hellman Moler'.split(
    ' ',
  );
const sqlArray = (words) => `array[${words.map((word) => `'${word}'`).join(',')}]`;
const clientOf = (n) => {
  const first = FIRST[n % FIRST.length];
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
  return { first, last, email: `${first}.${last}.${n}@example.com`.toLowerCase() };
};
/** The id of client n (and of its order n): the same in SQL and here, so projects can point at clients. */
const rowUuid = (n, kind) => `md5(${n}::text || '${kind}')::uuid`;

// Project n (one per order n of client n): `<business> <kind> n`, statuses in the ratio 1:1:4:2:2.
const BUSINESSES =
  'Bakery Garage Clinic Florist Gym Hotel Library Museum Pharmacy Salon School Studio Taxi Theatre Vet Winery Zoo Brewery Cafe Dentist Farm Gallery Kiosk Laundry Market Notary Optician Pizzeria Quarry Radio'.split(
    ' ',
  );
const KINDS = ['app', 'portal', 'shop', 'booking system', 'website'];
const STATUSES = [
  'waiting for approval',
  'approved',
  'in progress',
  'in progress',
  'in progress',
  'in progress',
  'complete',
  'complete',
  'finished',
  'finished',
];
const projectOf = (n) =>
  `${BUSINESSES[n % BUSINESSES.length]} ${KINDS[Math.floor(n / BUSINESSES.length) % KINDS.length]} ${n}`;

async function inChunks(from, to, insert) {
  for (let start = from; start < to; start += CHUNK) await insert(start, Math.min(to, start + CHUNK) - 1);
}

const LISTS = [
  {
    id: 'keys',
    name: 'licence keys',
    as: 'owner',
    tables: ['licence_keys'],
    counted: [],
    scans: /Seq Scan on licence_keys/,
    async load(query, ctx, from, to) {
      await inChunks(from, to, (start, end) =>
        // Every 7th key disabled, every 5th at its activation limit, names `Customer <n>`.
        query(
          `insert into licence_keys (owner_id, key, name, max_activations, current_activations, is_active, created_at, updated_at)
           select $1, ${keySql('n')}, 'Customer ' || n,
             case when n % 5 = 0 then 2 else 3 end, case when n % 5 = 0 then 2 else n % 3 end,
             n % 7 <> 0, timestamptz '2026-01-01' + n * interval '1 millisecond', now()
           from generate_series(${start}::int, ${end}::int) as n`,
          [ctx.ownerId],
        ),
      );
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
    async explain(database, ctx, size) {
      const list = new LicenceKeyList(database.db);
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
      const found = [];
      for (const [label, shape] of Object.entries(shapes))
        found.push({ label, statements: [(await list.pageQuery(ctx.ownerId, shape)).statement.toSQL()] });
      return found;
    },
    extras: async (ctx, size) => ({
      info: await keyInformation(ctx.apiKey, size),
      data: await sequential(SAMPLES, () => ({ path: `${KM}/data`, body: {} }), ctx.token),
    }),
  },
  {
    id: 'clients',
    name: 'clients (admin)',
    as: 'admin',
    tables: ['users'],
    counted: ['users', 'users:c'],
    scans: /Seq Scan on users\b/,
    async load(query, _ctx, from, to) {
      await inChunks(from, to, (start, end) =>
        query(
          `insert into users (id, email, username, first_name, last_name, password_hash, security_question,
             security_answer_hash, user_type, disabled, created_at, updated_at)
           select ${rowUuid('n', 'user')}, lower(first || '.' || last || '.' || n || '@example.com'),
             first || ' ' || last, first, last, 'bulk-loaded: no password', 'Q?', 'bulk-loaded', 'c', n % 50 = 0,
             timestamptz '2025-01-01' + n * interval '1 second', now()
           from (select n, (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] as first,
                   (${sqlArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as last
                 from generate_series(${start}::int, ${end}::int) as n) as rows`,
        ),
      );
    },
    firstPage: () => ({ path: CLIENTS_PATH, query: {} }),
    /**
     * An email fragment (one match), a whole email (its `example.com` in every row), a first + last
     * name (~1 row in 2,000), a word in every row, 2 letters.
     */
    searches: (size) => [
      () => ({ path: CLIENTS_PATH, query: { search: `.${randomRow(size)}@` } }),
      () => ({ path: CLIENTS_PATH, query: { search: clientOf(randomRow(size)).email } }),
      () => {
        const { first, last } = clientOf(randomRow(size));
        return { path: CLIENTS_PATH, query: { search: `${first} ${last}` } };
      },
      () => ({ path: CLIENTS_PATH, query: { search: 'example' } }),
      () => ({ path: CLIENTS_PATH, query: { search: 'an' } }),
    ],
    async explain(database, _ctx, size) {
      const service = new AdminUserService(database.db, null, null);
      const first = await service.clients({ limit: 50 });
      const shapes = {
        'first page': { limit: 50 },
        'next page (cursor)': { limit: 50, cursor: first.nextCursor ?? undefined },
        'email fragment (1 row)': { limit: 50, search: `.${randomRow(size)}@` },
        'whole email (1 row)': { limit: 50, search: clientOf(randomRow(size)).email },
        'first + last name': { limit: 50, search: 'Grace Hopper' },
        'broad word (every row)': { limit: 50, search: 'example' },
        '2 letters': { limit: 50, search: 'an' },
        'no match': { limit: 50, search: 'zzyzx' },
      };
      const found = [];
      for (const [label, shape] of Object.entries(shapes))
        found.push({ label, statements: await database.statementsOf(() => service.clients(shape)) });
      return found;
    },
  },
  {
    id: 'projects',
    name: 'projects (admin)',
    as: 'admin',
    tables: ['project_orders', 'projects'],
    counted: ['project_orders', 'projects', ...new Set(STATUSES.map((status) => `projects:${status}`))],
    // The page's JSON subqueries read a project's team, activity and files by their indexes too;
    // stored_files is left out: the bench stores a few hundred files, hashed whole by the planner.
    scans:
      /Seq Scan on (projects|project_orders|users|project_employees|project_activities|project_order_files)\b/,
    async load(query, _ctx, from, to) {
      await inChunks(from, to, async (start, end) => {
        const name = `(${sqlArray(BUSINESSES)})[1 + n % ${BUSINESSES.length}] || ' ' ||
          (${sqlArray(KINDS)})[1 + (n / ${BUSINESSES.length}) % ${KINDS.length}] || ' ' || n`;
        const at = `timestamptz '2025-01-01' + n * interval '1 second' + interval '1 hour'`;
        await query(
          `insert into project_orders (id, client_id, name, created_at)
           select ${rowUuid('n', 'order')}, ${rowUuid('n', 'user')}, ${name}, ${at}
           from generate_series(${start}::int, ${end}::int) as n`,
        );
        await query(
          `insert into projects (order_id, name, type_id, status, created_at, updated_at)
           select ${rowUuid('n', 'order')}, ${name}, 1 + n % 3, (${sqlArray(STATUSES)})[1 + n % ${STATUSES.length}],
             ${at}, now()
           from generate_series(${start}::int, ${end}::int) as n`,
        );
      });
    },
    firstPage: () => ({ path: PROJECTS_PATH, query: {} }),
    /** A project name (1 row), a client's email, a status word, a status filter, a word in 1 of 5 names. */
    searches: (size) => [
      () => ({ path: PROJECTS_PATH, query: { search: projectOf(randomRow(size)) } }),
      () => ({ path: PROJECTS_PATH, query: { search: clientOf(randomRow(size)).email } }),
      () => ({ path: PROJECTS_PATH, query: { search: 'progress' } }),
      () => ({ path: PROJECTS_PATH, query: { status: 'approved' } }),
      () => ({ path: PROJECTS_PATH, query: { search: 'portal' } }),
    ],
    async explain(database, _ctx, size) {
      const service = new ProjectService(database.db).managed;
      const first = await service.adminProjects({ limit: 50 });
      const shapes = {
        'first page': { limit: 50 },
        'next page (cursor)': { limit: 50, cursor: first.nextCursor ?? undefined },
        'status filter': { limit: 50, status: 'approved' },
        'project name (1 row)': { limit: 50, search: projectOf(randomRow(size)) },
        "client's email": { limit: 50, search: clientOf(randomRow(size)).email },
        'status word': { limit: 50, search: 'progress' },
        'word in 1 of 5 names': { limit: 50, search: 'portal' },
        'no match': { limit: 50, search: 'zzyzx' },
      };
      const found = [];
      for (const [label, shape] of Object.entries(shapes))
        found.push({ label, statements: await database.statementsOf(() => service.adminProjects(shape)) });
      return found;
    },
  },
  {
    // Decision 030: one business holding every listing (the owner's walk is bounded by the business).
    id: 'houses',
    name: 'houses (owner)',
    as: 'owner',
    tables: ['real_estate_properties'],
    counted: [],
    scans: /Seq Scan on real_estate_properties\b/,
    async load(query, ctx, from, to) {
      if (!houseBusiness) {
        const { rows } = await query(
          `insert into businesses (owner_id, type_id, name)
           select $1, id, 'Bench Estates' from business_types where type = 'RealEstate' returning id`,
          [ctx.ownerId],
        );
        houseBusiness = rows[0].id;
      }
      // Statuses in turn (a quarter Sold), every 1,000th listing in Canada, addresses `<n> Quay Street`.
      await inChunks(from, to, (start, end) =>
        query(
          `insert into real_estate_properties (business_id, kind, status_id, bedrooms, bathrooms, garages, floors,
             area, price_cents, address, country_code, state_code, created_at, updated_at)
           select $1, 'house', 1 + n % 4, 2, 1, 1, 1, 1700, 4500000, n || ' Quay Street',
             case when n % 1000 = 0 then 'CA' else 'US' end, case when n % 1000 = 0 then 'ON' else 'CA' end,
             timestamptz '2026-01-01' + n * interval '1 millisecond', now()
           from generate_series(${start}::int, ${end}::int) as n`,
          [houseBusiness],
        ),
      );
    },
    firstPage: () => ({ path: HOUSES_PATH, body: { business: houseBusiness } }),
    /** An address (one match), a status (a quarter), a rare country (0.1%), a word in every address. */
    searches: (size) => [
      () => ({ path: HOUSES_PATH, body: { business: houseBusiness, search: `${randomRow(size)} Quay` } }),
      () => ({ path: HOUSES_PATH, body: { business: houseBusiness, search: 'sold' } }),
      () => ({ path: HOUSES_PATH, body: { business: houseBusiness, search: 'canada' } }),
      () => ({ path: HOUSES_PATH, body: { business: houseBusiness, search: 'quay' } }),
    ],
    async explain(database, _ctx, size) {
      const shapes = {
        'first page': {},
        address: { search: `${randomRow(size)} Quay` },
        'status "sold"': { search: 'sold' },
        'rare country "canada"': { search: 'canada' },
        'no match': { search: 'zzyzx' },
        'broad word "quay"': { search: 'quay' },
      };
      const found = [];
      for (const [label, shape] of Object.entries(shapes)) {
        const page = { business: houseBusiness, limit: 50, ...shape };
        const { statement } = await propertyPageQuery(
          database.db,
          { businessId: houseBusiness },
          'house',
          page,
        );
        found.push({ label, statements: [statement.toSQL()] });
      }
      return found;
    },
  },
];

/** The bench owner's business, registered by SQL when the houses are first loaded. */
let houseBusiness = '';

const chosen = new Set((process.env.BENCH_LISTS ?? 'keys,clients,projects,houses').split(','));
if (chosen.has('projects')) chosen.add('clients');
const lists = LISTS.filter((list) => chosen.has(list.id));

const randomRow = (size) => 1 + Math.floor(Math.random() * size);

/** table_stats names → the count(*) each must equal. */
const COUNT_OF = {
  users: 'select count(*) from users',
  'users:c': `select count(*) from users where user_type = 'c' and not disabled`,
  project_orders: 'select count(*) from project_orders',
  projects: 'select count(*) from projects',
  ...Object.fromEntries(
    STATUSES.map((status) => [
      `projects:${status}`,
      `select count(*) from projects where status = '${status}'`,
    ]),
  ),
};

/** The counted names whose table_stats row differs from count(*), as `name kept≠actual`. */
async function counterMismatches(query, names) {
  const wrong = [];
  for (const name of names) {
    const { rows: kept } = await query('select rows from table_stats where name = $1', [name]);
    const { rows: actual } = await query(COUNT_OF[name]);
    const keptRows = Number(kept[0]?.rows ?? 0);
    const actualRows = Number(actual[0].count);
    if (keptRows !== actualRows) wrong.push(`${name} ${keptRows}≠${actualRows}`);
  }
  return wrong;
}

// ---- Database ----

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
const fresh = await freshDatabase(KIND === 'postgres' ? SERVER_URL : undefined, 'bench_scale');
const databaseUrl = fresh.url;

/** Opens the database for `fn(query, database)`; `database.statementsOf(run)` lists what `run` sent. */
async function withDatabase(fn) {
  let recording = null;
  const onQuery = (sql, params) => recording?.push({ sql, params });
  const database = databaseUrl
    ? await openPostgres(databaseUrl, 2, onQuery)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata'), onQuery });
  const query = async (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  database.statementsOf = async (run) => {
    recording = [];
    try {
      await run();
      return recording;
    } finally {
      recording = null;
    }
  };
  try {
    return await fn(query, database);
  } finally {
    await database.close();
  }
}

// ---- Server ----

let server = null;
function startServer() {
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  server = startApi({ dist, port: PORT, dataDir, databaseUrl, nodeArgs: benchNodeArgs() });
}

async function stopServer() {
  if (!server) return;
  await stopChildren([server]);
  server = null;
}

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

// ---- HTTP ----

/** A request ({path, body} is a POST of JSON, {path, query} a GET), timed. */
async function send({ path: target, body, query }, headers = {}) {
  const search = query ? new URLSearchParams(query).toString() : '';
  const started = performance.now();
  const response = await fetch(
    `${BASE}${target}${search ? `?${search}` : ''}`,
    query
      ? { headers }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
  );
  const text = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    bytes: Buffer.byteLength(text),
    text,
    headers: response.headers,
  };
}
const post = (target, body, headers) => send({ path: target, body }, headers);

/** The same request for the page after `cursor`. */
const withCursor = (request, cursor) =>
  !cursor
    ? request
    : request.query
      ? { ...request, query: { ...request.query, cursor } }
      : { ...request, body: { ...request.body, cursor } };

const bearer = (token) => ({ authorization: `Bearer ${token}` });

async function signIn(email) {
  const reply = await post('/api/v1/user/authenticate/signin', { email, password: PASSWORD });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.text}`);
  return JSON.parse(reply.text).access;
}

async function signUp(email, firstName) {
  const reply = await post('/api/v1/user/authenticate/signup', {
    username: `${firstName} Scale`,
    password: PASSWORD,
    data: {
      firstName,
      lastName: 'Scale',
      email,
      password: PASSWORD,
      confirmationPassword: PASSWORD,
      rememberMe: false,
      agree: true,
      securityQuestion: 'Q?',
      securityQuestionAnswer: 'A',
    },
  });
  if (reply.status !== 200) throw new Error(`signup failed: ${reply.text}`);
  return JSON.parse(reply.text).access;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value) => value.toFixed(1);

async function sequential(count, next, token) {
  const times = [];
  const bytes = [];
  for (let i = 0; i < count; i += 1) {
    const request = next(i);
    const reply = await send(request, bearer(token));
    if (reply.status !== 200)
      throw new Error(
        `${request.path} ${JSON.stringify(request.body ?? request.query)}: ${reply.status} ${reply.text}`,
      );
    times.push(reply.ms);
    bytes.push(reply.bytes);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes: Math.max(...bytes) };
}

/**
 * /healthz every 20 ms while `work` runs; its latencies. The probe runs in a worker thread: on the
 * main thread it waited behind this script's own work (the 20 paging clients parse every page's
 * JSON on that event loop), which measured the load generator, not the server. It sends one request
 * before `work` starts: the first fetch of a new thread opens its connection and compiles undici,
 * 30-50 ms that measured the probe, not the server.
 */
async function healthDuring(work) {
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const times = [];
     let running = true;
     const healthz = () => fetch(workerData + '/healthz').then((r) => r.arrayBuffer());
     parentPort.on('message', () => { running = false; });
     (async () => {
       await healthz();
       parentPort.postMessage('warm');
       while (running) {
         const started = performance.now();
         await healthz();
         times.push(performance.now() - started);
         await new Promise((resolve) => setTimeout(resolve, 20));
       }
       parentPort.postMessage(times);
     })();`,
    { eval: true, workerData: BASE },
  );
  const failed = new Promise((_, reject) => probe.once('error', reject));
  const message = () => Promise.race([new Promise((resolve) => probe.once('message', resolve)), failed]);
  await message(); // 'warm'
  const finished = message();
  const result = await work();
  probe.postMessage('stop');
  const times = await finished;
  await probe.terminate();
  return { result, healthP99: percentile(times, 99), healthSamples: times.length };
}

/**
 * 20 clients each page through the list (first page, then 9 more by cursor), over and over for
 * PAGING_SECONDS: long enough for a few hundred /healthz probes, so their p99 is not one sample.
 * They use the lean keep-alive client: with `fetch` this script spent more CPU per page than the
 * server, on the same two cores.
 */
async function pagingClients(list, token, client, seconds = PAGING_SECONDS) {
  const times = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PAGING_CLIENTS }, async () => {
      while (performance.now() < until) {
        let cursor;
        for (let page = 0; page < 10; page += 1) {
          const reply = await client.request(leanRequest(withCursor(list.firstPage(), cursor), token));
          if (reply.status !== 200) throw new Error(`paging: ${reply.status} ${reply.text}`);
          times.push(reply.ms);
          cursor = nextCursorOf(reply.text);
          if (!cursor) break;
        }
      }
    }),
  );
  return { p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length };
}

/** `send`'s request shape ({path, body} a POST of JSON, {path, query} a GET) for `keepAliveClient`. */
function leanRequest({ path: target, body, query }, token) {
  const headers = bearer(token);
  if (query) {
    const search = new URLSearchParams(query).toString();
    return { path: `${target}${search ? `?${search}` : ''}`, headers };
  }
  return {
    method: 'POST',
    path: target,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
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
          bearer(apiKey),
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
  // The owner and the admin sign up through the API (real password hashes); then, by SQL, the owner
  // gets an unlimited Key Manager plan and an API key, and the admin becomes an admin.
  startServer();
  await waitReady(BASE);
  const ownerAccess = await signUp(ACCOUNTS.owner, 'Bench');
  await signUp(ACCOUNTS.admin, 'Admin');
  // Ensures the Key Manager product exists (built-in products are created on first use).
  await post(`${KM}/data`, {}, bearer(ownerAccess));
  await stopServer();

  const apiKey = `km_live_${randomBytes(32).toString('base64url')}`;
  const ownerId = await withDatabase(async (query) => {
    const { rows: users } = await query('select id from users where email = $1', [ACCOUNTS.owner]);
    const id = users[0].id;
    await query(`update users set user_type = 'a' where email = $1`, [ACCOUNTS.admin]);
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
    for (const list of lists) {
      const ctx = { ownerId, apiKey };
      const loadStarted = performance.now();
      const shapeMs = [];
      const { plans, mismatches } = await withDatabase(async (query, database) => {
        await list.load(query, ctx, loaded + 1, size + 1);
        // What autovacuum does after a bulk load: statistics, and the trigram indexes' pending lists
        // merged. With ANALYZE alone a search also scanned up to 4 MB of unmerged GIN entries per
        // index, however selective (a clients email fragment: 92.6 ms at 100,000 before, ~1 ms after).
        for (const table of list.tables) await query(`vacuum analyze ${table}`);
        const mismatches = await counterMismatches(query, list.counted);
        const found = [];
        for (const { label, statements } of await list.explain(database, ctx, size)) {
          // The database's own time for the shape's statements (each the best of three, warm): no HTTP, no Node.
          let total = 0;
          for (const { sql, params } of statements) {
            const { rows } = await query(`explain ${sql}`, params);
            found.push(rows.map((row) => Object.values(row)[0]).join('\n'));
            let best = Number.POSITIVE_INFINITY;
            for (let i = 0; i < 3; i += 1) {
              const analyzed = await query(`explain (analyze, format json) ${sql}`, params);
              const plan = Object.values(analyzed.rows[0])[0];
              const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
              best = Math.min(best, parsed[0]['Execution Time']);
            }
            total += best;
          }
          shapeMs.push({ label, ms: total });
        }
        return { plans: found, mismatches };
      });
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const scans = plans.filter((plan) => list.scans.test(plan));
      if (scans.length > 0)
        console.error(`A ${list.name} statement scans the table at ${size}:\n${scans.join('\n\n')}`);
      if (mismatches.length > 0)
        console.error(
          `table_stats differ from count(*) after loading ${list.name}: ${mismatches.join(', ')}`,
        );
      if (process.env.BENCH_SHOW_PLANS) console.log(plans.join('\n\n'));

      startServer();
      await waitReady(BASE);
      const token = await signIn(ACCOUNTS[list.as]);
      // Warm-up: the first calls compile routes and fill the connection pool.
      await sequential(20, () => list.firstPage(), token);
      const first = await sequential(SAMPLES, () => list.firstPage(), token);
      const searches = list.searches(size);
      const search = await sequential(SAMPLES, (i) => searches[i % searches.length](), token);
      const tagged = await send(list.firstPage(), bearer(token));
      const poll = await send(list.firstPage(), {
        ...bearer(token),
        'if-none-match': tagged.headers.get('etag') ?? '',
      });
      const extras = list.extras ? await list.extras({ ...ctx, token }, size) : {};
      // Steady state before the probe: the clients' first second opens their 20 connections (kept for
      // the measured run), prepares the cursor statements on each pooled connection and compiles the
      // paging path; it held 1-2 of the probe's ~170 samples (its p99) at 25 ms in runs whose steady
      // state stayed under 18.
      const client = keepAliveClient(BASE, PAGING_CLIENTS);
      let paging;
      let healthP99;
      let healthSamples;
      try {
        await pagingClients(list, token, client, PAGING_WARMUP_SECONDS);
        ({
          result: paging,
          healthP99,
          healthSamples,
        } = await healthDuring(() => pagingClients(list, token, client)));
      } finally {
        client.close();
      }
      results.push({
        list: list.name,
        size,
        loadSeconds,
        first,
        search,
        pollStatus: poll.status,
        pollBytes: poll.bytes,
        ...extras,
        paging,
        healthP99,
        healthSamples,
        rss: rssMb(),
        seqScans: scans.length,
        counters: list.counted.length === 0 ? '—' : mismatches.length === 0 ? 'match' : mismatches.join(', '),
        executionMs: Math.max(...shapeMs.map((shape) => shape.ms)),
        shapeMs,
      });
      console.log(`${list.name} ${size.toLocaleString('en')}: done (${JSON.stringify(results.at(-1))})`);
      await stopServer();
    }
    loaded = size;
  }
} finally {
  await stopServer().catch(() => {});
  await fresh.drop().catch((error) => console.error('drop failed', error));
  await rm(dataDir, { recursive: true, force: true });
}

const loadAtEnd = loadavg();
const pair = (figures) => (figures ? `${ms(figures.p50)} / ${ms(figures.p99)}` : '—');
console.log(
  `\n## bench:scale on ${KIND === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${cpus().length} cores; load ${loadAtStart
    .map((v) => v.toFixed(1))
    .join('/')} at start, ${loadAtEnd.map((v) => v.toFixed(1)).join('/')} at end)\n`,
);
console.log(
  '| List | Rows | Load s | First page p50/p99 ms | Page bytes | Search p50/p99 ms | Search bytes | Unchanged poll | 20 clients paging p50/p99 ms | /healthz p99 ms during paging (probes) | data p50/p99 ms | get-key-information (miss) p50/p99 ms, req/s | Server RSS MB | Seq scans | table_stats vs count(*) | Slowest list call in the database, ms |',
);
console.log('|---|---:|---:|---|---:|---|---:|---|---|---:|---|---|---:|---:|---|---:|');
for (const r of results) {
  console.log(
    `| ${r.list} | ${r.size.toLocaleString('en')} | ${r.loadSeconds.toFixed(0)} | ${pair(r.first)} | ${r.first.bytes.toLocaleString('en')} | ${pair(r.search)} | ${r.search.bytes.toLocaleString('en')} | ${r.pollStatus}, ${r.pollBytes} B | ${pair(r.paging)} | ${ms(r.healthP99)} (${r.healthSamples}) | ${pair(r.data)} | ${r.info ? `${pair(r.info)}, ${Math.round(r.info.perSecond)}` : '—'} | ${r.rss} | ${r.seqScans} | ${r.counters} | ${ms(r.executionMs)} |`,
  );
}

console.log(
  '\nDatabase execution time per list call (EXPLAIN ANALYZE of its statements, each best of three, ms):',
);
for (const name of new Set(results.map((r) => r.list))) {
  const rows = results.filter((r) => r.list === name);
  const labels = rows[0].shapeMs.map((shape) => shape.label);
  console.log(`\n| ${name} | ${labels.join(' | ')} |`);
  console.log(`|---:|${labels.map(() => '---:').join('|')}|`);
  for (const r of rows)
    console.log(`| ${r.size.toLocaleString('en')} | ${r.shapeMs.map((shape) => ms(shape.ms)).join(' | ')} |`);
}
