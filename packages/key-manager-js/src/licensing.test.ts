import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  KeyExpiredException,
  KeyManager,
  type KeyManagerException,
  KeyNotRenewableException,
  KeySuspendedException,
  NotATrialException,
  PolicyNotFoundException,
  ProductNotFoundException,
  type PublicKeyInformation,
  RequestRefusedException,
  TrialExpiredException,
  TrialNotOfferedException,
  TrialUsedException,
} from './index.js';

// Licensing's operations against an in-process stub: the path and body each sends, the typed result
// it returns, the checks made before any call, and the exception each new error code becomes.
let server: Server;
let baseUrl: string;
let requests: Array<{ path: string; body: unknown }>;
let reply: { status: number; body: unknown };

const KEY: PublicKeyInformation = {
  id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
  key: 'LIC-1',
  maxActivations: 2,
  currentActivations: 1,
  isActive: true,
  keyStatus: 'expired',
  expiresAt: '2027-01-31T00:00:00.000Z',
  product: 'studio',
  trial: false,
  entitlements: { seats: 5 },
  metadata: {},
  customer: { name: null, email: 'ana@example.com', ref: 'C-9' },
};

beforeEach(async () => {
  requests = [];
  reply = { status: 200, body: { status: 'ok', message: 'Done', ...KEY } };
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      requests.push({ path: request.url ?? '', body: JSON.parse(text) });
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const manager = () => new KeyManager('km_live_test', { baseUrl });
const PATH = '/api/v1/saas-platform/key-manager/';

describe('licensing operations', () => {
  it('validateKey sends what it is given and answers in one word', async () => {
    reply = {
      status: 200,
      body: {
        status: 'ok',
        valid: false,
        code: 'ENTITLEMENTS_MISSING',
        message: 'The key lacks an entitlement the app asked for.',
        key: KEY,
        missingEntitlements: ['export'],
      },
    };
    const result = await manager().validateKey({
      key: 'LIC-1',
      fingerprint: 'pc-1',
      product: 'studio',
      entitlements: ['seats', 'export'],
    });
    expect(requests).toEqual([
      {
        path: `${PATH}validate-key`,
        body: { key: 'LIC-1', fingerprint: 'pc-1', product: 'studio', entitlements: ['seats', 'export'] },
      },
    ]);
    expect(result).toEqual({
      status: 'ok',
      valid: false,
      code: 'ENTITLEMENTS_MISSING',
      message: 'The key lacks an entitlement the app asked for.',
      key: KEY,
      missingEntitlements: ['export'],
      rateLimit: null,
    });
  });

  it('validateKey by id; NOT_FOUND is an answer with no key, not an exception', async () => {
    reply = {
      status: 200,
      body: { status: 'ok', valid: false, code: 'NOT_FOUND', message: 'No such key.', key: null },
    };
    const result = await manager().validateKey({ id: KEY.id });
    expect(requests[0]?.body).toEqual({ id: KEY.id });
    expect(result).toMatchObject({ valid: false, code: 'NOT_FOUND', key: null });
    expect(result).not.toHaveProperty('missingEntitlements');
  });

  it.each([
    [
      'startTrial',
      (m: KeyManager) =>
        m.startTrial({ product: 'studio', fingerprint: 'pc-1', email: 'ana@example.com', name: ' ' }),
      'start-trial',
      { product: 'studio', fingerprint: 'pc-1', email: 'ana@example.com' },
    ],
    [
      'convertTrial',
      (m: KeyManager) =>
        m.convertTrial({ key: 'LIC-1', policyId: 'p-1', customerRef: 'C-9', customerName: '' }),
      'convert-trial',
      { key: 'LIC-1', policyId: 'p-1', customerRef: 'C-9', customerName: '' },
    ],
    ['renewKey', (m: KeyManager) => m.renewKey({ key: 'LIC-1' }), 'renew-key', { key: 'LIC-1' }],
    [
      'renewKey until a date',
      (m: KeyManager) => m.renewKey({ id: KEY.id, until: new Date('2028-01-31T00:00:00Z') }),
      'renew-key',
      { id: KEY.id, until: '2028-01-31T00:00:00.000Z' },
    ],
    [
      'suspendKey',
      (m: KeyManager) => m.suspendKey({ key: 'LIC-1', suspended: true }),
      'suspend-key',
      { key: 'LIC-1', suspended: true },
    ],
  ])('%s posts to its path and returns the message and the key', async (_name, call, path, body) => {
    const result = await call(manager());
    expect(requests).toEqual([{ path: `${PATH}${path}`, body }]);
    expect(result).toEqual({ status: 'ok', message: 'Done', keyInformation: KEY, rateLimit: null });
  });

  it('checks its arguments before calling', async () => {
    const m = manager();
    const bad: Array<() => Promise<unknown>> = [
      () => m.validateKey({ key: ' ' }),
      () => m.validateKey({ key: 'LIC-1', id: KEY.id } as never),
      () => m.validateKey({} as never),
      () => m.validateKey({ key: 'LIC-1', entitlements: 'pro' as never }),
      () => m.startTrial({ product: 'studio', fingerprint: '' }),
      () => m.renewKey({ key: 'LIC-1', until: 'next year' }),
      () => m.suspendKey({ key: 'LIC-1' } as never),
    ];
    for (const call of bad) await expect(call()).rejects.toThrow(TypeError);
    expect(requests).toEqual([]);
  });

  it.each([
    [409, 'key_expired', KeyExpiredException],
    [409, 'trial_expired', TrialExpiredException],
    [409, 'key_suspended', KeySuspendedException],
    [404, 'product_not_found', ProductNotFoundException],
    [404, 'policy_not_found', PolicyNotFoundException],
    [404, 'trial_not_offered', TrialNotOfferedException],
    [409, 'trial_used', TrialUsedException],
    [409, 'not_a_trial', NotATrialException],
    [409, 'key_not_renewable', KeyNotRenewableException],
  ])('HTTP %i %s rejects as its own class, a RequestRefusedException', async (status, code, type) => {
    reply = { status, body: { status: 'failed', code, message: `Refused: ${code}` } };
    const error = await manager()
      .activate('LIC-1', 'pc-1')
      .catch((e: unknown) => e);
    expect((error as KeyManagerException).constructor).toBe(type);
    expect(error).toBeInstanceOf(RequestRefusedException);
    expect(error).toMatchObject({ code, statusCode: status, message: `Refused: ${code}`, name: type.name });
  });

  it('an ended trial is also a KeyExpiredException; a code named like an object property is not a class', async () => {
    reply = { status: 409, body: { status: 'failed', code: 'trial_expired', message: 'Trial has ended' } };
    await expect(manager().heartbeat('LIC-1', 'pc-1')).rejects.toBeInstanceOf(KeyExpiredException);
    reply = { status: 409, body: { status: 'failed', code: 'constructor', message: 'x' } };
    const odd = await manager()
      .activate('LIC-1')
      .catch((e: unknown) => e);
    expect((odd as KeyManagerException).constructor).toBe(RequestRefusedException);
  });
});
