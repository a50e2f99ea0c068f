import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';

/**
 * The built server run by a spec itself, as an operator runs it (specs that stop or restart it).
 * Its port comes from the OS, so two runs on one machine (CI's passes, a developer's run beside
 * them) never share one.
 */
export interface OwnServer {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port no one listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `apps/api/dist/main.js` on `port` with `DATA_DIR`, no demo content, and `env` on top. */
export function startOwnServer(dataDir: string, port: number, env: Record<string, string> = {}): OwnServer {
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;
  // The run's own web build, as the shared server gets it (e2e/playwright.config.ts).
  if (process.env.E2E_WEB_DIST) serverEnv.WEB_DIST = path.resolve(repoRoot, process.env.E2E_WEB_DIST);
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/**
 * Until the server answers /readyz. No bound of its own: on a loaded machine the embedded database's
 * start took over two minutes once; the test's timeout is the bound. A server that exits first fails
 * at once with what it printed.
 */
export async function waitReady(server: OwnServer): Promise<void> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output().slice(-3000)}`);
    try {
      if ((await fetch(`${server.base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM and its exit code. */
export async function stopOwnServer(server: OwnServer): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return server.exited;
}

/**
 * Kills what a failed step left running, before its data directory is removed: removing it under a
 * running server fails (ENOTEMPTY) and that error hides the step's own.
 */
export async function killOwnServers(servers: readonly OwnServer[]): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
}
