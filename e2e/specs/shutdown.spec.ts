import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  killOwnServers,
  type OwnServer,
  startOwnServer,
  stopOwnServer,
  waitReady,
} from '../support/own-server.js';
import { expect, test } from '../support/test.js';

// Not a browser test: it runs the built server as an operator would and stops it with SIGTERM.

test('SIGTERM finishes cleanly and the data survives a restart', async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const post = (pathname: string, body: unknown) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `shutdown-${Date.now()}@example.com`;
  const servers: OwnServer[] = [];
  try {
    const first = startOwnServer(dataDir, port, { LOG_LEVEL: 'info' });
    servers.push(first);
    await waitReady(first);
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
    expect(await stopOwnServer(first)).toBe(0);
    expect(first.output()).toContain('shutdown complete');

    const second = startOwnServer(dataDir, port, { LOG_LEVEL: 'info' });
    servers.push(second);
    await waitReady(second);
    const signin = await post('/api/v1/user/authenticate/signin', { email, password: 'shutdown-pass-1' });
    expect(signin.status).toBe(200);
    expect(await stopOwnServer(second)).toBe(0);
  } finally {
    await killOwnServers(servers);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
});
