import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ActivationLimitReachedException,
  APIConnectionException,
  DEFAULT_BASE_URL,
  DeviceNotActivatedException,
  InvalidApiKeyException,
  KeyDisabledException,
  KeyManager,
  KeyManagerException,
  KeyNotFoundException,
  NoPlanException,
  PaymentRequiredException,
  type PublicKeyInformation,
  RateLimitException,
  RequestRefusedException,
} from './index.js';

// An in-process HTTP stub: records each request and answers with the configured reply.
interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
let server: Server;
let baseUrl: string;
let recorded: Recorded[];
let reply: { status: number; body: string; headers?: Record<string, string>; delayMs?: number };

/** A key as the server describes it, licensing's fields included. */
const KEY_STATE: PublicKeyInformation = {
  id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
  key: 'LIC-1',
  maxActivations: 3,
  currentActivations: 1,
  isActive: true,
  keyStatus: 'trial',
  expiresAt: '2027-01-31T00:00:00.000Z',
  product: 'studio',
  trial: true,
  entitlements: { seats: 5, pro: true, edition: 'studio' },
  metadata: { order: { number: 'A-17', lines: [1, 2] } },
  customer: { name: 'Ana', email: 'ana@example.com', ref: null },
};

beforeEach(async () => {
  recorded = [];
  reply = { status: 200, body: JSON.stringify({ status: 'ok', message: 'Done', ...KEY_STATE }) };
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      recorded.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text),
      });
      setTimeout(() => {
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const last = () => recorded.at(-1)!;

describe('KeyManager (TypeScript SDK)', () => {
  it('posts get-key-information with the bearer API key and returns the typed state', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({ status: 'ok', ...KEY_STATE }),
      headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '42' },
    };
    const manager = new KeyManager('km_secret', { baseUrl: `${baseUrl}/` });
    const response = await manager.getKeyInformation('LIC-1');
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/api/v1/saas-platform/key-manager/get-key-information',
      body: { key: 'LIC-1' },
    });
    expect(last().headers.authorization).toBe('Bearer km_secret');
    expect(last().headers['content-type']).toBe('application/json');
    expect(response).toEqual({
      status: 'ok',
      keyInformation: KEY_STATE,
      rateLimit: { limit: 60, remaining: 59, reset: 42 },
    });
  });

  it('fills licensing’s fields for a reply without them (a server older than licensing)', async () => {
    const spec = {
      id: KEY_STATE.id,
      key: 'LIC-1',
      maxActivations: 3,
      currentActivations: 0,
      isActive: false,
    };
    reply = { status: 200, body: JSON.stringify({ status: 'ok', ...spec }) };
    const { keyInformation } = await new KeyManager('k', { baseUrl }).getKeyInformation('LIC-1');
    expect(keyInformation).toEqual({
      ...spec,
      keyStatus: 'disabled',
      expiresAt: null,
      product: 'default',
      trial: false,
      entitlements: {},
      metadata: {},
    });
    expect(keyInformation).not.toHaveProperty('customer');
  });

  it('addresses a key by id', async () => {
    await new KeyManager('k', { baseUrl }).getKeyInformationById(KEY_STATE.id);
    expect(last().body).toEqual({ id: KEY_STATE.id });
  });

  it.each([
    ['activate', (m: KeyManager) => m.activate('LIC-1'), 'activate-key', { key: 'LIC-1' }],
    [
      'activate with a fingerprint',
      (m: KeyManager) => m.activate('LIC-1', 'pc-1'),
      'activate-key',
      { key: 'LIC-1', fingerprint: 'pc-1' },
    ],
    ['deactivate', (m: KeyManager) => m.deactivate('LIC-1'), 'deactivate-key', { key: 'LIC-1' }],
    [
      'deactivate with a fingerprint',
      (m: KeyManager) => m.deactivate('LIC-1', 'pc-1'),
      'deactivate-key',
      { key: 'LIC-1', fingerprint: 'pc-1' },
    ],
    [
      'disable',
      (m: KeyManager) => m.setUsable('LIC-1', false),
      'mark-key-as-active',
      { key: 'LIC-1', isActive: false },
    ],
    [
      'enable',
      (m: KeyManager) => m.setUsable('LIC-1', true),
      'mark-key-as-active',
      { key: 'LIC-1', isActive: true },
    ],
  ])('%s posts to its path and returns message and state', async (_name, call, path, body) => {
    const response = await call(new KeyManager('k', { baseUrl }));
    expect(last().path).toBe(`/api/v1/saas-platform/key-manager/${path}`);
    expect(last().body).toEqual(body);
    expect(response).toEqual({ status: 'ok', message: 'Done', keyInformation: KEY_STATE, rateLimit: null });
  });

  it('delete returns the message without key state', async () => {
    reply = { status: 200, body: JSON.stringify({ status: 'ok', message: 'Key deleted' }) };
    const response = await new KeyManager('k', { baseUrl }).delete('LIC-1');
    expect(last().path).toBe('/api/v1/saas-platform/key-manager/delete-key');
    expect(response.message).toBe('Key deleted');
    expect(response.keyInformation).toBeNull();
  });

  it.each([
    [401, 'Invalid API key', InvalidApiKeyException],
    [404, 'Invalid Key Provided', KeyNotFoundException],
    [409, 'Activation limit reached', ActivationLimitReachedException],
    [409, 'Key is disabled', KeyDisabledException],
    [409, 'Key has no activations to deactivate', RequestRefusedException],
    [402, 'Your subscription is suspended', PaymentRequiredException],
    [403, 'Activate a Key Manager plan first', NoPlanException],
    [403, 'A publishable key cannot do this', RequestRefusedException],
    [400, 'key is required', RequestRefusedException],
    [500, 'Internal error', KeyManagerException],
  ])(
    'HTTP %i without a code (an older server) rejects as its status and message say',
    async (status, message, type) => {
      reply = { status, body: JSON.stringify({ status: 'failed', message }) };
      const error = await new KeyManager('k', { baseUrl }).activate('LIC-1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(KeyManagerException);
      expect((error as KeyManagerException).constructor).toBe(type);
      // The specific refusals stay RequestRefusedExceptions, so existing catch blocks keep working.
      if (status !== 500 && status !== 401 && status !== 404)
        expect(error).toBeInstanceOf(RequestRefusedException);
      expect((error as KeyManagerException).message).toBe(message);
      expect((error as KeyManagerException).statusCode).toBe(status);
      expect((error as KeyManagerException).code).toBeNull();
    },
  );

  it.each([
    [401, 'api_key_required', InvalidApiKeyException],
    [401, 'invalid_api_key', InvalidApiKeyException],
    [404, 'key_not_found', KeyNotFoundException],
    [409, 'activation_limit_reached', ActivationLimitReachedException],
    [409, 'key_disabled', KeyDisabledException],
    [409, 'device_not_activated', DeviceNotActivatedException],
    [409, 'no_activations', RequestRefusedException],
    [402, 'payment_required', PaymentRequiredException],
    [403, 'no_plan', NoPlanException],
    [403, 'publishable_key_not_allowed', RequestRefusedException],
    [429, 'rate_limited', RateLimitException],
    // A route the server does not have (a wrong base URL) is not an unknown licence key.
    [404, 'not_found', RequestRefusedException],
    [400, 'invalid_input', RequestRefusedException],
    [503, 'unavailable', KeyManagerException],
  ])('HTTP %i with code %s rejects as the code says, whatever the message', async (status, code, type) => {
    // The message is not one the fallback would recognise: the code alone chooses.
    const message = `Refused (${code}), in words a later server may choose`;
    reply = { status, body: JSON.stringify({ status: 'failed', code, message }) };
    const error = await new KeyManager('k', { baseUrl }).activate('LIC-1').catch((e: unknown) => e);
    expect((error as KeyManagerException).constructor).toBe(type);
    expect(error).toMatchObject({ code, message, statusCode: status });
  });

  it('takes nextTransferAt and Retry-After beside a code', async () => {
    const at = '2026-12-21T14:05:07.000Z';
    reply = {
      status: 409,
      body: JSON.stringify({
        status: 'failed',
        code: 'activation_limit_reached',
        message: 'x',
        nextTransferAt: at,
      }),
    };
    const limited = await new KeyManager('k', { baseUrl }).activate('LIC-1', 'pc-2').catch((e: unknown) => e);
    expect((limited as ActivationLimitReachedException).nextTransferAt?.toISOString()).toBe(at);
    reply = {
      status: 429,
      body: JSON.stringify({ status: 'failed', code: 'rate_limited', message: 'x' }),
      headers: { 'retry-after': '9' },
    };
    const slowed = await new KeyManager('k', { baseUrl }).activate('LIC-1').catch((e: unknown) => e);
    expect(slowed).toMatchObject({ retryAfterSeconds: 9, code: 'rate_limited' });
  });

  it('429 carries Retry-After', async () => {
    reply = {
      status: 429,
      body: JSON.stringify({ status: 'failed', message: 'Rate limit exceeded' }),
      headers: { 'retry-after': '17' },
    };
    const error = await new KeyManager('k', { baseUrl }).delete('LIC-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitException);
    expect((error as RateLimitException).retryAfterSeconds).toBe(17);
    expect((error as RateLimitException).name).toBe('RateLimitException');
  });

  it('a failed status inside a 200 is a refusal; a non-JSON reply is a KeyManagerException', async () => {
    reply = { status: 200, body: JSON.stringify({ status: 'failed', message: 'Key is disabled' }) };
    await expect(new KeyManager('k', { baseUrl }).activate('LIC-1')).rejects.toThrow(RequestRefusedException);
    reply = { status: 502, body: '<html>bad gateway</html>' };
    const error = await new KeyManager('k', { baseUrl }).activate('LIC-1').catch((e: unknown) => e);
    expect((error as KeyManagerException).constructor).toBe(KeyManagerException);
    expect((error as KeyManagerException).message).toContain('HTTP 502');
  });

  it('an unreachable server or a timeout rejects with APIConnectionException', async () => {
    const closedPort = baseUrl;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const offline = await new KeyManager('k', { baseUrl: closedPort })
      .activate('LIC-1')
      .catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(APIConnectionException);
    expect((offline as APIConnectionException).statusCode).toBe(0);
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    reply = { ...reply, delayMs: 1000 };
    const slow = await new KeyManager('k', { baseUrl, timeoutMs: 100 })
      .activate('LIC-1')
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(APIConnectionException);
  });

  it('reads the server from KEY_MANAGER_BASE_URL in Node when no baseUrl is given, as the Java library does', async () => {
    try {
      vi.stubEnv('KEY_MANAGER_BASE_URL', `${baseUrl}/`);
      const manager = new KeyManager('k');
      expect(manager.baseUrl).toBe(baseUrl);
      await manager.activate('LIC-1');
      expect(recorded.map((r) => r.path)).toEqual(['/api/v1/saas-platform/key-manager/activate-key']);
      // An explicit baseUrl wins; a blank variable means the default.
      expect(new KeyManager('k', { baseUrl: 'https://example.com' }).baseUrl).toBe('https://example.com');
      vi.stubEnv('KEY_MANAGER_BASE_URL', ' ');
      expect(new KeyManager('k').baseUrl).toBe(DEFAULT_BASE_URL);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('checks its arguments before calling', async () => {
    expect(() => new KeyManager(' ')).toThrow(TypeError);
    expect(() => new KeyManager('k', { baseUrl: 'ftp://x' })).toThrow(TypeError);
    expect(() => new KeyManager('k', { timeoutMs: 0 })).toThrow(TypeError);
    const manager = new KeyManager('k', { baseUrl });
    await expect(manager.activate('')).rejects.toThrow(TypeError);
    await expect(manager.activate('LIC-1', ' ')).rejects.toThrow(TypeError);
    expect(recorded).toHaveLength(0);
  });
});
