import {
  type GetApiKeysResponse,
  KEY_ACTIVATED_MESSAGE,
  KEY_DEACTIVATED_MESSAGE,
  KEY_MANAGER_PATHS as P,
  PUBLISHABLE_KEY_FINGERPRINT_MESSAGE,
  PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './key-manager-kit.test.js';
import { PREFLIGHT_MAX_AGE_SECONDS } from './public-cors.js';

// Decision 020: publishable app keys (km_pub_) and CORS on the public REST routes only.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const ORIGIN = 'https://shop.example';

describe('publishable API keys', () => {
  it('are created with their type, listed with it, and start with km_pub_', async () => {
    const dev = await newDeveloper(server);
    const secret = await dev.apiKey();
    // The list is oldest first; the manual clock would give both keys the same creation time.
    server.clock.advance(1_000);
    const publishable = await dev.apiKey('publishable');
    expect(secret).toMatch(/^km_live_/);
    expect(publishable).toMatch(/^km_pub_/);
    const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    expect(list.body.keysInformation.map((key) => [key.type, key.key.slice(0, 7)])).toEqual([
      ['secret', 'km_live'],
      ['publishable', 'km_pub_'],
    ]);
  });

  it('may get information, activate and deactivate its own device (never without a fingerprint), nothing else', async () => {
    const dev = await newDeveloper(server);
    const licence = (await dev.addKey(2)).key;
    const token = await dev.apiKey('publishable');
    const call = (path: string, body: object) => dev.request(path, { body, token });

    // Without a fingerprint an activation would take a slot that no device of the app could free.
    for (const path of [P.activateKey, P.deactivateKey]) {
      const anonymous = await call(path, { key: licence });
      expect(anonymous.status, path).toBe(403);
      expect(anonymous.body).toEqual({
        status: 'failed',
        code: 'publishable_key_fingerprint_required',
        message: PUBLISHABLE_KEY_FINGERPRINT_MESSAGE,
      });
    }
    expect((await call(P.getKeyInformation, { key: licence })).body).toMatchObject({ currentActivations: 0 });

    const activated = await call(P.activateKey, { key: licence, fingerprint: 'laptop-1' });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body).toMatchObject({ message: KEY_ACTIVATED_MESSAGE, currentActivations: 1 });
    expect((await call(P.getKeyInformation, { key: licence })).body).toMatchObject({ currentActivations: 1 });

    const own = await call(P.deactivateKey, { key: licence, fingerprint: 'laptop-1' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ message: KEY_DEACTIVATED_MESSAGE, currentActivations: 0 });

    for (const [path, body] of [
      [P.deleteKey, { key: licence }],
      [P.markKeyAsActive, { key: licence, isActive: false }],
      [P.markKeyAsActive, { key: licence, isActive: true }],
    ] as const) {
      const refused = await call(path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({
        status: 'failed',
        code: 'publishable_key_not_allowed',
        message: PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE,
      });
    }
    // Nothing changed: the key still exists and is enabled.
    const info = await call(P.getKeyInformation, { key: licence });
    expect(info.body).toMatchObject({ status: 'ok', isActive: true });

    // The secret key keeps every operation.
    const secret = await dev.apiKey();
    const deleted = await dev.request(P.deleteKey, { body: { key: licence }, token: secret });
    expect(deleted.status).toBe(200);
  });
});

describe('CORS on the public REST routes', () => {
  it('answers a preflight from any origin with 204, methods, headers and max age', async () => {
    const response = await fetch(`${server.baseUrl}${P.activateKey}`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    // x-km-nonce asks for a signed reply (decision 032).
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toBe(
      'authorization, content-type, x-km-nonce',
    );
    expect(response.headers.get('access-control-max-age')).toBe(String(PREFLIGHT_MAX_AGE_SECONDS));
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets a page read replies, errors included, and the rate-limit headers', async () => {
    const dev = await newDeveloper(server);
    const licence = (await dev.addKey(1)).key;
    const token = await dev.apiKey('publishable');
    const headers = { origin: ORIGIN };
    const ok = await dev.request(P.getKeyInformation, { body: { key: licence }, token, headers });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining');
    const refused = await dev.request(P.deleteKey, { body: { key: licence }, token, headers });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const unauthenticated = await dev.request(P.activateKey, { body: { key: licence }, headers });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('leaves the dashboard routes same-origin: no CORS headers, no preflight', async () => {
    const dev = await newDeveloper(server);
    const list = await dev.request(P.getApiKeys, { body: {}, token: dev.token, headers: { origin: ORIGIN } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.baseUrl}${P.generateApiKey}`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBeGreaterThanOrEqual(400);
  });
});
