import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await request('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', degraded: [], failed: [] });
    expect(ready.body.checks).toMatchObject({ database: { status: 'ok', latencyMs: expect.any(Number) } });
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const response = await request('/api/v1/does-not-exist', { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'not_found',
      message: 'No API route POST /api/v1/does-not-exist',
    });
  });

  it('sets security headers and echoes a request id', async () => {
    const response = await request('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // A JSON reply: the REST set, not the document's script and style policy (decision 038).
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
  });

  it('sets the same headers on error replies and 404s', async () => {
    const unauthorized = await request('/api/v1/saas-platform/key-manager/get-key-information', {
      method: 'POST',
      body: { key: 'x' },
    });
    const missing = await request('/api/v1/does-not-exist');
    for (const response of [unauthorized, missing]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await request<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/api/v1/user/authenticate/signup');
  });

  it('serves the brand from configuration', async () => {
    const response = await request('/api/v1/site/config');
    expect(response.body).toEqual({
      status: 'ok',
      brandName: 'Northwind Software',
      contactEmail: 'hello@northwind.dev',
    });
  });

  it('answers /readyz 503 only when a critical dependency fails, listing it', async () => {
    // The last test of this file: from here on, this server reports the failing dependency.
    server.deps.health.register('test-critical-dependency', {
      critical: true,
      check: () => Promise.reject(new Error('refused')),
    });
    // Registering drops the cached report, so the next probe runs the new check.
    const notReady = await request('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({
      status: 'failed',
      code: 'unavailable',
      message: 'Not ready: test-critical-dependency not answering',
      failed: ['test-critical-dependency'],
      checks: { database: { status: 'ok' }, 'test-critical-dependency': { status: 'failed' } },
    });
    expect((await request('/healthz')).status).toBe(200);
  });
});
