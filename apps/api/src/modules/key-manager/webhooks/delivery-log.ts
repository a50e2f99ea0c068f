import { WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, type WebhookAttempt } from '@app/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../../db/keyset.js';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { notFound } from '../../../platform/http/errors.js';
import type { WebhookEmitter } from './webhook-emitter.js';
import type { WebhookEndpoints } from './webhook-endpoints.js';

/** An endpoint's delivery log (every attempt, newest first, keyset pages) and redelivery. */
export class WebhookDeliveryLog {
  constructor(
    private readonly db: Db,
    private readonly endpoints: WebhookEndpoints,
    private readonly emitter: WebhookEmitter,
  ) {}

  async list(
    ownerId: string,
    endpointId: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ attempts: WebhookAttempt[]; nextCursor: string | null }> {
    await this.endpoints.owned(this.db, ownerId, endpointId);
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({
        id: webhookAttempts.id,
        deliveryId: webhookAttempts.deliveryId,
        eventId: webhookDeliveries.eventId,
        eventType: webhookEvents.type,
        attempt: webhookAttempts.attempt,
        statusCode: webhookAttempts.statusCode,
        succeeded: webhookAttempts.succeeded,
        latencyMs: webhookAttempts.latencyMs,
        responseExcerpt: webhookAttempts.responseExcerpt,
        error: webhookAttempts.error,
        deliveryStatus: webhookDeliveries.status,
        createdAt: webhookAttempts.createdAt,
        cursorAt: exactTimestamp(webhookAttempts.createdAt),
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookAttempts.endpointId, endpointId),
          keysetAfter([webhookAttempts.createdAt, webhookAttempts.id], after),
        ),
      )
      .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return {
      attempts: page.items.map(({ cursorAt: _, createdAt, ...row }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** Sends the delivery's event to its endpoint again, with a fresh retry schedule. */
  async redeliver(ownerId: string, endpointId: string, deliveryId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.endpoints.enabled(tx, ownerId, endpointId);
      const [delivery] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending' })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
        .returning({ id: webhookDeliveries.id });
      if (!delivery) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE);
      await this.emitter.requeue(tx, delivery.id);
    });
  }
}
