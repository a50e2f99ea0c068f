import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_SIGNATURE_HEADER } from '@app/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { type PostOutcome, postWebhook } from './outbound-post.js';
import type { SecretBox } from './secret-box.js';
import { signatureHeader } from './signing.js';
import { type DeliveryJob, WEBHOOK_DELIVERY_JOB } from './webhook-emitter.js';

export const WEBHOOK_CLEANUP_JOB = 'webhooks.cleanup';

export interface WebhookDeliverySettings {
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutMs: number;
  allowPrivate: boolean;
  logDays: number;
}

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
 */
export function defineWebhookDelivery(
  jobs: JobQueue,
  deps: { db: Db; log: FastifyBaseLogger; clock: Clock; secrets: SecretBox },
  settings: WebhookDeliverySettings,
): void {
  const { db, clock } = deps;
  jobs.define<DeliveryJob>({
    name: WEBHOOK_DELIVERY_JOB,
    retryLimit: settings.retryLimit,
    retryDelaySeconds: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 60,
    concurrency: 3,
    async handle(job) {
      const [row] = await db
        .select({
          status: webhookDeliveries.status,
          endpointId: webhookEndpoints.id,
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
        .where(eq(webhookDeliveries.id, job.data.deliveryId));
      // Gone (endpoint or event removed) or already delivered: nothing to do.
      if (!row || row.status === 'succeeded') return;
      if (!row.enabled) {
        // Switched off since: no more tries (the owner can redeliver after enabling it again).
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed' })
          .where(eq(webhookDeliveries.id, job.data.deliveryId));
        return;
      }

      const body = JSON.stringify({
        id: row.eventId,
        type: row.type,
        created: Math.floor(row.created.getTime() / 1000),
        data: row.data,
      });
      const result = await send(row.url, row.endpointId, row.secretCiphertext, body);
      const failedFor = result.succeeded ? null : job.isLastAttempt ? 'failed' : 'pending';
      await db.transaction(async (tx) => {
        const [counted] = await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            // The log is a record of network events: database time, which orders attempts across instances.
            lastAttemptAt: sql`now()`,
            // A failure never overwrites a success that a parallel redelivery recorded.
            status: failedFor
              ? sql`case when ${webhookDeliveries.status} = 'succeeded' then 'succeeded' else ${failedFor} end`
              : 'succeeded',
          })
          .where(eq(webhookDeliveries.id, job.data.deliveryId))
          .returning({ attempts: webhookDeliveries.attempts });
        if (!counted) return;
        await tx.insert(webhookAttempts).values({
          deliveryId: job.data.deliveryId,
          endpointId: row.endpointId,
          attempt: counted.attempts,
          statusCode: result.statusCode,
          succeeded: result.succeeded,
          latencyMs: result.latencyMs,
          responseExcerpt: result.responseExcerpt,
          error: result.error,
        });
      });
      if (!result.succeeded) {
        if (job.isLastAttempt) {
          deps.log.warn(
            { delivery: job.data.deliveryId, event: row.eventId },
            'webhook delivery failed for good',
          );
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

function notSent(error: string): PostOutcome {
  return { statusCode: null, succeeded: false, latencyMs: 0, responseExcerpt: null, error };
}
