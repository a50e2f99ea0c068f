import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { decodeEvent, type EventBus, encodeEvent, TopicHandlers } from './event-bus.js';

export const EVENTS_CHANNEL = 'app_events';
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

/**
 * Several API instances on one PostgreSQL database: publish is `pg_notify`, and one dedicated
 * connection per instance LISTENs and hands events to local handlers. The publisher delivers its own
 * event to its handlers as soon as the NOTIFY is sent, before `publish` resolves, and skips the echo
 * (the event names its origin): what a request changed is seen by the next request on the same
 * instance — an admin who enables an account and calls the API at once is not answered from a cache
 * the echo had not cleared yet. Every instance still delivers each event once. If the listening
 * connection drops it reconnects with backoff; events sent while it was down are lost, which the
 * chat tolerates because clients also poll and refetch on reconnect.
 */
export function createPostgresEventBus(pool: pg.Pool, log: FastifyBaseLogger): EventBus {
  const handlers = new TopicHandlers((error) => log.error({ err: error }, 'event handler failed'));
  const instance = randomUUID();
  let client: pg.PoolClient | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let ready: Promise<void>;
  // A client goes back to the pool once: a dropped connection can raise several errors, and one may
  // arrive after close() released it (pg-pool throws on a second release).
  const released = new WeakSet<pg.PoolClient>();
  const release = (target: pg.PoolClient, error?: Error) => {
    if (released.has(target)) return;
    released.add(target);
    target.release(error);
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    const event = decodeEvent(message.payload);
    if (event && event.origin !== instance) handlers.deliver(event.topic, event.data);
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      ready = connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    try {
      const next = await pool.connect();
      next.on('notification', onNotification);
      next.on('error', (error) => {
        log.warn({ err: error }, 'event bus connection lost; reconnecting');
        next.removeListener('notification', onNotification);
        release(next, error);
        if (client === next) client = null;
        scheduleReconnect();
      });
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (closed) {
        release(next);
        return;
      }
      client = next;
      delay = RECONNECT_MIN_MS;
    } catch (error) {
      log.warn({ err: error }, 'event bus could not LISTEN; retrying');
      scheduleReconnect();
    }
  }

  ready = connect();

  return {
    async publish(topic, data) {
      const text = encodeEvent(topic, data, instance);
      await pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
      // Handlers get a copy, as on every other instance (and from the in-memory bus).
      const event = decodeEvent(text);
      if (event) handlers.deliver(event.topic, event.data);
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async ready() {
      // A reconnect replaces `ready`; wait until a connection is actually listening.
      while (!client && !closed) {
        await ready;
        if (!client) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready.catch(() => undefined);
      const current = client;
      client = null;
      if (current) {
        current.removeListener('notification', onNotification);
        await current.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
        release(current);
      }
    },
  };
}
