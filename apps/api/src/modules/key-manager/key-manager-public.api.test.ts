import {
  ACTIVATION_LIMIT_MESSAGE,
  API_KEY_REQUIRED_MESSAGE,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  type GetApiKeysResponse,
  type GetKeysResponse,
  INVALID_API_KEY_MESSAGE,
  INVALID_KEY_MESSAGE,
  KEY_ALREADY_ACTIVATED_MESSAGE,
  KEY_DISABLED_MESSAGE,
  NO_ACTIVATIONS_MESSAGE,
  KEY_MANAGER_PATHS as P,
  RATE_LIMITED_MESSAGE,
  USER_ADMIN_PATHS,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { givePrivatePlan, newDeveloper } from './key-manager-kit.test.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('public REST: the product contract’s public REST table', () => {
  it('walks a key through information, activations, limit, disable, enable and delete', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const call = (path: string, body: unknown) => dev.request(path, { body, token: apiKey });

    const info = await call(P.getKeyInformation, { key: licence.key });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      status: 'ok',
      id: licence.id,
      key: licence.key,
      maxActivations: 3,
      currentActivations: 0,
      isActive: true,
      // Licensing (decision 032): a key made without a product or policy.
      keyStatus: 'active',
      expiresAt: null,
      product: 'default',
      trial: false,
      entitlements: {},
      metadata: {},
      customer: { name: null, email: null, ref: null },
    });
    expect((await call(P.getKeyInformation, { id: licence.id })).body).toMatchObject({ key: licence.key });

    for (const expected of [1, 2, 3]) {
      const activated = await call(P.activateKey, { key: licence.key });
      expect(activated.status).toBe(200);
      expect(activated.body).toMatchObject({ status: 'ok', currentActivations: expected });
    }
    const fourth = await call(P.activateKey, { key: licence.key });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({
      status: 'failed',
      code: 'activation_limit_reached',
      message: ACTIVATION_LIMIT_MESSAGE,
    });

    const deactivated = await call(P.deactivateKey, { key: licence.key });
    expect(deactivated.body).toMatchObject({ status: 'ok', currentActivations: 2 });

    const disabled = await call(P.markKeyAsActive, { key: licence.key, isActive: false });
    expect(disabled.body).toMatchObject({ status: 'ok', isActive: false });
    for (const path of [P.activateKey, P.deactivateKey]) {
      const refused = await call(path, { key: licence.key });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ status: 'failed', code: 'key_disabled', message: KEY_DISABLED_MESSAGE });
    }
    // The field-table reading `isActivated` works as well as the example's `isActive`.
    const enabled = await call(P.markKeyAsActive, { key: licence.key, isActivated: true });
    expect(enabled.body).toMatchObject({ status: 'ok', isActive: true, currentActivations: 2 });
    expect((await call(P.activateKey, { key: licence.key })).body).toMatchObject({ currentActivations: 3 });

    expect((await call(P.deleteKey, { key: licence.key })).body).toMatchObject({ status: 'ok' });
    for (const path of [P.getKeyInformation, P.activateKey, P.deactivateKey, P.deleteKey]) {
      const gone = await call(path, { key: licence.key });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ status: 'failed', code: 'key_not_found', message: INVALID_KEY_MESSAGE });
    }
    const goneMark = await call(P.markKeyAsActive, { key: licence.key, isActive: true });
    expect(goneMark.status).toBe(404);

    // The dashboard sees the same state: the key is gone from the list.
    const keys = await dev.request<GetKeysResponse>(P.getKeys, { body: {}, token: dev.token });
    expect(keys.body.keys.map((k) => k.id)).not.toContain(licence.id);
  });

  it('get-key-information reflects every change at once, by key and by id (cache invalidation)', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const call = (path: string, body: unknown) => dev.request(path, { body, token: apiKey });
    const both = async () => [
      (await call(P.getKeyInformation, { key: licence.key })).body,
      (await call(P.getKeyInformation, { id: licence.id })).body,
    ];
    // Read first, so each step below changes a key this instance holds in memory.
    expect(await both()).toEqual([
      expect.objectContaining({ currentActivations: 0 }),
      expect.objectContaining({ currentActivations: 0 }),
    ]);
    await call(P.activateKey, { key: licence.key });
    expect(await both()).toEqual([
      expect.objectContaining({ currentActivations: 1 }),
      expect.objectContaining({ currentActivations: 1 }),
    ]);
    await call(P.deactivateKey, { id: licence.id });
    expect((await both())[0]).toMatchObject({ currentActivations: 0 });
    await call(P.activateKey, { key: licence.key, fingerprint: 'device-a' });
    expect((await both())[1]).toMatchObject({ currentActivations: 1 });
    await call(P.markKeyAsActive, { key: licence.key, isActive: false });
    expect((await both())[0]).toMatchObject({ isActive: false });
    // Dashboard edits and deletes reach the public API too.
    const changed = await dev.request(P.changeKey, {
      body: { id: licence.id, max_activations: 7, current_activations: 1, is_active: true },
      token: dev.token,
    });
    expect(changed.status).toBe(200);
    expect(await both()).toEqual([
      expect.objectContaining({ maxActivations: 7, isActive: true }),
      expect.objectContaining({ maxActivations: 7, isActive: true }),
    ]);
    const removed = await dev.request(P.removeKey, { body: { id: licence.id }, token: dev.token });
    expect(removed.status).toBe(200);
    expect(await both()).toEqual([
      { status: 'failed', code: 'key_not_found', message: INVALID_KEY_MESSAGE },
      { status: 'failed', code: 'key_not_found', message: INVALID_KEY_MESSAGE },
    ]);
  });

  it('refuses deactivation at zero', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(2);
    const apiKey = await dev.apiKey();
    const response = await dev.request(P.deactivateKey, { body: { key: licence.key }, token: apiKey });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'no_activations',
      message: NO_ACTIVATIONS_MESSAGE,
    });
  });

  it('treats max 0 as unlimited', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(0);
    const apiKey = await dev.apiKey();
    for (let i = 1; i <= 5; i += 1) {
      const response = await dev.request(P.activateKey, { body: { key: licence.key }, token: apiKey });
      expect(response.body).toMatchObject({ currentActivations: i, maxActivations: 0 });
    }
  });

  it("reaches only its owner's keys: another owner's key is Invalid Key Provided", async () => {
    const owner = await newDeveloper(server);
    const stranger = await newDeveloper(server);
    const licence = await owner.addKey(3);
    const strangerKey = await stranger.apiKey();
    for (const [path, body] of [
      [P.getKeyInformation, { key: licence.key }],
      [P.getKeyInformation, { id: licence.id }],
      [P.activateKey, { key: licence.key }],
      [P.markKeyAsActive, { key: licence.key, isActive: false }],
      [P.deleteKey, { key: licence.key }],
    ] as const) {
      const response = await stranger.request(path, { body, token: strangerKey });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 'failed',
        code: 'key_not_found',
        message: INVALID_KEY_MESSAGE,
      });
    }
    const ownerKey = await owner.apiKey();
    const info = await owner.request(P.getKeyInformation, { body: { key: licence.key }, token: ownerKey });
    expect(info.body).toMatchObject({ currentActivations: 0, isActive: true });
  });

  it('answers bad input with 400 and a message after authentication', async () => {
    const dev = await newDeveloper(server);
    const apiKey = await dev.apiKey();
    const cases: [string, unknown][] = [
      [P.getKeyInformation, {}],
      [P.getKeyInformation, { key: 42 }],
      [P.getKeyInformation, { key: 'x'.repeat(129) }],
      [P.getKeyInformation, { id: 'not-a-uuid' }],
      [P.activateKey, { key: 'ABC', fingerprint: '' }],
      [P.markKeyAsActive, { key: 'ABC' }],
      [P.markKeyAsActive, { key: 'ABC', isActive: 'yes' }],
      [P.deleteKey, []],
      [P.activateKey, '{"key":'],
    ];
    for (const [path, body] of cases) {
      const response = await dev.request(path, { body, token: apiKey });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
    // Third parties may send extra fields to the public REST calls.
    const extra = await dev.request(P.getKeyInformation, {
      body: { key: 'NOPE', client: 'x' },
      token: apiKey,
    });
    expect(extra.status).toBe(404);
  });
});

