import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEY_MANAGER_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDeveloper } from '../../modules/key-manager/key-manager-kit.test.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

// Decision 038: the security headers by kind of reply, listed in full over real HTTP.

/** Transport headers every reply has, whatever its kind: not what this test is about. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

function headersOf(response: Response): Record<string, string> {
  const listed: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT.has(name)) listed[name] = value;
  });
  return listed;
}

const HSTS = 'max-age=31536000; includeSubDomains';
const REQUEST_ID = expect.stringMatching(/^[0-9a-f-]{36}$/);
/** OWASP's REST Security Cheat Sheet set, on every API JSON reply. */
const REST_SET = {
  'cache-control': 'no-store',
  'content-security-policy': "frame-ancestors 'none'",
  'content-type': 'application/json; charset=utf-8',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-request-id': REQUEST_ID,
};

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers by kind of reply (decision 038)', () => {
  it('sends an HTML document the whole document set, its script and style policy included', async () => {
    const response = await fetch(`${server.baseUrl}/about`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(headersOf(response)).toEqual({
      'cache-control': 'no-cache',
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:",
      'content-type': 'text/html; charset=utf-8',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': HSTS,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-request-id': REQUEST_ID,
      'x-xss-protection': '0',
    });
  });

  it('sends an API reply the REST set and nothing a JSON reader has no use for', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/site/config`);
    expect(response.status).toBe(200);
    expect(headersOf(response)).toEqual(REST_SET);
    // The health probes answer JSON too; an unknown API path's 404 is an API reply as well.
    for (const pathname of ['/healthz', '/api/v1/does-not-exist', '/api/v1/files/%E0%A4%A']) {
      expect(headersOf(await fetch(`${server.baseUrl}${pathname}`))).toEqual(REST_SET);
    }
  });

  it('sends a public Key Manager reply the REST set with its CORS and rate-limit headers', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const response = await fetch(`${server.baseUrl}${KEY_MANAGER_PATHS.getKeyInformation}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: licence.key }),
    });
    expect(response.status).toBe(200);
    expect(headersOf(response)).toEqual({
      ...REST_SET,
      'access-control-allow-origin': '*',
      'access-control-expose-headers':
        'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, x-request-id, ' +
        'x-key-manager-simulation, x-km-signature, x-km-signing-key, x-km-signed-at',
      'x-ratelimit-limit': expect.stringMatching(/^\d+$/),
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
      'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
    });
    // A refusal carries the same set: the header is chosen for the route, not for the outcome.
    const refused = await fetch(`${server.baseUrl}${KEY_MANAGER_PATHS.getKeyInformation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: licence.key }),
    });
    expect(refused.status).toBe(401);
    expect(headersOf(refused)).toMatchObject(REST_SET);
    expect(refused.headers.get('x-xss-protection')).toBeNull();
  });

  it('sends a stored file’s route a sandboxing policy, even when it answers 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/files/00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(404);
    expect(headersOf(response)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      'content-type': 'application/json; charset=utf-8',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': HSTS,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': REQUEST_ID,
    });
  });
});
