import {
  ActivationLimitReachedException,
  APIConnectionException,
  InvalidApiKeyException,
  KeyDisabledException,
  KeyManager,
  KeyNotFoundException,
  RateLimitException,
  RequestRefusedException,
} from '@northwind/key-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './developer-kit.test.js';

// The TypeScript SDK against the real public REST API, following the acceptance story.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('@northwind/key-manager against the real server', () => {
  it('gets information, activates to the limit, deactivates, disables, enables and deletes', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(3);
    const manager = new KeyManager(await developer.apiKey(), { baseUrl: server.baseUrl });

    const info = await manager.getKeyInformation(licence.key);
    expect(info.keyInformation).toEqual({
      id: licence.id,
      key: licence.key,
      maxActivations: 3,
      currentActivations: 0,
      isActive: true,
      // Licensing (decision 032): a key made without a product or policy, seen with a secret key.
      keyStatus: 'active',
      expiresAt: null,
      product: 'default',
      trial: false,
      entitlements: {},
      metadata: {},
      customer: { name: null, email: null, ref: null },
    });
    expect(info.rateLimit?.limit).toBeGreaterThanOrEqual(10);
    expect((await manager.getKeyInformationById(licence.id)).keyInformation.key).toBe(licence.key);

    for (const count of [1, 2, 3]) {
      const activated = await manager.activate(licence.key);
      expect(activated.message).toBe('Key activated');
      expect(activated.keyInformation?.currentActivations).toBe(count);
    }
    const limited = await manager.activate(licence.key).catch((error: unknown) => error);
    expect(limited).toMatchObject({
      constructor: ActivationLimitReachedException,
      statusCode: 409,
      code: 'activation_limit_reached',
      message: 'Activation limit reached',
    });
    // Still a RequestRefusedException, as code written before the specific class expects.
    expect(limited).toBeInstanceOf(RequestRefusedException);

    expect((await manager.deactivate(licence.key)).keyInformation?.currentActivations).toBe(2);
    expect((await manager.setUsable(licence.key, false)).message).toBe('Key disabled');
    await expect(manager.activate(licence.key)).rejects.toThrow('Key is disabled');
    await expect(manager.activate(licence.key)).rejects.toBeInstanceOf(KeyDisabledException);
    await expect(manager.activate(licence.key)).rejects.toMatchObject({ code: 'key_disabled' });
    await expect(manager.deactivate(licence.key)).rejects.toBeInstanceOf(KeyDisabledException);
    expect((await manager.setUsable(licence.key, true)).keyInformation?.isActive).toBe(true);
    expect((await manager.activate(licence.key)).keyInformation?.currentActivations).toBe(3);

    // Fingerprint extension: a device counts once and frees its slot on deactivation.
    await manager.deactivate(licence.key);
    expect((await manager.activate(licence.key, 'laptop-1')).keyInformation?.currentActivations).toBe(3);
    const again = await manager.activate(licence.key, 'laptop-1');
    expect(again.keyInformation?.currentActivations).toBe(3);
    expect((await manager.deactivate(licence.key, 'laptop-1')).keyInformation?.currentActivations).toBe(2);

    // The dashboard sees the SDK's changes.
    const [dashboardKey] = (await developer.keys()).filter((k) => k.key === licence.key);
    expect(dashboardKey).toMatchObject({ current_activations: 2, is_active: true });

    const deleted = await manager.delete(licence.key);
    expect(deleted).toMatchObject({ status: 'ok', message: 'Key deleted', keyInformation: null });
    const gone = await manager.getKeyInformation(licence.key).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(KeyNotFoundException);
    expect(gone).toMatchObject({ message: 'Invalid Key Provided', code: 'key_not_found' });
  });

  it("another owner's key is Invalid Key Provided; a wrong API key is InvalidApiKeyException", async () => {
    const owner = await newDeveloper(server);
    const licence = await owner.addKey(1);
    const stranger = new KeyManager(await (await newDeveloper(server)).apiKey(), { baseUrl: server.baseUrl });
    await expect(stranger.activate(licence.key)).rejects.toBeInstanceOf(KeyNotFoundException);
    const forged = new KeyManager('km_forged-key', { baseUrl: server.baseUrl });
    await expect(forged.getKeyInformation(licence.key)).rejects.toMatchObject({
      constructor: InvalidApiKeyException,
      statusCode: 401,
      code: 'invalid_api_key',
    });
  });

  it('rejects with RateLimitException and Retry-After once the plan’s calls per minute are used', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(1);
    const manager = new KeyManager(await developer.apiKey(), { baseUrl: server.baseUrl });
    let limited: RateLimitException | null = null;
    for (let call = 0; call < 100 && !limited; call++) {
      limited = await manager.getKeyInformation(licence.key).then(
        () => null,
        (error: unknown) => {
          if (error instanceof RateLimitException) return error;
          throw error;
        },
      );
    }
    expect(limited).toBeInstanceOf(RateLimitException);
    expect(limited?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(limited?.code).toBe('rate_limited');
  });

  it('rejects with APIConnectionException when the server cannot be reached', async () => {
    const manager = new KeyManager('km_any', { baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(manager.getKeyInformation('x')).rejects.toBeInstanceOf(APIConnectionException);
  });
});
