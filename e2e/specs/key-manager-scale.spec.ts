import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { signIn, uniqueUser } from '../support/accounts.js';
import {
  freePort,
  killOwnServers,
  type OwnServer,
  startOwnServer,
  stopOwnServer,
  waitReady,
} from '../support/own-server.js';
import { AT_SCALE } from '../support/tags.js';
import { expect, test } from '../support/test.js';

// Decision 025: the Keys tab with 100,000 keys. The keys are bulk-inserted with one SQL statement, not
// through the API; the spec runs its own server so that, on PGlite, it can stop it while it writes
// to the server's data directory (one process owns a PGlite directory). E2E_SCALE_KEYS changes the
// number for a measurement (the 1,000,000-key figure in docs/performance.md); the suite uses 100,000.
const KEYS = Number(process.env.E2E_SCALE_KEYS ?? 100_000);
const count = (n: number) => n.toLocaleString('en');

/** The keys whose name starts with `Customer <prefix>`: how many, and the newest (largest n). */
function namedFrom(prefix: string): { matches: number; newest: number } {
  let matches = 0;
  let newest = 0;
  for (let n = 1; n <= KEYS; n += 1) {
    if (String(n).startsWith(prefix)) {
      matches += 1;
      newest = n;
    }
  }
  return { matches, newest };
}

/** The newest disabled key (every seventh is disabled). */
const newestDisabled = KEYS - (KEYS % 7);
const databaseUrl = process.env.E2E_DATABASE_URL;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** SQL on the server's database: PostgreSQL beside the running server, or PGlite while it is stopped. */
async function withSql(dataDir: string, fn: (query: Query) => Promise<void>): Promise<void> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await fn((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await fn((text, params) => db.query<Record<string, unknown>>(text, params));
  } finally {
    await db.close();
  }
}

/** Key number n: five groups of five characters, derived from n so the spec can search for one. */
const keySql = `upper(substr(md5(n::text || $2), 1, 5) || '-' || substr(md5(n::text || $2), 6, 5) || '-' ||
  substr(md5(n::text || $2), 11, 5) || '-' || substr(md5(n::text || $2), 16, 5) || '-' || substr(md5(n::text || $2), 21, 5))`;

