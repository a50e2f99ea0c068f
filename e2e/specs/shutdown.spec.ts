import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test.js';

// Not a browser test: it runs the built server as an operator would and stops it with SIGTERM.
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port no one listens on now: asked of the OS, so two runs on one machine never share it. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, port: number): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: repoRoot, env, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Until the server answers /readyz. No bound of its own: on a loaded machine the embedded database's
 * start took over two minutes once, and the test's timeout is the bound. A server that exits first
 * fails at once with what it printed.
 */
async function waitReady(server: Server, base: string): Promise<void> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output().slice(-3000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('SIGTERM finishes cleanly and the data survives a restart', async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
  const base = `http://127.0.0.1:${await freePort()}`;
  const port = Number(new URL(base).port);
  const post = (pathname: string, body: unknown) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `shutdown-${Date.now()}@example.com`;
  const servers: Server[] = [];
  try {
    const first = startServer(dataDir, port);
    servers.push(first);
    await waitReady(first, base);
    const signup = await post('/api/v1/user/authenticate/signup', {
      username: 'Shut Down',
      password: 'shutdown-pass-1',
      data: {
        firstName: 'Shut',
        lastName: 'Down',
        email,
        password: 'shutdown-pass-1',
        confirmationPassword: 'shutdown-pass-1',
        rememberMe: false,
        agree: true,
        securityQuestion: 'Q?',
        securityQuestionAnswer: 'A',
      },
    });
    expect(signup.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutdown complete');

    const second = startServer(dataDir, port);
    servers.push(second);
    await waitReady(second, base);
    const signin = await post('/api/v1/user/authenticate/signin', { email, password: 'shutdown-pass-1' });
    expect(signin.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    // A step that failed may leave a server running: stop it before its data directory goes, or the
    // removal fails on files it still writes and that error hides the step's own.
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
});
