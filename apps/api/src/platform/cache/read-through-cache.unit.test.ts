import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred.js';
import { ReadThroughCache } from './read-through-cache.js';

describe('ReadThroughCache', () => {
  it('serves a loaded value, under its aliases too, until the TTL passes', async () => {
    let now = 1_000;
    const cache = new ReadThroughCache<string>({ ttlMs: 500, now: () => now });
    const load = vi.fn(async () => 'v1');
    expect(await cache.read('a', load, () => ['b'])).toBe('v1');
    expect(await cache.read('b', load)).toBe('v1');
    now += 499;
    await cache.read('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.read('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('remembers misses only when asked to, and never failures', async () => {
    const plain = new ReadThroughCache<string>({ ttlMs: 1000 });
    const missing = vi.fn(async () => null);
    await plain.read('a', missing);
    await plain.read('a', missing);
    expect(missing).toHaveBeenCalledTimes(2);
    const remembering = new ReadThroughCache<string>({ ttlMs: 1000, rememberMisses: true });
    const missingToo = vi.fn(async () => null);
    await remembering.read('a', missingToo);
    expect(await remembering.read('a', missingToo)).toBeNull();
    expect(missingToo).toHaveBeenCalledTimes(1);
    await expect(
      plain.read('b', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await plain.read('b', async () => 'back')).toBe('back');
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ReadThroughCache<string>({ ttlMs: 1000 });
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const reads = [1, 2, 3].map(() => cache.read('a', load));
    pending.resolve('v');
    expect(await Promise.all(reads)).toEqual(['v', 'v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never stores a load that an invalidation of its name overtook; later readers do not join it', async () => {
    const cache = new ReadThroughCache<string>({ ttlMs: 1000 });
    const stale = deferred<string>();
    const first = cache.read('a', () => stale.promise);
    // A write commits and invalidates while the read that started before it is still running.
    cache.invalidate(['a']);
    const fresh = cache.read('a', async () => 'new');
    stale.resolve('old');
    expect(await first).toBe('old');
    expect(await fresh).toBe('new');
    const load = vi.fn(async () => 'other');
    expect(await cache.read('a', load)).toBe('new');
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps storing loads of other names during an invalidation', async () => {
    const cache = new ReadThroughCache<string>({ ttlMs: 1000 });
    const pending = deferred<string>();
    const read = cache.read('b', () => pending.promise);
    cache.invalidate(['a']);
    pending.resolve('v');
    await read;
    const load = vi.fn(async () => 'again');
    expect(await cache.read('b', load)).toBe('v');
    expect(load).not.toHaveBeenCalled();
  });

  it('does not make callers wait on a load older than the TTL (a stuck query)', async () => {
    let now = 0;
    const cache = new ReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    const stuck = deferred<string>();
    void cache.read('a', () => stuck.promise);
    now += 999;
    const joined = vi.fn(async () => 'not called');
    const joining = cache.read('a', joined);
    now += 1;
    expect(await cache.read('a', async () => 'fresh')).toBe('fresh');
    expect(joined).not.toHaveBeenCalled();
    // Callers that joined while the load was young still get its result when it finally settles.
    stuck.resolve('late');
    expect(await joining).toBe('late');
  });

  it('forgets matching values on invalidateWhere and stores no load that it overtook', async () => {
    const cache = new ReadThroughCache<{ owner: string }>({ ttlMs: 1000 });
    await cache.read('a', async () => ({ owner: 'x' }));
    await cache.read('b', async () => ({ owner: 'y' }));
    const stale = deferred<{ owner: string }>();
    const inFlight = cache.read('c', () => stale.promise);
    cache.invalidateWhere((value) => value.owner === 'x');
    stale.resolve({ owner: 'x' });
    await inFlight;
    const load = vi.fn(async () => ({ owner: 'reloaded' }));
    expect(await cache.read('a', load)).toEqual({ owner: 'reloaded' });
    expect(await cache.read('b', load)).toEqual({ owner: 'y' });
    expect(await cache.read('c', load)).toEqual({ owner: 'reloaded' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts over instead of growing past maxEntries', async () => {
    const cache = new ReadThroughCache<number>({ ttlMs: 1000, maxEntries: 3 });
    for (const n of [1, 2, 3]) await cache.read(`k${n}`, async () => n);
    const load = vi.fn(async () => 0);
    await cache.read('k1', load);
    expect(load).not.toHaveBeenCalled();
    await cache.read('k4', async () => 4);
    await cache.read('k1', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
