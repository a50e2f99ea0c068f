import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { KEY_MANAGER_PATHS as P } from '@app/contract';
import {
  ActivationLimitReachedException,
  DeviceNotActivatedException,
  type HeartbeatResult,
  KeyManager,
  startHeartbeat,
} from '@northwind/key-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  downloadAndCompile,
  ensureJarBuilt,
  repoRoot,
  runJava,
} from '../../key-manager-sdk/java-kit.test.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { freshToken, runLeaseJob, utcSecond } from './devices-kit.test.js';

// Decision 023 through the clients: the TypeScript SDK in this Node process and the Java
// library's documentation example (downloaded jar, real JVM), against the real server.
let server: TestServer;
let classpath: string;

beforeAll(async () => {
  ensureJarBuilt();
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5' } });
  classpath = await downloadAndCompile(server.baseUrl, ['examples']);
}, 120_000);
afterAll(async () => server?.close());

const MINUTE = 60_000;
type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function keyWithRules(dev: Developer, rules: object) {
  const licence = await dev.addKey(1);
  const set = await dev.request(P.setKeyDevicePolicy, {
    body: {
      keyId: licence.id,
      leaseSeconds: null,
      transfersPer30Days: null,
      transferIdleSeconds: null,
      ...rules,
    },
    token: dev.token,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return licence;
}

describe('@northwind/key-manager: devices, heartbeat, lease, transfer', () => {
  it('activates, beats in the background, is released after the lease, and transfers after a reinstall', async () => {
    const dev = await newDeveloper(server);
    const licence = await keyWithRules(dev, {
      leaseSeconds: 600,
      transfersPer30Days: 1,
      transferIdleSeconds: 3600,
    });
    const manager = new KeyManager(await dev.apiKey('publishable'), { baseUrl: server.baseUrl });

    const activated = await manager.activate(licence.key, 'node-1', {
      deviceName: 'CI runner',
      platform: 'linux',
    });
    expect(activated).toMatchObject({ message: 'Key activated', keyInformation: { currentActivations: 1 } });
    expect(activated).not.toHaveProperty('transfer');

    const firstBeat = new Promise<HeartbeatResult>((resolve, reject) => {
      const handle = startHeartbeat(manager, {
        key: licence.key,
        fingerprint: 'node-1',
        onBeat: (result) => {
          handle.stop();
          resolve(result);
        },
        onError: reject,
      });
    });
    const beat = await firstBeat;
    expect(beat.leaseSeconds).toBe(600);
    expect(beat.leaseExpiresAt?.getTime()).toBe(server.clock.now().getTime() + 600_000);

    // No heartbeat for 11 minutes: the job releases the slot; the device is told on its next beat.
    server.clock.advance(11 * MINUTE);
    await runLeaseJob(server);
    await expect(manager.heartbeat(licence.key, 'node-1')).rejects.toBeInstanceOf(
      DeviceNotActivatedException,
    );
    expect((await manager.getKeyInformation(licence.key)).keyInformation.currentActivations).toBe(0);
    // Activating again takes the free slot (and is safe to retry).
    await manager.activate(licence.key, 'node-1');
    expect((await manager.activate(licence.key, 'node-1')).message).toBe(
      'Key already activated on this device',
    );

    // From here the lease outlasts the hour a transfer waits for, so a reinstall moves the slot by a
    // transfer (with a shorter lease the lapsed device would simply give it up, no transfer used).
    const longer = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: licence.id, leaseSeconds: 7200, transfersPer30Days: 1, transferIdleSeconds: 3600 },
      token: await freshToken(server, dev),
    });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    // A reinstall (new fingerprint) an hour later moves the slot; the next one must wait 30 days.
    server.clock.advance(61 * MINUTE);
    const moved = await manager.activate(licence.key, 'node-reinstalled');
    expect(moved.transfer).toMatchObject({ transfersUsed: 1, transfersPer30Days: 1 });
    const transferredAt = server.clock.now().getTime();
    server.clock.advance(120 * MINUTE);
    const refused = await manager.activate(licence.key, 'node-third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ActivationLimitReachedException);
    expect((refused as ActivationLimitReachedException).nextTransferAt?.getTime()).toBe(
      transferredAt + 30 * 86_400_000,
    );
    const devices = await manager.getKeyInformation(licence.key, { includeDevices: true });
    expect(devices.devices?.map((device) => [device.name, device.fingerprint])).toEqual([[null, null]]);
  });
});

describe('Java library: KeepDeviceActive, the documentation example', () => {
  it('activates with a fingerprint, heartbeats on its daemon thread, and is told when a transfer is possible', async () => {
    const dev = await newDeveloper(server);
    // A lease longer than the 61 minutes the clock moves below: the lease job (polled every 0.5 s)
    // must not free the first machine's slot on its own, or the third run gets a plain activation.
    const licence = await keyWithRules(dev, {
      leaseSeconds: 7200,
      transfersPer30Days: 1,
      transferIdleSeconds: 3600,
    });
    const env = {
      KEY_MANAGER_API_KEY: await dev.apiKey('publishable'),
      KEY_MANAGER_BASE_URL: server.baseUrl,
    };

    const first = await runJava(classpath, 'KeepDeviceActive', [licence.key, 'java-pc'], env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toBe('Key activated\nHeartbeat recorded; lease: 7200 s');

    // Another machine while the first was seen just now: refused, with the moment it becomes possible.
    const idleAt = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const second = await runJava(classpath, 'KeepDeviceActive', [licence.key, 'java-laptop'], env);
    expect(second.status).toBe(0);
    expect(second.stdout.trim().split('\n')).toEqual([
      `Refused: Activation limit reached. This licence can move to a new device from ${utcSecond(idleAt)}; until then, release a device or ask the seller to.`,
      `Transfer possible from ${idleAt.replace('.000Z', 'Z')}`,
    ]);

    // An hour later the new machine takes the slot.
    server.clock.advance(61 * MINUTE);
    const third = await runJava(classpath, 'KeepDeviceActive', [licence.key, 'java-laptop'], env);
    expect(third.stdout.trim().split('\n')[0]).toBe(
      'Key activated on this device; the least recently used device was released to make room',
    );
  }, 120_000);
});

describe('ReactJS heartbeat example (the documentation page shows this file)', () => {
  it('beats for an activated device and names a lapsed one', async () => {
    const file = path.join(repoRoot, 'apps/web/src/features/developer-docs/examples/heartbeat.tsx');
    const { sendHeartbeat } = (await import(pathToFileURL(file).href)) as {
      sendHeartbeat: (
        publishableKey: string,
        licenceKey: string,
        fingerprint: string,
        baseUrl: string,
      ) => Promise<{ message: string; leaseSeconds: number; leaseExpiresAt: string | null }>;
    };
    const dev = await newDeveloper(server);
    const licence = await keyWithRules(dev, { leaseSeconds: 900 });
    const publishable = await dev.apiKey('publishable');
    const activated = await dev.request(P.activateKey, {
      body: { key: licence.key, fingerprint: 'browser-1' },
      token: publishable,
    });
    expect(activated.status).toBe(200);
    expect(await sendHeartbeat(publishable, licence.key, 'browser-1', server.baseUrl)).toMatchObject({
      message: 'Heartbeat recorded',
      leaseSeconds: 900,
    });
    await expect(sendHeartbeat(publishable, licence.key, 'browser-2', server.baseUrl)).rejects.toThrow(
      'This device is not activated for the key',
    );
  });
});
