import { describe, expect, it } from 'vitest';
import { DeliverySlots } from './delivery-slots.js';
import { EndpointPauses, MAX_PAUSE_SECONDS } from './endpoint-pauses.js';

describe('delivery slots', () => {
  const limits = { perEndpoint: 2, perOwner: 3, timeoutMs: 10_000 };

  it('caps attempts per endpoint and per owner; other owners are not affected', async () => {
    let now = 0;
    const slots = new DeliverySlots(limits, () => now);
    const first = await slots.acquire('owner-a', 'hook-1');
    const second = await slots.acquire('owner-a', 'hook-1');
    expect('release' in first && 'release' in second).toBe(true);
    now = 1_000;
    // The endpoint's attempts have run 1 s: wait twice that in the queue, not in a worker.
    expect(await slots.acquire('owner-a', 'hook-1')).toEqual({ waitMs: 2_000 });
    expect('release' in (await slots.acquire('owner-a', 'hook-2'))).toBe(true);
    // The owner has 3 attempts in flight: another endpoint of theirs waits too.
    expect(await slots.acquire('owner-a', 'hook-3')).toEqual({ waitMs: 2_000 });
    expect('release' in (await slots.acquire('owner-b', 'hook-4'))).toBe(true);
    now = 9_000;
    expect(await slots.acquire('owner-a', 'hook-1')).toEqual({ waitMs: limits.timeoutMs });
    if ('release' in first) first.release();
    expect('release' in (await slots.acquire('owner-a', 'hook-1'))).toBe(true);
    expect(slots.inFlight).toBe(4);
  });

  it('lets a delivery wait in memory for an attempt that has only just started', async () => {
    const slots = new DeliverySlots({ perEndpoint: 1, perOwner: 2, timeoutMs: 10_000 });
    const first = await slots.acquire('owner', 'hook');
    const waiting = slots.acquire('owner', 'hook');
    if ('release' in first) first.release();
    expect('release' in (await waiting)).toBe(true);
  });
});

describe('endpoint pauses', () => {
  it('pauses an endpoint after a timeout, doubling up to 10 minutes, until it answers', () => {
    let now = 0;
    const pauses = new EndpointPauses(30, () => now);
    expect(pauses.pausedUntil('hook', 'https://a.example/')).toBeNull();
    pauses.timedOut('hook', 'https://a.example/');
    expect(pauses.pausedUntil('hook', 'https://a.example/')?.getTime()).toBe(30_000);
    // Another URL of the endpoint (changed by its owner) starts afresh.
    expect(pauses.pausedUntil('hook', 'https://b.example/')).toBeNull();
    now = 30_000;
    expect(pauses.pausedUntil('hook', 'https://a.example/')).toBeNull();
    pauses.timedOut('hook', 'https://a.example/');
    expect(pauses.pausedUntil('hook', 'https://a.example/')?.getTime()).toBe(90_000);
    for (let n = 0; n < 10; n++) pauses.timedOut('hook', 'https://a.example/');
    expect(pauses.pausedUntil('hook', 'https://a.example/')?.getTime()).toBe(
      30_000 + MAX_PAUSE_SECONDS * 1000,
    );
    pauses.answered('hook', 'https://a.example/');
    expect(pauses.pausedUntil('hook', 'https://a.example/')).toBeNull();
  });
});
