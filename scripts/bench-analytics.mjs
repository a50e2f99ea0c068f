// `npm run bench:analytics` (issue 30, decision 037): 100,000 validate-key calls from autocannon across
// 3 products, 50 keys, 3 platforms and 2 app versions against a fresh built server (`npx tsc -b
// apps/api` first), then the Analytics route is read until it shows exactly 100,000 validations, and
// every breakdown is checked against what was sent: per product, per key (the top-keys CSV, every
// key), per platform, per app version, no refusals. Fails (exit 1) on any non-2xx reply, any error or
// any figure that differs, or when the figures take more than a minute to appear.
// Fresh database: PGlite in a temp dir, or a database of its own on the PostgreSQL server of
// DATABASE_URL (dropped at the end). BENCH_CALLS (100000) and BENCH_CONNECTIONS (50) change the load.
// Prints the throughput, the time for the figures to appear and a Markdown row for docs/performance.md.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freshDatabase, startApi, stopChildren, waitReady } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/api/dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('Build the API first: npx tsc -b apps/api');
  process.exit(1);
}
const { openPglite, openPostgres } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KM = '/api/v1/saas-platform/key-manager';
const OWNER = { email: 'analytics-owner@example.com', password: 'bench-analytics-pass-1' };
const PRODUCTS = [20, 20, 10];
const PLATFORMS = ['windows', 'macos', 'linux'];
const VERSIONS = ['1.0.0', '2.0.0'];
const APPEAR_LIMIT_MS = 60_000;

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
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
const fresh = await freshDatabase(process.env.DATABASE_URL, 'bench_analytics');
const KIND = fresh.url ? 'PostgreSQL' : 'PGlite';

let server = null;
async function startServer() {
  server = startApi({ dist, port: PORT, dataDir, databaseUrl: fresh.url });
  await waitReady(BASE);
}
async function stopServer() {
  if (server) await stopChildren([server]);
  server = null;
}

