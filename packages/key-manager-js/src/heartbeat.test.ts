import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ActivationLimitReachedException,
  DeviceNotActivatedException,
  type HeartbeatResult,
  intervalFor,
  KeyManager,
  MIN_HEARTBEAT_INTERVAL_MS,
  PERMANENT_LEASE_INTERVAL_MS,
  startHeartbeat,
} from './index.js';

// A stub server answering at once (no timers of its own, so fake timers only drive the helper).
let server: Server;
let baseUrl: string;
let calls: { path: string; body: Record<string, unknown> }[];
let answer: (path: string) => { status: number; body: object };

const KEY = {
  id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
  key: 'LIC-1',
  maxActivations: 2,
  currentActivations: 1,
  isActive: true,
};
const beatReply = (leaseSeconds: number) => ({
  status: 200,
  body: {
    status: 'ok',
    message: 'Heartbeat recorded',
    ...KEY,
    leaseSeconds,
    leaseExpiresAt: leaseSeconds ? '2026-11-23T10:10:00.000Z' : null,
  },
});

beforeEach(async () => {
  calls = [];
  answer = () => beatReply(600);
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({ path, body: JSON.parse(text) });
      const { status, body } = answer(path);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves with each next call of a callback, in order. */
function nextCalls<T>() {
  const waiting: ((value: T) => void)[] = [];
  const ready: T[] = [];
  return {
    push(value: T) {
      const resolve = waiting.shift();
      if (resolve) resolve(value);
      else ready.push(value);
    },
    next(): Promise<T> {
      const value = ready.shift();
      if (value !== undefined) return Promise.resolve(value);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

describe('heartbeat', () => {
  it('posts the key and fingerprint and returns the lease', async () => {
    const manager = new KeyManager('km_pub_test', { baseUrl });
    const result = await manager.heartbeat('LIC-1', 'laptop-1');
    expect(calls).toEqual([
      {
        path: '/api/v1/saas-platform/key-manager/heartbeat',
        body: { key: 'LIC-1', fingerprint: 'laptop-1' },
      },
    ]);
    expect(result).toMatchObject({
      message: 'Heartbeat recorded',
      keyInformation: KEY,
      leaseSeconds: 600,
      leaseExpiresAt: new Date('2026-11-23T10:10:00.000Z'),
    });
    await expect(manager.heartbeat('LIC-1', ' ')).rejects.toThrow(TypeError);
  });

  it('a lapsed or released device is a DeviceNotActivatedException; the limit carries nextTransferAt', async () => {
    const manager = new KeyManager('km_pub_test', { baseUrl });
    answer = () => ({
      status: 409,
      body: { status: 'failed', message: 'This device is not activated for the key' },
    });
    await expect(manager.heartbeat('LIC-1', 'gone')).rejects.toBeInstanceOf(DeviceNotActivatedException);
    answer = () => ({
      status: 409,
      body: {
        status: 'failed',
        message:
          'Activation limit reached. This licence can move to a new device from 2026-12-21 14:05 UTC; …',
        nextTransferAt: '2026-12-21T14:05:00.000Z',
      },
    });
    const refused = await manager.activate('LIC-1', 'new').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ActivationLimitReachedException);
    expect((refused as ActivationLimitReachedException).nextTransferAt).toEqual(
      new Date('2026-12-21T14:05:00.000Z'),
    );
  });

  it('startHeartbeat beats at once, then every interval, one at a time, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const manager = new KeyManager('km_pub_test', { baseUrl });
    // Counted when a beat starts (synchronously, when its timer fires), not when the server sees it.
    const started = vi.spyOn(manager, 'heartbeat');
    const beats = nextCalls<HeartbeatResult>();
    const handle = startHeartbeat(manager, {
      key: 'LIC-1',
      fingerprint: 'laptop-1',
      intervalMs: 1_000,
      onBeat: beats.push,
    });
    expect(started).toHaveBeenCalledTimes(1);
    await beats.next();
    vi.advanceTimersByTime(999);
    expect(started).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(started).toHaveBeenCalledTimes(2);
    await beats.next();
    expect(calls).toHaveLength(2);
    expect(handle.running).toBe(true);
    handle.stop();
    expect(handle.running).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('without an interval it beats at a third of the lease the server reports', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer = () => beatReply(90);
    const manager = new KeyManager('km_pub_test', { baseUrl });
    const started = vi.spyOn(manager, 'heartbeat');
    const beats = nextCalls<HeartbeatResult>();
    const handle = startHeartbeat(manager, { key: 'LIC-1', fingerprint: 'laptop-1', onBeat: beats.push });
    await beats.next();
    vi.advanceTimersByTime(29_999);
    expect(started).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(started).toHaveBeenCalledTimes(2);
    await beats.next();
    expect(calls).toHaveLength(2);
    handle.stop();
    expect(intervalFor(0)).toBe(PERMANENT_LEASE_INTERVAL_MS);
    expect(intervalFor(3)).toBe(MIN_HEARTBEAT_INTERVAL_MS);
    expect(intervalFor(3600)).toBe(1_200_000);
  });

  it('reports failures and, with reactivate, activates the same fingerprint again', async () => {
    answer = (path) =>
      path.endsWith('/heartbeat')
        ? { status: 409, body: { status: 'failed', message: 'This device is not activated for the key' } }
        : { status: 200, body: { status: 'ok', message: 'Key activated', ...KEY } };
    const manager = new KeyManager('km_pub_test', { baseUrl });
    const errors = nextCalls<unknown>();
    const activated = new Promise<void>((resolve) => {
      const original = answer;
      answer = (path) => {
        if (path.endsWith('/activate-key')) setImmediate(resolve);
        return original(path);
      };
    });
    const handle = startHeartbeat(manager, {
      key: 'LIC-1',
      fingerprint: 'laptop-1',
      intervalMs: 60_000,
      reactivate: true,
      onError: errors.push,
    });
    expect(await errors.next()).toBeInstanceOf(DeviceNotActivatedException);
    await activated;
    handle.stop();
    expect(calls.map((call) => [call.path.split('/').pop(), call.body])).toEqual([
      ['heartbeat', { key: 'LIC-1', fingerprint: 'laptop-1' }],
      ['activate-key', { key: 'LIC-1', fingerprint: 'laptop-1' }],
    ]);
    expect(() => startHeartbeat(manager, { key: 'LIC-1', fingerprint: '' })).toThrow(TypeError);
    expect(() => startHeartbeat(manager, { key: 'LIC-1', fingerprint: 'x', intervalMs: 0 })).toThrow(
      TypeError,
    );
  });
});
