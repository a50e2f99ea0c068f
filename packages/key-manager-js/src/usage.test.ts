import { describe, expect, it } from 'vitest';
import { KeyManager, RequestRefusedException, type UsageResult } from './index.js';

/** A fetch stand-in that records each request body and answers with `answer`. */
function recordingFetch(answer: { status: number; body: unknown }) {
  const bodies: Array<Record<string, unknown>> = [];
  const paths: string[] = [];
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    paths.push(new URL(String(url)).pathname);
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, bodies, paths };
}

const POINT = {
  validations: 6,
  activations: 1,
  deactivations: 0,
  heartbeats: 0,
  checkouts: 0,
  information: 0,
  other: 0,
  refusals: 1,
};

describe('usage reporting and getUsage (decision 037)', () => {
  it('sends appVersion and platform from the configuration with every call; a call’s own platform wins', async () => {
    const stub = recordingFetch({
      status: 200,
      body: { status: 'ok', code: 'VALID', valid: true, message: 'ok', key: null },
    });
    const client = new KeyManager('km_live_test', {
      baseUrl: 'http://stub.test',
      fetch: stub.fetch,
      appVersion: ' 2.4.1 ',
      platform: 'macos',
    });
    await client.validateKey({ key: 'LIC-1' }).catch(() => {});
    await client.activate('LIC-1', 'device-1', { platform: 'ios' }).catch(() => {});
    expect(stub.bodies[0]).toMatchObject({ key: 'LIC-1', appVersion: '2.4.1', platform: 'macos' });
    expect(stub.bodies[1]).toMatchObject({
      key: 'LIC-1',
      fingerprint: 'device-1',
      appVersion: '2.4.1',
      platform: 'ios',
    });
    const plain = recordingFetch({
      status: 200,
      body: { status: 'ok', code: 'VALID', valid: true, message: 'ok', key: null },
    });
    await new KeyManager('km_live_test', { baseUrl: 'http://stub.test', fetch: plain.fetch })
      .validateKey({ key: 'LIC-1' })
      .catch(() => {});
    expect(plain.bodies[0]).toEqual({ key: 'LIC-1' });
    expect(() => new KeyManager('km_live_test', { appVersion: 'x'.repeat(41) })).toThrow(/appVersion/);
  });

  it('getUsage posts the range and returns the typed series and totals', async () => {
    const body = {
      status: 'ok',
      granularity: 'hour',
      series: [{ at: '2026-11-28T10:00:00.000Z', ...POINT }],
      totals: { ...POINT, calls: 7, uniqueDevices: 2 },
    };
    const stub = recordingFetch({ status: 200, body });
    const client = new KeyManager('km_live_test', { baseUrl: 'http://stub.test', fetch: stub.fetch });
    const usage: UsageResult = await client.getUsage({
      from: new Date('2026-11-28T10:00:00Z'),
      granularity: 'hour',
      keyId: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
    });
    expect(stub.paths[0]).toBe('/api/v1/saas-platform/key-manager/usage');
    expect(stub.bodies[0]).toEqual({
      from: '2026-11-28T10:00:00.000Z',
      granularity: 'hour',
      keyId: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
    });
    expect(usage.series[0]?.validations).toBe(6);
    expect(usage.totals).toMatchObject({ calls: 7, uniqueDevices: 2 });
    await expect(client.getUsage({ from: 'not a date' })).rejects.toThrow(/from must be a date/);
  });

  it('getUsage with a publishable key rejects with the server’s refusal', async () => {
    const stub = recordingFetch({
      status: 403,
      body: {
        status: 'failed',
        code: 'publishable_key_not_allowed',
        message: 'A publishable key cannot do this',
      },
    });
    const client = new KeyManager('km_pub_test', { baseUrl: 'http://stub.test', fetch: stub.fetch });
    const refusal = await client.getUsage({ from: '2026-11-01T00:00:00Z' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestRefusedException);
  });
});