async function request(method, target, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${BASE}${target}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target}: ${response.status} ${text.slice(0, 300)}`);
  return text.startsWith('{') ? JSON.parse(text) : text;
}
const post = (target, body, token) => request('POST', target, body, token);

async function signUp() {
  const { password, email } = OWNER;
  await post('/api/v1/user/authenticate/signup', {
    username: 'Analytics Bench',
    password,
    data: {
      firstName: 'Analytics',
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
  (await post('/api/v1/user/authenticate/signin', { email: OWNER.email, password: OWNER.password })).access;

/** A verified address and a plan of the owner's own with a rate no run reaches (the server is stopped: one process owns PGlite). */
async function givePlan() {
  const database = fresh.url
    ? await openPostgres(fresh.url, 2)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  const query = (text, params) =>
    database.pool ? database.pool.query(text, params) : database.pglite.query(text, params);
  try {
    // As if the address's link was opened (generating an API key needs a verified email, decision 033).
    const { rows: users } = await query(
      'update users set email_verified_at = now() where email = $1 returning id',
      [OWNER.email],
    );
    const { rows: saas } = await query(`select id from saas_products where slug = 'key-manager'`);
    const { rows: plans } = await query(
      `insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed, archived)
       values ($1, 'bench-analytics', 'Bench analytics', true, 100000000, 0, true) returning id`,
      [saas[0].id],
    );
    await query('insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)', [
      users[0].id,
      saas[0].id,
      plans[0].id,
    ]);
  } finally {
    await database.close();
  }
}

const failures = [];
/** JSON with object keys sorted, so two maps compare by content. */
const canonical = (value) =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );
const check = (what, actual, expected) => {
  if (canonical(actual) !== canonical(expected)) {
    failures.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
};

const loadAtStart = loadavg();
try {
  await startServer();
  await signUp();
  await post(`${KM}/data`, {}, await signIn());
  await stopServer();
  await givePlan();
  await startServer();
  const token = await signIn();
  const apiKey = (await post('/api/v1/api-keys/key-manager/generate-api-key', {}, token)).key;
  const products = [];
  for (const [index, count] of PRODUCTS.entries()) {
    const { product } = await post(`${KM}/products`, { code: `app-${index}`, name: `App ${index}` }, token);
    const { policy } = await post(
      `${KM}/policies`,
      { productId: product.id, name: 'Standard', maxActivations: 0 },
      token,
    );
    const keys = [];
    for (let k = 0; k < count; k += 1)
      keys.push((await post(`${KM}/add-key`, { policyId: policy.id }, token)).key);
    products.push({ id: product.id, keys });
  }
  const keys = products.flatMap((product) => product.keys.map((key) => ({ ...key, productId: product.id })));

  // Call i: key i % 50, platform i % 3, version floor(i / 50) % 2 (so every key sees both versions).
  const bodyOf = (i) =>
    JSON.stringify({
      key: keys[i % keys.length].key,
      platform: PLATFORMS[i % PLATFORMS.length],
      appVersion: VERSIONS[Math.floor(i / keys.length) % VERSIONS.length],
    });
  const sent = { perKey: new Map(), perPlatform: {}, perVersion: {}, perProduct: {} };
  let built = 0;
  const started = performance.now();
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    amount: CALLS,
    // A loaded machine may hold a reply for seconds; a timeout would be an error of the run, not the server.
    timeout: 120,
    requests: [
      {
        method: 'POST',
        path: `${KM}/validate-key`,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        setupRequest: (req) => {
          const i = built;
          built += 1;
          const body = JSON.parse(bodyOf(i));
          const key = keys[i % keys.length];
          sent.perKey.set(key.id, (sent.perKey.get(key.id) ?? 0) + 1);
          sent.perPlatform[body.platform] = (sent.perPlatform[body.platform] ?? 0) + 1;
          sent.perVersion[body.appVersion] = (sent.perVersion[body.appVersion] ?? 0) + 1;
          sent.perProduct[key.productId] = (sent.perProduct[key.productId] ?? 0) + 1;
          return { ...req, body: bodyOf(i) };
        },
      },
    ],
  });
  const loadMs = performance.now() - started;
  const answered = result['2xx'];
  check('replies 2xx', answered, CALLS);
  check('non-2xx replies', result.non2xx, 0);
  check('errors and timeouts', result.errors + result.timeouts, 0);
  check('requests built by autocannon', built, CALLS);

  // Read until every validation shows (the read flushes this instance's pending figures first).
  const loadEnded = performance.now();
  let figures = null;
  let reads = 0;
  while (performance.now() - loadEnded < APPEAR_LIMIT_MS) {
    reads += 1;
    figures = await post(`${KM}/analytics`, { period: '24h' }, token);
    if (figures.totals.validations >= CALLS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const appearMs = performance.now() - loadEnded;
  check('validations in Analytics', figures?.totals.validations, CALLS);
  check('refusals', figures?.totals.refusals, 0);
  const asMap = (ranks) => Object.fromEntries(ranks.map((rank) => [rank.value, rank.calls]));
  check('platforms', asMap(figures?.platforms ?? []), sent.perPlatform);
  check('app versions', asMap(figures?.appVersions ?? []), sent.perVersion);
  for (const product of products) {
    const one = await post(`${KM}/analytics`, { period: '24h', productId: product.id }, token);
    check(`product ${product.id}`, one.totals.validations, sent.perProduct[product.id]);
  }
  const csv = await request('GET', `${KM}/analytics.csv?period=24h&view=top-keys`, undefined, token);
  const perKey = Object.fromEntries(
    csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const cells = line.split(',');
        return [cells[0], Number(cells.at(-2))];
      }),
  );
  check('keys in the CSV', Object.keys(perKey).length, keys.length);
  check('calls per key', perKey, Object.fromEntries(sent.perKey));

  const reqPerSec = Math.round(result.requests.average);
  console.log(
    `\nbench:analytics on ${KIND}, ${cpus().length} cores, load at start ${loadAtStart.map((v) => v.toFixed(2)).join(' / ')}`,
  );
  console.log(
    `  ${CALLS} validations in ${(loadMs / 1000).toFixed(1)} s: ${reqPerSec} req/s (autocannon average), p99 ${result.latency.p99} ms`,
  );
  console.log(
    `  shown in Analytics ${Math.round(appearMs)} ms after the load ended (${reads} read${reads === 1 ? '' : 's'})`,
  );
  console.log(
    failures.length === 0 ? '  every breakdown exact: products, keys (CSV), platforms, app versions' : '',
  );
  console.log('\n| Database | Calls | req/s | p99 ms | Figures shown after | Breakdown |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${KIND} | ${CALLS} | ${reqPerSec} | ${result.latency.p99} | ${(appearMs / 1000).toFixed(1)} s | ${failures.length === 0 ? 'exact' : 'WRONG'} |`,
  );
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  await stopServer();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nbench:analytics FAILED:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
