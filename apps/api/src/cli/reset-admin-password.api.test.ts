import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_PATHS } from '@app/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EMBEDDED_OWNER_FILE } from '../db/embedded-owner.js';
import { ADMIN_LOGIN_FILE, readAdminLogins } from '../modules/accounts/admin-login-file.js';
import { eventually } from '../test/eventually.js';
import { createAccount } from '../test/fixtures.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { httpClient } from '../test/http.js';
import { closedPort } from '../test/ports.js';

/**
 * `npm run admin:reset-password` as an operator runs it: the built command in its own process,
 * against the embedded database of a real server process (refused while that server runs) and,
 * on the PostgreSQL pass, against the shared database while a server runs.
 */
const API_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const COMMAND = path.join(API_DIST, 'cli/reset-admin-password.js');
const databaseUrl = inject('databaseUrl');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The environment of an install, without the test run's database settings. */
function installEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...extra };
  for (const name of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'E2E_DATABASE_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
  ])
    if (!(name in extra)) delete env[name];
  return env;
}

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function runCommand(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CommandResult> {
  const child = spawn(process.execPath, [COMMAND, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

interface ServerProcess {
  port: number;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `node apps/api/dist/main.js` on a data dir, resolved once it logs that it is serving. */
async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const port = await closedPort();
  const child: ChildProcess = spawn(process.execPath, [path.join(API_DIST, 'main.js')], {
    env: installEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes(' is serving')) resolve();
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before serving:\n${output}`)));
  });
  return {
    port,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

const adminSignIn = (port: number, email: string, password: string) =>
  httpClient(`http://127.0.0.1:${port}`)<{ access: string; refresh: string }>(
    ACCOUNT_PATHS.adminAuthenticate,
    {
      body: { username: 'admin', email, password },
    },
  );

describe.skipIf(Boolean(databaseUrl))('admin:reset-password on the embedded database', () => {
  it('keeps the first admin in a 0600 file, refuses while the server runs, then resets and signs the admin out', async () => {
    expect(existsSync(COMMAND), 'build the API first (npx tsc -b apps/api)').toBe(true);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-reset-'));
    dirs.push(dataDir);
    const env = installEnv({ DATA_DIR: dataDir });
    const loginFile = path.join(dataDir, ADMIN_LOGIN_FILE);

    const first = await startServerProcess(dataDir);
    const [generated] = await readAdminLogins(loginFile);
    if (!generated) throw new Error(`no admin login kept in ${loginFile}:\n${first.output()}`);
    expect((await stat(loginFile)).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(`password: ${generated.password}`);
    expect(first.output()).toContain(`kept in ${loginFile} (readable only by this user)`);
    const session = await adminSignIn(first.port, generated.email, generated.password);
    expect(session.status).toBe(200);

    // The server has the embedded database open: the command refuses and changes nothing.
    const whileRunning = await runCommand(['--email', generated.email], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain(`has the embedded database in ${dataDir} open`);
    expect(whileRunning.stderr).toContain('Stop the server, run this again, then start the server.');
    expect((await adminSignIn(first.port, generated.email, generated.password)).status).toBe(200);
    // A server that was killed leaves its record behind; its process is gone, so the command runs.
    await first.stop('SIGKILL');
    expect(existsSync(path.join(dataDir, EMBEDDED_OWNER_FILE))).toBe(true);

    const chosen = await runCommand(
      ['--email', generated.email, '--password-stdin'],
      env,
      'chosen-password-1\n',
    );
    expect(chosen.stderr).toBe('');
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).not.toContain('chosen-password-1');
    // A chosen password is not stored, and the generated one it replaced is dropped from the file.
    expect(await readAdminLogins(loginFile)).toEqual([]);

    const reset = await runCommand(['--email', generated.email], env);
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    const newPassword = /password: (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(newPassword).toMatch(/^[\w-]{16}$/);
    expect(await readAdminLogins(loginFile)).toEqual([
      expect.objectContaining({ email: generated.email, password: newPassword, how: 'admin:reset-password' }),
    ]);
    expect((await stat(loginFile)).mode & 0o777).toBe(0o600);

    const unknown = await runCommand(['--email', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      `No admin account has the email nobody@example.com. Admin accounts: ${generated.email}.`,
    );
    const tooShort = await runCommand(['--email', generated.email, '--password-stdin'], env, 'short\n');
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr.trim()).toBe('Password must be at least 8 characters');

    const second = await startServerProcess(dataDir);
    for (const old of [generated.password, 'chosen-password-1'])
      expect((await adminSignIn(second.port, generated.email, old)).status).toBe(401);
    expect((await adminSignIn(second.port, generated.email, newPassword)).status).toBe(200);
    // The session from before the resets is over.
    const refreshed = await httpClient(`http://127.0.0.1:${second.port}`)(ACCOUNT_PATHS.refresh, {
      body: { refresh: session.body.refresh },
    });
    expect(refreshed.status).toBe(401);
    // A clean shutdown removes the server's record.
    await second.stop();
    expect(existsSync(path.join(dataDir, EMBEDDED_OWNER_FILE))).toBe(false);
  }, 300_000);
});

describe.runIf(Boolean(databaseUrl))('admin:reset-password on PostgreSQL', () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('resets while the server runs, and the running server refuses the old session at once', async () => {
    expect(existsSync(COMMAND), 'build the API first (npx tsc -b apps/api)').toBe(true);
    server = await startTestServer();
    await server.deps.events.ready();
    const admin = await createAccount(server, 'admin');
    const request = httpClient(server.baseUrl);
    const me = (token: string) => request(ACCOUNT_PATHS.userInformationGet, { token });
    expect((await me(admin.access)).status).toBe(200);

    const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-reset-pg-'));
    dirs.push(dataDir);
    const reset = await runCommand(
      ['--email', admin.email],
      installEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }),
    );
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    const newPassword = /password: (\S+)/.exec(reset.stdout)?.[1] ?? '';

    // The command told the running instance (LISTEN/NOTIFY): the old access token stops working.
    await eventually(async () => (await me(admin.access)).status === 401);
    expect((await request(ACCOUNT_PATHS.refresh, { body: { refresh: admin.refresh } })).status).toBe(401);
    const signIn = (password: string) =>
      request(ACCOUNT_PATHS.adminAuthenticate, {
        body: { username: 'admin user', email: admin.email, password },
      });
    expect((await signIn(admin.password)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);
  }, 120_000);
});
