import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, MAX_EVENT_BYTES } from './event-bus.js';
import { createMemoryEventBus } from './memory-event-bus.js';

describe('memory event bus', () => {
  it('delivers to every subscriber of a topic, not to others, and stops after unsubscribe', async () => {
    const bus = createMemoryEventBus(() => undefined);
    const seen: unknown[] = [];
    const other: unknown[] = [];
    const stop = bus.subscribe('chat', (data) => seen.push(data));
    bus.subscribe('other', (data) => other.push(data));
    await bus.publish('chat', { id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([{ id: 1 }]);
    expect(other).toEqual([]);
    stop();
    await bus.publish('chat', { id: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([{ id: 1 }]);
  });

  it('keeps delivering when one handler throws', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryEventBus((error) => errors.push(error));
    const seen: unknown[] = [];
    bus.subscribe('chat', () => {
      throw new Error('boom');
    });
    bus.subscribe('chat', (data) => seen.push(data));
    await bus.publish('chat', 'x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['x']);
    expect(errors).toHaveLength(1);
  });

  it('refuses events larger than NOTIFY can carry', async () => {
    const bus = createMemoryEventBus(() => undefined);
    await expect(bus.publish('chat', 'x'.repeat(MAX_EVENT_BYTES))).rejects.toThrow(/too large/);
  });
});

describe('event encoding', () => {
  it('round-trips and ignores foreign payloads', () => {
    expect(decodeEvent(encodeEvent('t', { a: 1 }))).toEqual({ topic: 't', data: { a: 1 } });
    expect(decodeEvent('not json')).toBeNull();
    expect(decodeEvent('{"x":1}')).toBeNull();
  });
});