test(
  `the Keys tab shows the first of ${count(KEYS)} keys at once and searches them on the server`,
  AT_SCALE,
  async ({ page }) => {
    test.setTimeout(600_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'km-scale-'));
    const user = uniqueUser();
    const salt = user.email;
    const port = await freePort();
    const BASE = `http://127.0.0.1:${port}`;
    const serverEnv = { SIGNUPS_PER_IP_PER_HOUR: '1000' };
    const servers: OwnServer[] = [startOwnServer(dataDir, port, serverEnv)];
    try {
      await waitReady(servers[0] as OwnServer);
      const signup = await fetch(`${BASE}/api/v1/user/authenticate/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `${user.firstName} ${user.lastName}`,
          password: user.password,
          data: {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            password: user.password,
            confirmationPassword: user.password,
            rememberMe: false,
            agree: true,
            securityQuestion: user.question,
            securityQuestionAnswer: user.answer,
          },
        }),
      });
      expect(signup.status).toBe(200);
      const { access } = (await signup.json()) as { access: string };
      // The Key Manager product is created on first use.
      const data = await fetch(`${BASE}/api/v1/saas-platform/key-manager/data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
        body: '{}',
      });
      expect(data.status).toBe(200);
      if (!databaseUrl) await stopOwnServer(servers[0] as OwnServer);

      await withSql(dataDir, async (query) => {
        const owner = (await query('select id from users where email = $1', [user.email])).rows[0]?.id;
        const product = (await query(`select id from saas_products where slug = 'key-manager'`)).rows[0]?.id;
        const plan = (
          await query(
            `insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed, archived)
           values ($1, $2, 'Scale test', true, 1000, 0, true) returning id`,
            [product, `scale-${salt}`],
          )
        ).rows[0]?.id;
        await query('insert into plan_subscriptions (user_id, product_id, plan_id) values ($1, $2, $3)', [
          owner,
          product,
          plan,
        ]);
        // One statement; the newest key is number KEYS.
        await query(
          `insert into licence_keys (owner_id, key, name, max_activations, current_activations, is_active, created_at, updated_at)
         select $1, ${keySql}, 'Customer ' || n, 3, n % 4, n % 7 <> 0,
           timestamptz '2026-01-01' + n * interval '1 millisecond', now()
         from generate_series(1, ${KEYS}) as n`,
          [owner, salt],
        );
        await query('analyze licence_keys');
      });
      if (!databaseUrl) {
        const restarted = startOwnServer(dataDir, port, serverEnv);
        servers.push(restarted);
        await waitReady(restarted);
      }

      await page.goto(`${BASE}/signin`);
      await signIn(page, user.email, user.password);
      await expect(page).toHaveURL(/\/profile$/);
      await page.goto(`${BASE}/store/key-manager`);
      await expect(page.getByText('Current activations')).toBeVisible();
      // From the click on the tab to the first rows on screen.
      const started = Date.now();
      const listed = page.waitForResponse((response) => response.url().endsWith('/key-manager/get-keys'));
      await page.getByRole('tab', { name: 'Keys' }).click();
      const rows = page.locator('tbody tr');
      await expect(rows.first()).toContainText(`Customer ${KEYS}`);
      const firstRowsMs = Date.now() - started;
      const reply = await listed;
      const bytes = (await reply.body()).length;
      // The goal is 1 s on an idle machine. On a shared one the browser, the server and the database
      // wait in the run queue, so the budget grows with the load per core (at load 28 on 2 cores, the
      // browser's 1 s poll timers were seen firing every 2.5–4 s). The old tab took 109 s at 100k keys.
      const budgetMs = 1000 * Math.max(1, (loadavg()[0] ?? 0) / cpus().length);
      test.info().annotations.push({
        type: 'first rows',
        description: `${firstRowsMs} ms (budget ${Math.round(budgetMs)} ms), ${bytes} bytes`,
      });
      expect(firstRowsMs).toBeLessThan(budgetMs);
      expect(bytes).toBeLessThan(50_000);
      await expect(rows).toHaveCount(50);
      await expect(page.getByRole('heading', { name: /Licence keys/ })).toContainText(
        `${count(KEYS)} of unlimited`,
      );

      // Older pages by cursor; the tab holds one page, not the list.
      await page.getByRole('button', { name: 'Older' }).click();
      await expect(rows.first()).toContainText(`Customer ${KEYS - 50}`);
      await expect(rows).toHaveCount(50);
      await expect(page.getByText('Page 2')).toBeVisible();
      await page.getByRole('button', { name: 'Newer' }).click();
      await expect(rows.first()).toContainText(`Customer ${KEYS}`);

      // Search as you type, on the server: by name, then by a fragment of one key.
      const search = page.getByLabel('Search keys');
      await search.fill('Cu');
      await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
      await search.fill('Customer 4242');
      const named = namedFrom('4242');
      await expect(rows).toHaveCount(Math.min(50, named.matches));
      await expect(rows.first()).toContainText(`Customer ${named.newest}`);
      const wanted = keyOf(4242, salt);
      await search.fill(wanted.slice(6, 14).toLowerCase());
      await expect(rows).toHaveCount(1);
      await expect(page.getByTestId(`key-row-${wanted}`)).toContainText('Customer 4242');
      await search.fill('no such customer');
      await expect(page.getByText('No key matches “no such customer”.')).toBeVisible();

      // Filter: disabled keys only (every seventh).
      await search.fill('');
      await page.getByLabel('Show').selectOption('disabled');
      await expect(rows.first()).toContainText(`Customer ${newestDisabled}`);
    } finally {
      for (const server of servers) await stopOwnServer(server);
      await killOwnServers(servers);
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  },
);

/** Key number n as the insert computed it (md5 of n and the salt, in five groups). */
function keyOf(n: number, salt: string): string {
  const hex = createHash('md5').update(`${n}${salt}`).digest('hex').toUpperCase();
  return [0, 5, 10, 15, 20].map((at) => hex.slice(at, at + 5)).join('-');
}
