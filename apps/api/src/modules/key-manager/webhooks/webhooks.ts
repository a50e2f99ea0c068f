import type { AppDeps } from '../../../app-deps.js';
import { runtimeOf } from '../../../runtime-mode.js';
import { WebhookDeliveryLog } from './delivery-log.js';
import { WebhookSubscriptions } from './subscriptions.js';
import { defineWebhookDelivery, minimumRetryWindowSeconds } from './webhook-delivery.js';
import { WebhookEmitter } from './webhook-emitter.js';
import { WebhookEndpoints } from './webhook-endpoints.js';
import { webhookRoutes } from './webhook-routes.js';

export interface Webhooks {
  /** Key operations record their events through it, in their own transactions. */
  emitter: WebhookEmitter;
  routes: ReturnType<typeof webhookRoutes>;
  close(): void;
}

/**
 * Builds the Key Manager's outbound webhooks (decision 016) and defines their jobs; called while
 * the Key Manager registers its routes, before the queue starts.
 */
export function createWebhooks(deps: AppDeps): Webhooks {
  const { config, log } = deps;
  const db = deps.database.db;
  const runtime = runtimeOf(config);
  const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE ?? runtime.mode === 'trial';
  if (allowPrivate && runtime.mode === 'production') {
    log.warn('WEBHOOKS_ALLOW_PRIVATE=true: webhooks may reach http:// and private addresses (SSRF risk)');
  }
  const windowHours =
    minimumRetryWindowSeconds(config.WEBHOOK_RETRY_LIMIT, config.WEBHOOK_RETRY_DELAY_SECONDS) / 3600;
  if (windowHours < 24 && runtime.mode === 'production') {
    log.warn(
      { retryLimit: config.WEBHOOK_RETRY_LIMIT, retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS },
      `webhook retries end after as little as ${windowHours.toFixed(1)} h (the documented promise is 24 h)`,
    );
  }
  const secrets = deps.webhookSecrets;
  const subscriptions = new WebhookSubscriptions(db, deps.events, log);
  const emitter = new WebhookEmitter(deps.jobs, deps.clock, subscriptions);
  defineWebhookDelivery(
    deps.jobs,
    { db, log, clock: deps.clock, secrets, metrics: deps.metrics },
    {
      retryLimit: config.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      workers: config.WEBHOOK_WORKERS,
      allowPrivate,
      logDays: config.WEBHOOK_LOG_DAYS,
    },
  );
  const endpoints = new WebhookEndpoints(db, deps.clock, secrets, emitter, allowPrivate);
  const deliveryLog = new WebhookDeliveryLog(db, endpoints, emitter);
  return {
    emitter,
    routes: webhookRoutes(deps, endpoints, deliveryLog),
    close: () => subscriptions.close(),
  };
}
