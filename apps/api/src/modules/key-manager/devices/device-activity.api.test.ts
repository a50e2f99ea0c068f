import {
  type ActivityResponse,
  type GetDevicesResponse,
  KEY_TRANSFERRED_MESSAGE,
  KEY_MANAGER_PATHS as P,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { freshToken, runLeaseJob } from './devices-kit.test.js';

// The dashboard's activity chart counts the device events of decision 023: a release and a lapsed
// lease are deactivations; a transfer is an activation (the new device) and a deactivation (the idle one).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await server?.close();
});

const MINUTE = 60_000;
type Developer = Awaited<ReturnType<typeof newDeveloper>>;

/** Today's bar of the chart (every event below happens on the clock's current UTC day). */
async function today(dev: Developer) {
  const chart = await dev.request<ActivityResponse>(P.activity, {
    body: { days: 1 },
    token: await freshToken(server, dev),
  });
  expect(chart.status, JSON.stringify(chart.body)).toBe(200);
  expect(chart.body.days).toHaveLength(1);
  const [{ date, ...figures }] = chart.body.days as [ActivityResponse['days'][number]];
  expect(date).toBe(server.clock.now().toISOString().slice(0, 10));
  return figures;
}

describe('activity chart and device events', () => {
  it('counts a dashboard release, a lapsed lease and a self-serve transfer', async () => {
    // Noon UTC tomorrow: the steps below (about an hour) stay within that day.
    const now = server.clock.now();
    server.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12)));
    const dev = await newDeveloper(server);
    const apiKey = await dev.apiKey();
    const call = (path: string, body: object) =>
      dev.request<Record<string, unknown>>(path, { body, token: apiKey });
    const licence = await dev.addKey(0);
    for (const fingerprint of ['desk', 'laptop']) {
      expect((await call(P.activateKey, { key: licence.key, fingerprint })).status).toBe(200);
    }
    expect(await today(dev)).toEqual({ activations: 2, deactivations: 0 });

    // The owner frees the desk's slot from the dashboard: one deactivation.
    const listed = await dev.request<GetDevicesResponse>(P.getDevices, {
      body: { keyId: licence.id },
      token: dev.token,
    });
    const desk = listed.body.devices.find((device) => device.fingerprint === 'desk');
    const released = await dev.request(P.releaseDevice, {
      body: { keyId: licence.id, deviceId: desk?.id },
      token: dev.token,
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await today(dev)).toEqual({ activations: 2, deactivations: 1 });

    // The laptop stops sending heartbeats past a 60 s lease: the job releases it, one deactivation.
    const lease = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: licence.id, leaseSeconds: 60, transfersPer30Days: null, transferIdleSeconds: null },
      token: dev.token,
    });
    expect(lease.status, JSON.stringify(lease.body)).toBe(200);
    server.clock.advance(2 * MINUTE);
    await runLeaseJob(server);
    expect((await call(P.getKeyInformation, { key: licence.key })).body.currentActivations).toBe(0);
    expect(await today(dev)).toEqual({ activations: 2, deactivations: 2 });

    // A one-slot key moves from an idle install to a new one: in and out, the count unchanged.
    const single = await dev.addKey(1);
    const policy = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: single.id, leaseSeconds: null, transfersPer30Days: 1, transferIdleSeconds: 3600 },
      token: await freshToken(server, dev),
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    expect((await call(P.activateKey, { key: single.key, fingerprint: 'install-1' })).status).toBe(200);
    expect(await today(dev)).toEqual({ activations: 3, deactivations: 2 });
    server.clock.advance(61 * MINUTE);
    const moved = await call(P.activateKey, { key: single.key, fingerprint: 'install-2' });
    expect(moved.body).toMatchObject({ message: KEY_TRANSFERRED_MESSAGE, currentActivations: 1 });
    expect(await today(dev)).toEqual({ activations: 4, deactivations: 3 });
  });
});
