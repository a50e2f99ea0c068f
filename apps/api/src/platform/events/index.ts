import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventBus } from './event-bus.js';
import { createMemoryEventBus } from './memory-event-bus.js';
import { createPostgresEventBus } from './postgres-event-bus.js';

export { type EventBus, type EventHandler, MAX_EVENT_BYTES } from './event-bus.js';

/** PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL (several instances), else in-process. */
export function createEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  if (database.kind === 'postgres' && database.pool) return createPostgresEventBus(database.pool, log);
  return createMemoryEventBus((error) => log.error({ err: error }, 'event handler failed'));
}
