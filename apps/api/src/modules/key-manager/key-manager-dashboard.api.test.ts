import {
  type ActivityResponse,
  API_KEY_LIMIT,
  API_KEY_LIMIT_MESSAGE,
  CURRENT_OVER_MAX_MESSAGE,
  type GetApiKeysResponse,
  type GetKeysResponse,
  INVALID_KEY_MESSAGE,
  type KeyManagerDataResponse,
  keyLimitMessage,
  NO_PLAN_MESSAGE,
  KEY_MANAGER_PATHS as P,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { newDeveloper } from './key-manager-kit.test.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('dashboard without a plan', () => {
  it('says no plan is activated and refuses keys and API keys', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const data = await dev.request<KeyManagerDataResponse>(P.data, { body: {}, token: dev.token });
    expect(data.body).toMatchObject({
      status: 'ok',
      planActivated: false,
      planInfo: null,
      callsPerMinute: null,
    });
    expect(data.body.product.name).toBe('Key Manager');
    for (const [path, body] of [
      [P.addKey, { maxActivations: 3, isActivated: true }],
      [P.generateApiKey, {}],
    ] as const) {
      const response = await dev.request(path, { body, token: dev.token });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ status: 'failed', code: 'conflict', message: NO_PLAN_MESSAGE });
    }
  });
});