describe('public REST: API-key authentication', () => {
  it('answers 401 without, with a wrong, with an access token or with a revoked API key', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const body = { key: licence.key };
    for (const path of [
      P.getKeyInformation,
      P.activateKey,
      P.deactivateKey,
      P.markKeyAsActive,
      P.deleteKey,
    ]) {
      const none = await dev.request(path, { body });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({
        status: 'failed',
        code: 'api_key_required',
        message: API_KEY_REQUIRED_MESSAGE,
      });
      const wrong = await dev.request(path, { body, token: `${apiKey.slice(0, -2)}xx` });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        status: 'failed',
        code: 'invalid_api_key',
        message: INVALID_API_KEY_MESSAGE,
      });
      // A dashboard session is not an API key.
      expect((await dev.request(path, { body, token: dev.token })).status).toBe(401);
    }
    // 401 comes before body validation.
    expect((await dev.request(P.getKeyInformation, { body: {} })).status).toBe(401);

    const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    const id = list.body.keysInformation[0]?.id;
    expect((await dev.request(P.revokeApiKey, { body: { id }, token: dev.token })).status).toBe(200);
    const revoked = await dev.request(P.getKeyInformation, { body, token: apiKey });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({
      status: 'failed',
      code: 'invalid_api_key',
      message: INVALID_API_KEY_MESSAGE,
    });
  });
});

