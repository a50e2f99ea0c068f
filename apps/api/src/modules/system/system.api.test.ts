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
    expect(ready.body.database).toBe(server.database.kind);
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const response = await request('/api/v1/does-not-exist', { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 'failed', message: 'No API route POST /api/v1/does-not-exist' });
  });

  it('sets security headers and echoes a request id', async () => {
    const response = await request('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
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
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
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
});
