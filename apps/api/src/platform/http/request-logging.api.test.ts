import { ACCOUNT_PATHS, BILLING_PATHS, CATALOG_ADMIN_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

// The web's polling does not fill the info log (docs/operations.md, Logs).

let server: TestServer;
const lines: {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}[] = [];
beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
});
afterAll(async () => server?.close());

const INFO = 30;
const post = (path: string, init: { token?: string; read?: boolean; body?: unknown } = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.read ? { 'x-request-kind': 'read' } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });

/** How many info (or higher) lines carry this message. */
function infoIds(message: string): number {
  return lines.filter((line) => line.level >= INFO && line.msg === message).length;
}

describe('request log levels', () => {
  it('logs successful reads (GET, or marked by the web app) at debug and writes and failures at info', async () => {
    const client = await createAccount(server, 'client');
    const before = infoIds('request completed');
    // Polling: a GET and the web's POST reads, repeated.
    for (let round = 0; round < 3; round++) {
      expect((await fetch(`${server.baseUrl}${CATALOG_ADMIN_PATHS.productsGetAll}`)).status).toBe(200);
      expect((await post(BILLING_PATHS.pendingPayments, { token: client.access, read: true })).status).toBe(
        200,
      );
    }
    expect(infoIds('request completed')).toBe(before);

    // A write is logged at info; so is a read that failed.
    expect(
      (await post(ACCOUNT_PATHS.signin, { body: { email: 'nobody@example.com', password: 'x-Wrong-1' } }))
        .status,
    ).toBe(401);
    expect((await post(BILLING_PATHS.pendingPayments, { read: true })).status).toBe(401);
    expect((await post(BILLING_PATHS.pendingPayments, { token: client.access })).status).toBe(200);
    const completed = lines.filter((line) => line.level >= INFO && line.msg === 'request completed');
    expect(completed.map((line) => line.res?.statusCode)).toEqual(expect.arrayContaining([401, 401, 200]));
    expect(infoIds('request completed')).toBe(before + 3);
  });

  it("binds the request's id into its lines: the one given in x-request-id, else a fresh UUID", async () => {
    const wrongSignIn = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}${ACCOUNT_PATHS.signin}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'x-Wrong-1' }),
      });
    const completedFor = (id: string) =>
      lines.filter((line) => line.msg === 'request completed' && line.reqId === id);

    const given = `log-probe-${Date.now()}`;
    const named = await wrongSignIn({ 'x-request-id': given });
    expect(named.headers.get('x-request-id')).toBe(given);
    expect(completedFor(given)).toHaveLength(1);

    const fresh = (await wrongSignIn({})).headers.get('x-request-id') ?? '';
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(completedFor(fresh)).toHaveLength(1);
  });
});
