import {
  API_KEY_NOT_FOUND_MESSAGE,
  type GetApiKeysResponse,
  NO_PLAN_MESSAGE,
  KEY_MANAGER_PATHS as P,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_MESSAGE,
  SIMULATION_HEADER,
  SIMULATION_LIMITS,
  SIMULATION_STARTED_MESSAGE,
  SIMULATION_STOPPED_MESSAGE,
  type SimulateApiKeyResponse,
  SUBSCRIPTION_SUSPENDED_MESSAGE,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './key-manager-kit.test.js';

// The sandbox for API failures (contract key-manager-simulation.ts): a developer makes one of their
// own API keys answer 402, 403 or a low rate limit, for a bounded time, to test their app's handling.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function keyIds(dev: Developer) {
  const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
  return list.body.keysInformation;
}

/** Starts or stops a simulation on the developer's API key `id`. */
function simulate(dev: Developer, body: object) {
  return dev.request<SimulateApiKeyResponse>(P.simulateApiKey, { body, token: dev.token });
}

/** A developer with a licence key and two API keys: `tested` (the one simulated) and `other`. */
async function setUp() {
  const dev = await newDeveloper(server);
  const licence = (await dev.addKey(3)).key;
  const tested = await dev.apiKey();
  server.clock.advance(1_000); // the list is oldest first
  const other = await dev.apiKey();
  const [testedInfo] = await keyIds(dev);
  if (!testedInfo) throw new Error('no API key listed');
  const info = (token: string) => dev.request(P.getKeyInformation, { body: { key: licence }, token });
  return { dev, licence, tested, other, testedId: testedInfo.id, info };
}

describe('simulating an account state on one API key', () => {
  it('payment required: that key answers 402 with the real message and says it is simulated; nothing else changes', async () => {
    const { dev, tested, other, testedId, info } = await setUp();
    const started = await simulate(dev, { id: testedId, state: 'payment-required' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.message).toBe(SIMULATION_STARTED_MESSAGE);
    const endsAt = server.clock.now().getTime() + SIMULATION_LIMITS.minutesDefault * 60_000;
    expect(started.body.simulation).toEqual({
      state: 'payment-required',
      callsPerMinute: null,
      endsAt: new Date(endsAt).toISOString(),
    });

    const refused = await info(tested);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'payment_required',
      message: SUBSCRIPTION_SUSPENDED_MESSAGE,
    });
    expect(refused.headers.get(SIMULATION_HEADER)).toBe('payment-required');
    // The account's other key, its plan and its dashboard are untouched.
    const otherKey = await info(other);
    expect(otherKey.status).toBe(200);
    expect(otherKey.headers.get(SIMULATION_HEADER)).toBeNull();
    expect((await dev.request(P.data, { body: {}, token: dev.token })).body).toMatchObject({
      planActivated: true,
    });
    // The dashboard lists the running simulation on that key only.
    const listed = await keyIds(dev);
    expect(listed.map((key) => key.simulation?.state ?? null)).toEqual(['payment-required', null]);
  });

  it('no plan: 403 “Activate a Key Manager plan first”', async () => {
    const { dev, tested, testedId, info } = await setUp();
    expect((await simulate(dev, { id: testedId, state: 'no-plan' })).status).toBe(200);
    const refused = await info(tested);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 'failed', code: 'no_plan', message: NO_PLAN_MESSAGE });
  });

  it('a low rate limit: the key allows that many calls a minute, then 429 with Retry-After', async () => {
    const { dev, tested, testedId, info } = await setUp();
    const started = await simulate(dev, { id: testedId, state: 'rate-limit', callsPerMinute: 2 });
    expect(started.body.simulation).toMatchObject({ state: 'rate-limit', callsPerMinute: 2 });
    const first = await info(tested);
    expect(first.status).toBe(200);
    expect(first.headers.get(RATE_LIMIT_HEADERS.limit)).toBe('2');
    expect(first.headers.get(SIMULATION_HEADER)).toBe('rate-limit');
    expect((await info(tested)).status).toBe(200);
    const limited = await info(tested);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 'failed', code: 'rate_limited', message: RATE_LIMITED_MESSAGE });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends by itself when its time is up, and at once when stopped', async () => {
    const { dev, tested, testedId, info } = await setUp();
    await simulate(dev, { id: testedId, state: 'payment-required', minutes: 5 });
    server.clock.advance(5 * 60_000 - 1);
    expect((await info(tested)).status).toBe(402);
    server.clock.advance(1);
    const after = await info(tested);
    expect(after.status).toBe(200);
    expect(after.headers.get(SIMULATION_HEADER)).toBeNull();
    expect((await keyIds(dev))[0]?.simulation).toBeNull();

    await simulate(dev, { id: testedId, state: 'no-plan', minutes: 60 });
    expect((await info(tested)).status).toBe(403);
    const stopped = await simulate(dev, { id: testedId, state: 'off' });
    expect(stopped.body).toEqual({ status: 'ok', message: SIMULATION_STOPPED_MESSAGE, simulation: null });
    expect((await info(tested)).status).toBe(200);
  });

  it('reaches only the signed-in owner’s active keys, for at most an hour', async () => {
    const { dev, testedId } = await setUp();
    const stranger = await newDeveloper(server);
    const foreign = await simulate(stranger, { id: testedId, state: 'payment-required' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: 'failed', code: 'not_found', message: API_KEY_NOT_FOUND_MESSAGE });

    const tooLong = await simulate(dev, { id: testedId, state: 'no-plan', minutes: 61 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ status: 'failed', field: 'minutes' });
    const tooFast = await simulate(dev, { id: testedId, state: 'rate-limit', callsPerMinute: 11 });
    expect(tooFast.status).toBe(400);
    expect(tooFast.body).toMatchObject({ field: 'callsPerMinute' });
    const unknownState = await simulate(dev, { id: testedId, state: 'meltdown' });
    expect(unknownState.status).toBe(400);
    expect(unknownState.body).toMatchObject({ field: 'state' });

    expect((await dev.request(P.revokeApiKey, { body: { id: testedId }, token: dev.token })).status).toBe(
      200,
    );
    expect((await simulate(dev, { id: testedId, state: 'no-plan' })).status).toBe(404);
    const anonymous = await dev.request(P.simulateApiKey, { body: { id: testedId, state: 'no-plan' } });
    expect(anonymous.status).toBe(401);
  });
});
