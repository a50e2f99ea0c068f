import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Not a browser test: it runs the built server as an operator would and stops it with SIGTERM.
const PORT = 3199;
const BASE = `http://127.0.0.1:${PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');

function startServer(dataDir: string): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
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
  return { child, output: () => output };
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const post = (pathname: string, body: unknown) =>
  fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('SIGTERM finishes cleanly and the data survives a restart', async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
  const email = `shutdown-${Date.now()}@example.com`;
  try {
    const first = startServer(dataDir);
    await waitReady();
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
    const exited = exitCode(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('shutdown complete');

    const second = startServer(dataDir);
    try {
      await waitReady();
      const signin = await post('/api/v1/user/authenticate/signin', { email, password: 'shutdown-pass-1' });
      expect(signin.status).toBe(200);
    } finally {
      const stopped = exitCode(second.child);
      second.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
