import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_SIGNATURE_HEADER } from '@app/contract';
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { Metrics } from '../../../platform/metrics/registry.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import { notSent, recordAttempt } from './delivery-attempts.js';
import { DeliverySlots } from './delivery-slots.js';
import { EndpointPauses } from './endpoint-pauses.js';
import { type PostOutcome, postWebhook } from './outbound-post.js';
import { signatureHeader } from './signing.js';
import { type DeliveryJob, WEBHOOK_DELIVERY_JOB } from './webhook-emitter.js';

export const WEBHOOK_CLEANUP_JOB = 'webhooks.cleanup';

export interface WebhookDeliverySettings {
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutMs: number;
  /** Parallel attempts on one instance (`WEBHOOK_WORKERS`). */
  workers: number;
  allowPrivate: boolean;
  logDays: number;
}

/** Attempts to one endpoint at a time, on one instance. */
export const ENDPOINT_SLOTS = 2;

/** One owner's attempts use at most half of an instance's delivery workers (at least one). */
export const ownerSlots = (workers: number) => Math.max(1, Math.floor(workers / 2));

/**
 * Shortest time between the first try and the last retry: pg-boss waits delay × 2^n × (1 + random)
 * before retry n + 1, so at least delay × (2^limit − 1) in all (at most twice that).
 */
export function minimumRetryWindowSeconds(retryLimit: number, retryDelaySeconds: number): number {
  let total = 0;
  for (let n = 0; n < retryLimit; n++) total += retryDelaySeconds * 2 ** Math.min(n, 15);
  return total;
}

/**
 * The worker side: POSTs one delivery, records the attempt in the log, and throws on failure so the
 * queue retries it with backoff. After the last try the delivery says `failed` and its job stays
 * failed (the admin's Jobs view). A delivery already done is not sent again.
 *
 * Fairness (decision 016): an endpoint or owner with no free slot on this instance postpones the
 * delivery without a try (`DeliverySlots`), and an endpoint paused after a timeout gets a try that is
 * recorded as not sent, without a request (`EndpointPauses`): a worker never waits on an endpoint
 * that is already busy or known not to answer, so healthy endpoints of other owners keep getting
 * workers.
 */
export function defineWebhookDelivery(
  jobs: JobQueue,
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    clock: Clock;
    secrets: SecretBox;
    metrics: Pick<Metrics, 'webhookDelivery'>;
  },
  settings: WebhookDeliverySettings,
): void {
  const { db, clock } = deps;
  const slots = new DeliverySlots({
    perEndpoint: ENDPOINT_SLOTS,
    perOwner: ownerSlots(settings.workers),
    timeoutMs: settings.timeoutMs,
  });
  const pauses = new EndpointPauses(settings.retryDelaySeconds);
  jobs.define<DeliveryJob>({
    name: WEBHOOK_DELIVERY_JOB,
    retryLimit: settings.retryLimit,
    retryDelaySeconds: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 60,
    concurrency: settings.workers,
    async handle(job) {
      const { deliveryId } = job.data;
      const [row] = await db
        .select({
          status: webhookDeliveries.status,
          endpointId: webhookEndpoints.id,
          ownerId: webhookEndpoints.ownerId,
          url: webhookEndpoints.url,
          enabled: webhookEndpoints.enabled,
          secretCiphertext: webhookEndpoints.secretCiphertext,
          eventId: webhookEvents.id,
          type: webhookEvents.type,
          data: webhookEvents.data,
          created: webhookEvents.createdAt,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId));
      // Gone (endpoint or event removed) or already delivered: nothing to do.
      if (!row || row.status === 'succeeded') return;
      if (!row.enabled) {
        // Switched off since: no more tries (the owner can redeliver after enabling it again).
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed' })
          .where(eq(webhookDeliveries.id, deliveryId));
        return;
      }

      // The owner's own request (test event, redelivery) tries at once; later retries do not.
      const pausedUntil =
        job.data.manual && job.retryCount === 0 ? null : pauses.pausedUntil(row.endpointId, row.url);
      let result: PostOutcome;
      if (pausedUntil) {
        result = notSent(
          `Not sent: the endpoint did not answer within ${settings.timeoutMs} ms on an earlier attempt, so it is paused until ${pausedUntil.toISOString()}`,
        );
      } else {
        const slot = await slots.acquire(row.ownerId, row.endpointId);
        if ('waitMs' in slot) {
          await job.postpone(slot.waitMs);
          return;
        }
        const body = JSON.stringify({
          id: row.eventId,
          type: row.type,
          created: Math.floor(row.created.getTime() / 1000),
          data: row.data,
        });
        try {
          result = await send(row.url, row.endpointId, row.secretCiphertext, body);
        } finally {
          slot.release();
        }
        if (result.timedOut) pauses.timedOut(row.endpointId, row.url);
        else if (result.statusCode !== null) pauses.answered(row.endpointId, row.url);
      }
      await recordAttempt(db, deliveryId, row.endpointId, result, job.isLastAttempt);
      deps.metrics.webhookDelivery(result.succeeded ? 'sent' : job.isLastAttempt ? 'failed' : 'retrying');
      if (!result.succeeded) {
        if (job.isLastAttempt) {
          deps.log.warn({ delivery: deliveryId, event: row.eventId }, 'webhook delivery failed for good');
        }
        throw new Error(result.error ?? `the endpoint answered HTTP ${result.statusCode}`);
      }
    },
  });

  // Events (with their deliveries and log) older than WEBHOOK_LOG_DAYS go, once a day.
  jobs.define<object>({
    name: WEBHOOK_CLEANUP_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: true,
    async handle() {
      const before = new Date(clock.now().getTime() - settings.logDays * 86_400_000);
      await db.delete(webhookEvents).where(lt(webhookEvents.createdAt, before));
    },
  });
  jobs.schedule(WEBHOOK_CLEANUP_JOB, '23 3 * * *');

  async function send(url: string, endpointId: string, sealedSecret: string, body: string) {
    let secret: string;
    try {
      secret = deps.secrets.open(sealedSecret, endpointId);
    } catch {
      return notSent('The signing secret cannot be read (was WEBHOOK_SECRET_KEY changed?); roll the secret');
    }
    // Wall-clock time, not the app clock: the receiver compares `t` with its own clock.
    const signedAt = Math.floor(Date.now() / 1000);
    return postWebhook(
      new URL(url),
      body,
      {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, signedAt),
        'user-agent': 'Northwind-Webhooks/1.0',
      },
      {
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
        excerptBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
      },
    );
  }
}