describe('public REST: disabled accounts', () => {
  it("stops a disabled account's API key on the next call and lets it work again once enabled", async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const admin = await createAccount(server, 'admin');
    const user = await server.deps.accounts.findByEmail(dev.email);
    if (!user) throw new Error('developer not found');
    const info = () => dev.request(P.getKeyInformation, { body: { key: licence.key }, token: apiKey });
    // Warm the API-key cache, which would otherwise trust the key for 5 s.
    expect((await info()).status).toBe(200);
    const setDisabled = (disabled: boolean) =>
      dev.request(USER_ADMIN_PATHS.setDisabled, { body: { userID: user.id, disabled }, token: admin.access });
    expect((await setDisabled(true)).status).toBe(200);
    const refused = await info();
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'invalid_api_key',
      message: INVALID_API_KEY_MESSAGE,
    });
    expect((await setDisabled(false)).status).toBe(200);
    expect((await info()).status).toBe(200);
  });
});

describe('public REST: rate limit and usage', () => {
  it('sends X-RateLimit-* on every response and 429 with Retry-After past the plan rate', async () => {
    const dev = await newDeveloper(server);
    const apiKey = await dev.apiKey();
    const limit = dev.free.api_information.calls_per_minute;
    for (let i = 1; i <= limit; i += 1) {
      const response = await dev.request(P.getKeyInformation, { body: { key: 'UNKNOWN' }, token: apiKey });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(limit));
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(limit - i));
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    }
    const limited = await dev.request(P.getKeyInformation, { body: { key: 'UNKNOWN' }, token: apiKey });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 'failed', code: 'rate_limited', message: RATE_LIMITED_MESSAGE });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    // Another API key of the same owner has its own window. Created a second later, so the list
    // (oldest first, ties by id) shows it second.
    server.clock.advance(1000);
    const second = await dev.apiKey();
    expect((await dev.request(P.getKeyInformation, { body: { key: 'UNKNOWN' }, token: second })).status).toBe(
      404,
    );

    // requests_made, last_used and remaining_requests are accurate at once (no blocking writes).
    const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    const [first, other] = list.body.keysInformation;
    expect(first).toMatchObject({ requests_made: limit, remaining_requests: 0 });
    expect(first?.last_used).not.toBeNull();
    expect(first?.key).toMatch(/^km_live_.{4}….{4}$/);
    expect(first?.key).not.toBe(apiKey);
    expect(other).toMatchObject({ requests_made: 1, remaining_requests: limit - 1 });
  });

  it('flushes request counts to the database within seconds', async () => {
    const dev = await newDeveloper(server);
    const apiKey = await dev.apiKey();
    for (let i = 0; i < 3; i += 1) {
      await dev.request(P.getKeyInformation, { body: { key: 'UNKNOWN' }, token: apiKey });
    }
    await expect
      .poll(
        async () => {
          const result = (await server.database.db.execute(
            `select requests_made from manager_api_keys where prefix = '${apiKey.slice(0, 12)}'`,
          )) as unknown as { rows: { requests_made: string | number }[] };
          return Number(result.rows[0]?.requests_made);
        },
        { timeout: 6000, interval: 250 },
      )
      .toBe(3);
  });
});

describe('public REST: atomic counts', () => {
  it('lets exactly 3 of 100 concurrent activations of a key limited to 3 succeed', async () => {
    const dev = await newDeveloper(server);
    await givePrivatePlan(server, dev.email, dev.productId, 100_000);
    const licence = await dev.addKey(3);
    const apiKey = await dev.apiKey();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        dev.request(P.activateKey, { body: { key: licence.key }, token: apiKey }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(97);
    const info = await dev.request(P.getKeyInformation, { body: { key: licence.key }, token: apiKey });
    expect(info.body).toMatchObject({ currentActivations: 3 });
  });
});

describe('public REST: device fingerprints (extension)', () => {
  it('counts a fingerprint once and frees its slot on deactivation', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(2);
    const apiKey = await dev.apiKey();
    const call = (path: string, body: unknown) => dev.request(path, { body, token: apiKey });
    expect((await call(P.activateKey, { key: licence.key, fingerprint: 'laptop' })).body).toMatchObject({
      currentActivations: 1,
    });
    const again = await call(P.activateKey, { key: licence.key, fingerprint: 'laptop' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: KEY_ALREADY_ACTIVATED_MESSAGE, currentActivations: 1 });
    expect((await call(P.activateKey, { key: licence.key, fingerprint: 'desktop' })).body).toMatchObject({
      currentActivations: 2,
    });
    const third = await call(P.activateKey, { key: licence.key, fingerprint: 'tablet' });
    expect(third.body).toEqual({
      status: 'failed',
      code: 'activation_limit_reached',
      message: ACTIVATION_LIMIT_MESSAGE,
    });
    // The refused device was not remembered: after a slot frees, it can activate.
    const unknown = await call(P.deactivateKey, { key: licence.key, fingerprint: 'tablet' });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toEqual({
      status: 'failed',
      code: 'device_not_activated',
      message: FINGERPRINT_NOT_ACTIVATED_MESSAGE,
    });
    expect((await call(P.deactivateKey, { key: licence.key, fingerprint: 'laptop' })).body).toMatchObject({
      currentActivations: 1,
    });
    expect((await call(P.activateKey, { key: licence.key, fingerprint: 'tablet' })).body).toMatchObject({
      currentActivations: 2,
    });
  });
});
