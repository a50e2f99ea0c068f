import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Config } from './config.js';
import { DEMO_LOGINS, type DemoLogin } from './demo-logins.js';
import { type InstallOptions, prepareInstall } from './install.js';
import { DEMO_ACCOUNTS } from './modules/accounts/seed.js';
import { DEMO_AGENT, DEMO_REALTOR } from './modules/business/seed.js';
import { DEMO_TEAMMATE } from './modules/teams/seed.js';
import { DEMO_LOGINS_FILE } from './platform/seed/demo-login-store.js';
import { startTestServer, type TestServer } from './test/harness.js';
import { httpClient } from './test/http.js';

/**
 * What start-up does with demo logins in each runtime mode. The tests use demo logins of their own
 * (unique emails): on PostgreSQL every test file shares the real demo rows.
 */
let server: TestServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function install(env: Partial<Config> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'install-test-'));
  dirs.push(dataDir);
  const tag = randomBytes(4).toString('hex');
  const logins: DemoLogin[] = [
    { who: 'client', email: `demo-client-${tag}@demo.test` },
    { who: 'staff', email: `demo-staff-${tag}@demo.test` },
  ];
  const options: InstallOptions = {
    logins,
    seeds: (deps, passwordOf) => [
      {
        name: 'test-demo-accounts',
        async run() {
          for (const login of logins) {
            if (await deps.accounts.findByEmail(login.email)) continue;
            await deps.accounts.createAccount({
              username: login.who,
              firstName: 'Demo',
              lastName: login.who,
              email: login.email,
              password: passwordOf(login.email),
              securityQuestion: 'In which city were you born?',
              securityQuestionAnswer: 'Porto',
            });
          }
        },
      },
    ],
  };
  const config: Config = {
    ...server.deps.config,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: `admin-${tag}@example.com`,
    ADMIN_PASSWORD: 'admin-pass-install-1',
    ...env,
  };
  const run = () => prepareInstall(server.deps, config, options);
  return { dataDir, logins, run, file: path.join(dataDir, DEMO_LOGINS_FILE) };
}

/** Production as deployed: PostgreSQL's DATABASE_URL on that pass, NODE_ENV=production on PGlite. */
function production(): Partial<Config> {
  const databaseUrl = inject('databaseUrl');
  return databaseUrl ? { DATABASE_URL: databaseUrl } : { NODE_ENV: 'production' };
}

async function signIn(email: string, password: string) {
  const response = await httpClient(server.baseUrl)('/api/v1/user/authenticate/signin', {
    body: { email, password, rememberMe: false },
  });
  return response.status;
}

async function storedLogins(file: string): Promise<{ email: string; password: string }[]> {
  return JSON.parse(await readFile(file, 'utf8')).logins;
}

function captureStdout(): () => string {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return () => written.join('');
}

describe('demo logins at start-up', () => {
  it('trial: generated per install, kept in DATA_DIR/demo-logins.json (0600), printed once', async () => {
    const trial = await install();
    const printed = captureStdout();
    const first = await trial.run();
    expect(first.runtime).toEqual({ mode: 'trial', seedDemo: true, testPayments: true });

    expect((await stat(trial.file)).mode & 0o777).toBe(0o600);
    const stored = await storedLogins(trial.file);
    expect(stored.map((entry) => entry.email)).toEqual(trial.logins.map((login) => login.email));
    const [client, staff] = stored;
    if (!client || !staff) throw new Error('logins missing');
    expect(client.password).not.toBe(staff.password);
    expect(client.password).toMatch(/^[\w-]{16}$/);
    expect(printed()).toContain(client.password);
    expect(await signIn(client.email, client.password)).toBe(200);
    expect(await signIn(staff.email, staff.password)).toBe(200);

    // The next start keeps them and prints nothing.
    const again = captureStdout();
    const second = await trial.run();
    expect(second.demo.created).toEqual([]);
    expect(again()).not.toContain(client.password);
    expect(await storedLogins(trial.file)).toEqual(stored);
    expect(await signIn(client.email, client.password)).toBe(200);
  });

  it('production: no demo logins and no file, unless SEED_DEMO=true', async () => {
    const live = await install(production());
    captureStdout();
    const { runtime } = await live.run();
    expect(runtime).toEqual({ mode: 'production', seedDemo: false, testPayments: false });
    for (const login of live.logins) expect(await server.deps.accounts.findByEmail(login.email)).toBeNull();
    await expect(stat(live.file)).rejects.toThrow();

    const optedIn = await install({ ...production(), SEED_DEMO: true });
    const result = await optedIn.run();
    expect(result.runtime.seedDemo).toBe(true);
    const [client] = await storedLogins(optedIn.file);
    if (!client) throw new Error('no login stored');
    expect(await signIn(client.email, client.password)).toBe(200);
  });

  it('an existing demo account with a published password gets a new one at start, in any mode', async () => {
    const live = await install(production());
    const [login] = live.logins;
    if (!login) throw new Error('no login');
    const published = 'demo-client-pass';
    await server.deps.accounts.createAccount({
      username: 'Ada Okafor',
      firstName: 'Ada',
      lastName: 'Okafor',
      email: login.email,
      password: published,
      securityQuestion: 'What was the name of your first pet?',
      securityQuestionAnswer: 'Biscuit',
    });
    expect(await signIn(login.email, published)).toBe(200);
    const printed = captureStdout();
    const { demo } = await live.run();
    expect(demo.existing.map((entry) => entry.email)).toEqual([login.email]);
    expect(await signIn(login.email, published)).not.toBe(200);
    const [stored] = await storedLogins(live.file);
    if (!stored) throw new Error('no login stored');
    expect(printed()).toContain(stored.password);
    expect(await signIn(login.email, stored.password)).toBe(200);
  });

  it('leaves a demo account alone whose password another instance (another data dir) set', async () => {
    const live = await install(production());
    const [login] = live.logins;
    if (!login) throw new Error('no login');
    const elsewhere = 'generated-on-another-instance-1';
    await server.deps.accounts.createAccount({
      username: 'Ada Okafor',
      firstName: 'Ada',
      lastName: 'Okafor',
      email: login.email,
      password: elsewhere,
      securityQuestion: 'What was the name of your first pet?',
      securityQuestionAnswer: 'Biscuit',
    });
    captureStdout();
    const { demo } = await live.run();
    expect(demo.created).toEqual([]);
    expect(await signIn(login.email, elsewhere)).toBe(200);
  });

  it('DEMO_PASSWORD (automated tests) gives every demo login that one password', async () => {
    const fixed = await install({ DEMO_PASSWORD: 'fixed-demo-pass-1' });
    captureStdout();
    await fixed.run();
    for (const login of fixed.logins) expect(await signIn(login.email, 'fixed-demo-pass-1')).toBe(200);
  });

  it('lists every account the demo seeds create', () => {
    expect(DEMO_LOGINS.map((login) => login.email).sort()).toEqual(
      [
        ...DEMO_ACCOUNTS.map((account) => account.email),
        DEMO_REALTOR.email,
        DEMO_AGENT.email,
        DEMO_TEAMMATE.email,
      ].sort(),
    );
  });
});
