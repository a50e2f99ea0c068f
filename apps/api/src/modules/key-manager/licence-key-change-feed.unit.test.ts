import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MAX_EVENT_BYTES } from '../../platform/events/event-bus.js';
import { createMemoryEventBus } from '../../platform/events/memory-event-bus.js';
import { LicenceKeyCache, type LicenceKeyChange } from './licence-key-cache.js';
import {
  CHANGE_FEED_INTERVAL_MS,
  fitInEvents,
  LICENCE_KEYS_CHANGED_TOPIC,
  LicenceKeyChangeFeed,
} from './licence-key-change-feed.js';
import { keyRecordFixture } from './licensing/key-record-test-kit.js';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const change = (n: number): LicenceKeyChange => ({
  ownerId: 'owner',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  key: `KEY-${n}`,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, CHANGE_FEED_INTERVAL_MS * 3));

describe('LicenceKeyChangeFeed', () => {
  it("makes another instance's cache forget a key changed here", async () => {
    const bus = createMemoryEventBus(() => undefined);
    const here = new LicenceKeyChangeFeed(bus, log);
    const there = new LicenceKeyChangeFeed(bus, log);
    const hereCache = new LicenceKeyCache({ onChange: here.add });
    const thereCache = new LicenceKeyCache();
    there.listen(thereCache);
    const info = keyRecordFixture({ id: change(1).id, key: 'KEY-1' });
    await thereCache.read('owner', { key: 'KEY-1' }, async () => info);

    hereCache.invalidate(change(1));
    await settle();
    const load = vi.fn(async () => ({ ...info, currentActivations: 1 }));
    expect(await thereCache.read('owner', { key: 'KEY-1' }, load)).toMatchObject({ currentActivations: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    await here.stop();
    await there.stop();
  });

  it('publishes a burst of changes as one event, and the rest on stop', async () => {
    const bus = createMemoryEventBus(() => undefined);
    const events: unknown[] = [];
    bus.subscribe(LICENCE_KEYS_CHANGED_TOPIC, (data) => events.push(data));
    const feed = new LicenceKeyChangeFeed(bus, log);
    for (let i = 0; i < 50; i += 1) feed.add(change(i % 10));
    await settle();
    expect(events).toHaveLength(1);
    expect((events[0] as { changes: unknown[] }).changes).toHaveLength(10);
    feed.add(change(11));
    await feed.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toHaveLength(2);
  });

  it('splits large batches into events the bus accepts', () => {
    const changes = Array.from({ length: 500 }, (_, i) => change(i));
    const batches = fitInEvents(changes);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(changes);
    for (const batch of batches) {
      expect(
        Buffer.byteLength(JSON.stringify({ topic: LICENCE_KEYS_CHANGED_TOPIC, data: { changes: batch } })),
      ).toBeLessThan(MAX_EVENT_BYTES);
    }
  });
});
