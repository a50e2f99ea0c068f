import { type EventBus, encodeEvent, TopicHandlers } from './event-bus.js';

/** One process: events go straight to local handlers (asynchronously, like the PostgreSQL bus). */
export function createMemoryEventBus(onHandlerError: (error: unknown) => void): EventBus {
  const handlers = new TopicHandlers(onHandlerError);
  return {
    async publish(topic, data) {
      // Same size rule as NOTIFY, so code that works here also works on PostgreSQL.
      const copy = JSON.parse(encodeEvent(topic, data)) as { data: unknown };
      queueMicrotask(() => handlers.deliver(topic, copy.data));
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async ready() {},
    async close() {},
  };
}
