import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@app/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { WebhookSubscriptions } from './subscriptions.js';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
export interface DeliveryJob {
  deliveryId: string;
  /** Asked for by the owner (test event, redelivery): the first try ignores an endpoint's pause. */
  manual?: boolean;
}

export const newEventId = () => `evt_${randomBytes(18).toString('base64url')}`;

/**
 * The publishing side of webhooks. An event is recorded, with one delivery per endpoint that wants
 * it and one `webhooks.deliver` job per delivery, in the caller's transaction: the event exists if
 * and only if the change that caused it committed, and the request never waits for an endpoint.
 */
export class WebhookEmitter {
  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    readonly subscriptions: WebhookSubscriptions,
  ) {}

  /**
   * Whether any of `types` has a subscriber; from memory. Hot paths ask this before opening the
   * transaction an event needs, so owners without webhooks pay nothing more.
   */
  wants(ownerId: string, types: readonly WebhookEventType[]): Promise<boolean> {
    return this.subscriptions.wantsAny(ownerId, types);
  }

  /**
   * Records `type` for every enabled endpoint of the owner that subscribed to it (none: nothing).
   * Callers ask `wants()` BEFORE their transaction and call this only if it said yes: the cache may
   * load through another connection, which inside a transaction on PGlite (one connection) would
   * wait for the transaction forever.
   */
  async emit(
    tx: DbOrTransaction,
    ownerId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
  ): Promise<string | null> {
    // The cache only decided whether to look; the endpoints come from the transaction. An endpoint
    // kept to one product hears only events about that product's keys (decision 032).
    const product = productOf(data);
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.ownerId, ownerId),
          eq(webhookEndpoints.enabled, true),
          sql`${type} = any(${webhookEndpoints.events})`,
          product === null
            ? isNull(webhookEndpoints.product)
            : or(isNull(webhookEndpoints.product), eq(webhookEndpoints.product, product)),
        ),
      );
    if (endpoints.length === 0) return null;
    const eventId = await this.record(tx, ownerId, type, data);
    await this.deliver(
      tx,
      eventId,
      endpoints.map((endpoint) => endpoint.id),
    );
    return eventId;
  }

  /** "Send test event": a `webhook.test` event for one endpoint, whatever it subscribed to. */
  async emitTest(tx: DbOrTransaction, ownerId: string, endpointId: string) {
    const eventId = await this.record(tx, ownerId, WEBHOOK_TEST_EVENT, {
      endpointId,
      message: 'This is a test event sent from the Key Manager dashboard.',
    });
    const [deliveryId] = await this.deliver(tx, eventId, [endpointId], { manual: true });
    if (!deliveryId) throw new Error('test delivery insert returned nothing');
    return { eventId, deliveryId };
  }

  /** Queues a delivery that exists again (redelivery). */
  async requeue(tx: DbOrTransaction, deliveryId: string): Promise<void> {
    await this.queue(tx, deliveryId, { manual: true });
  }

  private async queue(tx: DbOrTransaction, deliveryId: string, options: { manual: boolean }) {
    const job: DeliveryJob = options.manual ? { deliveryId, manual: true } : { deliveryId };
    await this.jobs.enqueue<DeliveryJob>(WEBHOOK_DELIVERY_JOB, job, { db: tx });
  }

  private async record(
    tx: DbOrTransaction,
    ownerId: string,
    type: string,
    data: Record<string, unknown>,
  ): Promise<string> {
    const id = newEventId();
    await tx.insert(webhookEvents).values({ id, ownerId, type, data, createdAt: this.clock.now() });
    return id;
  }

  private async deliver(
    tx: DbOrTransaction,
    eventId: string,
    endpointIds: string[],
    options = { manual: false },
  ): Promise<string[]> {
    const deliveries = await tx
      .insert(webhookDeliveries)
      .values(endpointIds.map((endpointId) => ({ eventId, endpointId, createdAt: this.clock.now() })))
      .returning({ id: webhookDeliveries.id });
    for (const delivery of deliveries) await this.queue(tx, delivery.id, options);
    return deliveries.map((delivery) => delivery.id);
  }
}

/** The product code of the key an event is about (`data.key.product`), or null. */
function productOf(data: Record<string, unknown>): string | null {
  const key = data.key;
  if (key && typeof key === 'object' && 'product' in key && typeof key.product === 'string')
    return key.product;
  return null;
}
