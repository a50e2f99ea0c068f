import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred.js';
import { LicenceKeyCache, type LicenceKeyChange } from './licence-key-cache.js';
import type { KeyRecord } from './licensing/key-record.js';
import { keyRecordFixture } from './licensing/key-record-test-kit.js';

const OWNER = '11111111-1111-4111-8111-111111111111';
const info = (currentActivations: number): KeyRecord => keyRecordFixture({ currentActivations });
const change: LicenceKeyChange = { ownerId: OWNER, id: info(0).id, key: 'KEY-1' };

describe('LicenceKeyCache', () => {
  it('serves a loaded key by key and by id (any letter case) until the TTL passes', async () => {
    let now = 1_000;
    const cache = new LicenceKeyCache({ ttlMs: 500, now: () => now });
    const load = vi.fn(async () => info(0));
    expect(await cache.read(OWNER, { key: 'KEY-1' }, load)).toEqual(info(0));
    expect(await cache.read(OWNER, { id: info(0).id.toUpperCase() }, load)).toEqual(info(0));
    now += 499;
    await cache.read(OWNER, { key: 'KEY-1' }, load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.read(OWNER, { key: 'KEY-1' }, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps owners apart and does not cache unknown keys or failures', async () => {
    const cache = new LicenceKeyCache();
    await cache.read(OWNER, { key: 'KEY-1' }, async () => info(0));
    const other = vi.fn(async () => null);
    expect(await cache.read('someone-else', { key: 'KEY-1' }, other)).toBeNull();
    expect(await cache.read('someone-else', { key: 'KEY-1' }, other)).toBeNull();
    expect(other).toHaveBeenCalledTimes(2);
    await expect(
      cache.read(OWNER, { key: 'KEY-2' }, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.read(OWNER, { key: 'KEY-2' }, async () => null)).toBeNull();
  });

  it('forgets a key on invalidation and tells the other instances', async () => {
    const onChange = vi.fn();
    const cache = new LicenceKeyCache({ onChange });
    await cache.read(OWNER, { key: 'KEY-1' }, async () => info(0));
    cache.invalidate(change);
    expect(onChange).toHaveBeenCalledWith(change);
    expect(await cache.read(OWNER, { id: change.id }, async () => info(1))).toEqual(info(1));
    // A change heard from another instance is forgotten, not echoed back.
    cache.forget(change);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(await cache.read(OWNER, { key: 'KEY-1' }, async () => info(2))).toEqual(info(2));
  });

  it('does not store a read that a change to the same owner overtook', async () => {
    const cache = new LicenceKeyCache();
    const stale = deferred<KeyRecord>();
    const first = cache.read(OWNER, { id: change.id }, () => stale.promise);
    cache.invalidate(change);
    stale.resolve(info(0));
    await first;
    expect(await cache.read(OWNER, { key: 'KEY-1' }, async () => info(1))).toEqual(info(1));
  });
});