describe('dashboard keys', () => {
  it('creates keys up to the plan limit, then refuses with a message', async () => {
    const dev = await newDeveloper(server);
    const first = await dev.addKey(3, true);
    expect(first).toMatchObject({ max_activations: 3, current_activations: 0, is_active: true });
    expect(first.key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);
    await dev.addKey(1, false);
    await dev.addKey(0, true);
    const refused = await dev.request(P.addKey, {
      body: { maxActivations: 1, isActivated: true },
      token: dev.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'failed', code: 'conflict', message: keyLimitMessage(3) });
    const keys = await dev.request<GetKeysResponse>(P.getKeys, { body: {}, token: dev.token });
    expect(keys.body.keys).toHaveLength(3);
    const data = await dev.request<KeyManagerDataResponse>(P.data, { body: {}, token: dev.token });
    expect(data.body.usage).toMatchObject({ keys: 3, activeKeys: 2, activations: 0 });
  });

  it('keeps the key limit under concurrent add-key calls', async () => {
    const dev = await newDeveloper(server);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        dev.request(P.addKey, { body: { maxActivations: 1, isActivated: true }, token: dev.token }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('edits a key (limit, count, switch), validates it, and deletes it', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(3);
    const change = (body: Record<string, unknown>) =>
      dev.request(P.changeKey, {
        body: { id: licence.id, max_activations: 5, current_activations: 2, is_active: false, ...body },
        token: dev.token,
      });
    const saved = await change({ name: 'Desktop app' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      key: {
        id: licence.id,
        max_activations: 5,
        current_activations: 2,
        is_active: false,
        name: 'Desktop app',
      },
    });
    const over = await change({ max_activations: 1, current_activations: 2 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: CURRENT_OVER_MAX_MESSAGE,
      field: 'current_activations',
    });
    for (const body of [
      { max_activations: -1 },
      { max_activations: 'x' },
      { is_active: 'no' },
      { extra: 1 },
    ]) {
      expect((await change(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await change({ id: 'nope' })).status).toBe(400);
    // Partial changes keep the other fields: the switch sends only is_active.
    const switched = await dev.request(P.changeKey, {
      body: { id: licence.id, is_active: true },
      token: dev.token,
    });
    expect(switched.body).toMatchObject({
      key: { is_active: true, max_activations: 5, current_activations: 2 },
    });
    const tooLow = await dev.request(P.changeKey, {
      body: { id: licence.id, max_activations: 1 },
      token: dev.token,
    });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: CURRENT_OVER_MAX_MESSAGE,
      field: 'current_activations',
    });
    expect((await change({ id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const stranger = await newDeveloper(server);
    const foreign = await stranger.request(P.changeKey, {
      body: { id: licence.id, max_activations: 9, current_activations: 0, is_active: true },
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: 'failed', code: 'key_not_found', message: INVALID_KEY_MESSAGE });
    expect(
      (await stranger.request(P.removeKey, { body: { id: licence.id }, token: stranger.token })).status,
    ).toBe(404);

    expect((await dev.request(P.removeKey, { body: { id: licence.id }, token: dev.token })).status).toBe(200);
    expect((await dev.request(P.removeKey, { body: { id: licence.id }, token: dev.token })).status).toBe(404);
    const keys = await dev.request<GetKeysResponse>(P.getKeys, { body: {}, token: dev.token });
    expect(keys.body.keys).toHaveLength(0);
  });

  it('refuses bad add-key input with 400', async () => {
    const dev = await newDeveloper(server);
    for (const body of [
      {},
      { maxActivations: -1, isActivated: true },
      { maxActivations: 1.5, isActivated: true },
      { maxActivations: 10_000_001, isActivated: true },
      { maxActivations: '3', isActivated: true },
      { maxActivations: 3, isActivated: true, name: 'n'.repeat(101) },
      { maxActivations: 3, isActivated: true, owner: 'x' },
    ]) {
      const response = await dev.request(P.addKey, { body, token: dev.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
    expect((await dev.request(P.getKeys, { body: { x: 1 }, token: dev.token })).status).toBe(400);
  });

  it('charts activations and deactivations per day from the event log', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(0);
    const apiKey = await dev.apiKey();
    for (const path of [P.activateKey, P.activateKey, P.deactivateKey]) {
      await dev.request(path, { body: { key: licence.key }, token: apiKey });
    }
    const chart = await dev.request<ActivityResponse>(P.activity, { body: { days: 7 }, token: dev.token });
    expect(chart.body.days).toHaveLength(7);
    const today = server.clock.now().toISOString().slice(0, 10);
    expect(chart.body.days.at(-1)).toEqual({ date: today, activations: 2, deactivations: 1 });
    expect(chart.body.days[0]).toMatchObject({ activations: 0, deactivations: 0 });
    expect((await dev.request(P.activity, { body: { days: 0 }, token: dev.token })).status).toBe(400);
  });
});

describe('dashboard API keys', () => {
  it('shows the key once, lists it masked, caps active keys and revokes', async () => {
    const dev = await newDeveloper(server);
    const key = await dev.apiKey();
    expect(key).toMatch(/^km_live_[A-Za-z0-9_-]{43}$/);
    const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    expect(list.body.callsPerMinute).toBe(dev.free.api_information.calls_per_minute);
    const [info] = list.body.keysInformation;
    expect(info).toMatchObject({
      key: `${key.slice(0, 12)}…${key.slice(-4)}`,
      requests_made: 0,
      last_used: null,
      remaining_requests: dev.free.api_information.calls_per_minute,
    });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const stored = (await server.database.db.execute(
      `select key_hash from manager_api_keys where id = '${info?.id}'`,
    )) as unknown as { rows: { key_hash: string }[] };
    expect(stored.rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    for (let i = 1; i < API_KEY_LIMIT; i += 1) await dev.apiKey();
    const capped = await dev.request(P.generateApiKey, { body: {}, token: dev.token });
    expect(capped.status).toBe(409);
    expect(capped.body).toEqual({ status: 'failed', code: 'conflict', message: API_KEY_LIMIT_MESSAGE });

    const stranger = await newDeveloper(server);
    expect(
      (await stranger.request(P.revokeApiKey, { body: { id: info?.id }, token: stranger.token })).status,
    ).toBe(404);
    expect((await dev.request(P.revokeApiKey, { body: { id: info?.id }, token: dev.token })).status).toBe(
      200,
    );
    expect((await dev.request(P.revokeApiKey, { body: { id: info?.id }, token: dev.token })).status).toBe(
      404,
    );
    expect((await dev.request(P.revokeApiKey, { body: { id: 'x' }, token: dev.token })).status).toBe(400);
    const after = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
    expect(after.body.keysInformation.map((k) => k.id)).not.toContain(info?.id);
    expect((await dev.request(P.generateApiKey, { body: {}, token: dev.token })).status).toBe(200);
  });
});

const uuid = '00000000-0000-4000-8000-000000000000';
const everyone = ['client', 'staff', 'admin'] as const;
describeRoleMatrix('key-manager dashboard', () => server, [
  { method: 'POST', path: P.data, body: {}, allowed: [...everyone] },
  { method: 'POST', path: P.addKey, body: { maxActivations: 1, isActivated: true }, allowed: [...everyone] },
  { method: 'POST', path: P.getKeys, body: {}, allowed: [...everyone] },
  {
    method: 'POST',
    path: P.changeKey,
    body: { id: uuid, max_activations: 1, current_activations: 0, is_active: true },
    allowed: [...everyone],
  },
  { method: 'POST', path: P.removeKey, body: { id: uuid }, allowed: [...everyone] },
  { method: 'POST', path: P.activity, body: {}, allowed: [...everyone] },
  { method: 'POST', path: P.generateApiKey, body: {}, allowed: [...everyone] },
  { method: 'POST', path: P.getApiKeys, body: {}, allowed: [...everyone] },
  { method: 'POST', path: P.revokeApiKey, body: { id: uuid }, allowed: [...everyone] },
]);
