import { readFileSync } from 'node:fs';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric's name starts with this (decision 040; the list is in docs/operations.md, "Metrics"). */
export const METRIC_PREFIX = 'app_';

/** Request latency buckets in seconds: the key path answers in a few ms, uploads take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type DeliveryOutcome = 'sent' | 'retrying' | 'failed';

/**
 * What the rest of the server counts into (AppDeps.metrics). With METRICS=off every method is a no-op
 * and `registry` is null: no hook, no route, nothing collected.
 */
export interface Metrics {
  readonly registry: Registry | null;
  /** Request latency by method, route pattern and status class (http-metrics.ts observes it). */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'> | null;
  /** One Key Manager public call, by operation and outcome (the usage recorder's record point). */
  keyCall(operation: string, outcome: string): void;
  /** One mail delivery try's result: `sent`, `retrying` (a try failed, another follows) or `failed`. */
  mailDelivery(outcome: DeliveryOutcome): void;
  /** One webhook delivery try's result, as for mail. */
  webhookDelivery(outcome: DeliveryOutcome): void;
  /** A chat WebSocket was admitted / closed. */
  socketOpened(): void;
  socketClosed(): void;
}

const noop = () => {};

export const METRICS_OFF: Metrics = {
  registry: null,
  httpDuration: null,
  keyCall: noop,
  mailDelivery: noop,
  webhookDelivery: noop,
  socketOpened: noop,
  socketClosed: noop,
};

/** The API's version from its package.json (same relative path from src/ and dist/). */
function packageVersion(): string {
  try {
    const file = new URL('../../../package.json', import.meta.url);
    return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** One registry per server (tests run several in one process): defaults, build info and counters. */
export function createMetrics(settings: { enabled: boolean; commit?: string | undefined }): Metrics {
  if (!settings.enabled) return METRICS_OFF;
  const registry = new Registry();
  // Process CPU, memory, GC, handles and the event-loop delay (app_nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  new Gauge({
    name: `${METRIC_PREFIX}build_info`,
    help: 'Always 1; the labels say which build runs.',
    labelNames: ['version', 'commit', 'node_version'],
    registers: [registry],
  }).set(
    { version: packageVersion(), commit: settings.commit ?? 'unknown', node_version: process.version },
    1,
  );
  const httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status class; _count is the request count.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const keyCalls = new Counter({
    name: `${METRIC_PREFIX}key_manager_calls_total`,
    help: 'Key Manager public REST calls by operation and outcome (validation code, ok or error code).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  // The key path pays one Map lookup and one increment: children are made once per pair.
  const keyChildren = new Map<string, { inc(): void }>();
  const mail = new Counter({
    name: `${METRIC_PREFIX}mail_deliveries_total`,
    help: 'SMTP delivery tries by outcome (sent, retrying, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: `${METRIC_PREFIX}webhook_deliveries_total`,
    help: 'Webhook delivery tries by outcome (sent, retrying, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const sockets = new Gauge({
    name: `${METRIC_PREFIX}chat_websocket_connections`,
    help: 'Chat WebSocket connections open on this instance.',
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    keyCall(operation, outcome) {
      const name = `${operation} ${outcome}`;
      let child = keyChildren.get(name);
      if (!child) {
        child = keyCalls.labels(operation, outcome);
        keyChildren.set(name, child);
      }
      child.inc();
    },
    mailDelivery: (outcome) => mail.inc({ outcome }),
    webhookDelivery: (outcome) => webhooks.inc({ outcome }),
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
  };
}
