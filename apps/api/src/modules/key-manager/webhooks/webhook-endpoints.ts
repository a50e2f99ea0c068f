import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_NOT_FOUND_MESSAGE,
  WEBHOOK_SECRET_PREFIX,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@app/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { users, type WebhookEndpointRow, webhookEndpoints } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { conflict, notFound } from '../../../platform/http/errors.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import { checkEndpointUrl } from './address-policy.js';
import { generateSigningSecret } from './signing.js';
import type { WebhookEmitter } from './webhook-emitter.js';

/** An owner's webhook endpoints: add, list, change, remove, roll the secret, send a test event. */
export class WebhookEndpoints {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly emitter: WebhookEmitter,
    private readonly allowPrivate: boolean,
  ) {}

  async list(ownerId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ownerId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    return rows.map(toEndpoint);
  }

  /** The secret is returned here and by rollSecret() only. */
  async create(ownerId: string, input: CreateWebhookEndpointRequest) {
    const url = checkEndpointUrl(input.url, this.allowPrivate);
    const id = randomUUID();
    const secret = generateSigningSecret();
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      // Locking the owner's row serialises their concurrent additions, so the limit holds. NO KEY
      // UPDATE, not UPDATE: the KEY SHARE of other writers' foreign-key checks must not wait on it.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
      const [existing] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.ownerId, ownerId));
      if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINT_LIMIT) throw conflict(WEBHOOK_LIMIT_MESSAGE);
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({
          id,
          ownerId,
          url: url.href,
          description: input.description || null,
          events: ordered(input.events),
          product: input.product ?? null,
          secretCiphertext: this.secrets.seal(secret, id),
          secretLastFour: secret.slice(-4),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('webhook endpoint insert returned nothing');
      return created;
    });
    await this.emitter.subscriptions.changed(ownerId);
    return { endpoint: toEndpoint(row), secret };
  }

  async update(ownerId: string, id: string, input: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint> {
    const url = input.url !== undefined ? checkEndpointUrl(input.url, this.allowPrivate).href : undefined;
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.events !== undefined ? { events: ordered(input.events) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.product !== undefined ? { product: input.product } : {}),
        updatedAt: this.clock.now(),
      })
      .where(owned(ownerId, id))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    await this.emitter.subscriptions.changed(ownerId);
    return toEndpoint(row);
  }

  /** Removes the endpoint with its deliveries and log; queued jobs for it find nothing and end. */
  async remove(ownerId: string, id: string): Promise<void> {
    const removed = await this.db
      .delete(webhookEndpoints)
      .where(owned(ownerId, id))
      .returning({ id: webhookEndpoints.id });
    if (removed.length === 0) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    await this.emitter.subscriptions.changed(ownerId);
  }

  /** A new secret at once: every delivery from now on, retries included, is signed with it. */
  async rollSecret(ownerId: string, id: string) {
    const secret = generateSigningSecret();
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({
        secretCiphertext: this.secrets.seal(secret, id),
        secretLastFour: secret.slice(-4),
        updatedAt: this.clock.now(),
      })
      .where(owned(ownerId, id))
      .returning();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    return { endpoint: toEndpoint(row), secret };
  }

  async sendTest(ownerId: string, id: string) {
    return this.db.transaction(async (tx) => {
      await this.enabled(tx, ownerId, id);
      return this.emitter.emitTest(tx, ownerId, id);
    });
  }

  /** The endpoint if `ownerId` owns it; anyone else's reads as not found. */
  async owned(db: DbOrTransaction, ownerId: string, id: string): Promise<WebhookEndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(owned(ownerId, id));
    if (!row) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    return row;
  }

  /** As owned(), and refused while switched off: a disabled endpoint is sent nothing. */
  async enabled(db: DbOrTransaction, ownerId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await this.owned(db, ownerId, id);
    if (!row.enabled) throw conflict(WEBHOOK_DISABLED_MESSAGE);
    return row;
  }
}

const owned = (ownerId: string, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId));

/** Without duplicates, in the documented order. */
function ordered(events: readonly WebhookEventType[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: ordered(row.events as WebhookEventType[]),
    enabled: row.enabled,
    product: row.product,
    secretHint: `${WEBHOOK_SECRET_PREFIX}…${row.secretLastFour}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
