import type { WebhookEventType } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { webhookEndpoints } from '../../../db/schema/index.js';
import { ReadThroughCache } from '../../../platform/cache/read-through-cache.js';
import type { EventBus } from '../../../platform/events/index.js';

export const WEBHOOK_ENDPOINTS_CHANGED_TOPIC = 'key-manager.webhook-endpoints-changed';
const ZEndpointsChanged = z.object({ ownerId: z.string() });

/**
 * How long an owner's subscribed event types are trusted from memory. Changes through this instance
 * apply at once; other instances hear of them through the EventBus; the TTL bounds a lost event.
 */
export const SUBSCRIPTION_CACHE_TTL_MS = 60_000;

const NONE: ReadonlySet<WebhookEventType> = new Set();

/**
 * Which event types each owner has an enabled endpoint for, from memory. The key operations ask it
 * before doing any webhook work, so an owner without endpoints pays one map lookup per call.
 */
export class WebhookSubscriptions {
  private readonly cache = new ReadThroughCache<ReadonlySet<WebhookEventType>>({
    ttlMs: SUBSCRIPTION_CACHE_TTL_MS,
    maxEntries: 50_000,
  });
  private readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopListening = bus.subscribe(WEBHOOK_ENDPOINTS_CHANGED_TOPIC, (data) => {
      const event = ZEndpointsChanged.safeParse(data);
      if (event.success) this.cache.invalidate([event.data.ownerId]);
    });
  }

  async typesOf(ownerId: string): Promise<ReadonlySet<WebhookEventType>> {
    return (await this.cache.read(ownerId, () => this.load(ownerId))) ?? NONE;
  }

  /** True if the owner has an enabled endpoint for at least one of `types`. */
  async wantsAny(ownerId: string, types: readonly WebhookEventType[]): Promise<boolean> {
    const subscribed = await this.typesOf(ownerId);
    return subscribed.size > 0 && types.some((type) => subscribed.has(type));
  }

  /** An owner's endpoints changed (after the commit): forget here, and tell the other instances. */
  async changed(ownerId: string): Promise<void> {
    this.cache.invalidate([ownerId]);
    try {
      await this.bus.publish(WEBHOOK_ENDPOINTS_CHANGED_TOPIC, { ownerId });
    } catch (error) {
      // Other instances then pick the change up when their entry expires (SUBSCRIPTION_CACHE_TTL_MS).
      this.log.warn({ err: error }, 'webhook subscription change could not be published');
    }
  }

  close(): void {
    this.stopListening();
  }

  private async load(ownerId: string): Promise<ReadonlySet<WebhookEventType>> {
    const rows = await this.db
      .select({ events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.ownerId, ownerId), eq(webhookEndpoints.enabled, true)));
    if (rows.length === 0) return NONE;
    return new Set(rows.flatMap((row) => row.events as WebhookEventType[]));
  }
}
