import {
  API_KEY_ALREADY_ROLLED_MESSAGE,
  API_KEY_NOT_FOUND_MESSAGE,
  type ApiKeyType,
  type RollApiKeyRequest,
} from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { managerApiKeys } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { type ApiKeyService, apiKeyTarget } from './api-key-service.js';
import type { CallContext } from './call-context.js';
import { auditKeyAction } from './key-audit.js';
import { generateApiKey, maskApiKey } from './secrets.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

const HOUR_MS = 60 * 60 * 1000;
/** `api_key.expiring` is sent when a rolled key enters its last 24 hours (decision 037). */
export const API_KEY_EXPIRING_NOTICE_MS = 24 * HOUR_MS;

export interface RolledApiKey {
  id: string;
  key: string;
  type: ApiKeyType;
  replaces: string;
  oldKeyExpiresAt: string;
}

/**
 * API-key rotation with overlap (decision 037): a new key with the old one's type, name and product;
 * the old one keeps working until now + overlap, then answers 401 `api_key_expired` (the guard
 * compares its stop time with the clock on every call) and the roll job revokes it.
 */
export class ApiKeyRolls {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhooks: WebhookEmitter,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async roll(ctx: CallContext, request: RollApiKeyRequest): Promise<RolledApiKey> {
    const ownerId = ctx.ownerId;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + request.overlapHours * HOUR_MS);
    // A short overlap is already inside the last 24 hours: `api_key.expiring` goes out with the roll.
    const expiringNow = expiresAt.getTime() - now.getTime() <= API_KEY_EXPIRING_NOTICE_MS;
    // Asked before the transaction (PGlite has one connection; see WebhookEmitter.emit).
    const announceRolled = await this.webhooks.wants(ownerId, ['api_key.rolled']);
    const announceExpiring = expiringNow && (await this.webhooks.wants(ownerId, ['api_key.expiring']));
    const result = await this.db.transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(managerApiKeys)
        .where(
          and(
            eq(managerApiKeys.id, request.id),
            eq(managerApiKeys.ownerId, ownerId),
            isNull(managerApiKeys.revokedAt),
          ),
        )
        .for('update');
      if (!old) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
      if (old.replacedBy || old.expiresAt) throw conflict(API_KEY_ALREADY_ROLLED_MESSAGE);
      const generated = generateApiKey(old.type);
      const [created] = await tx
        .insert(managerApiKeys)
        .values({
          ownerId,
          name: old.name,
          type: old.type,
          keyHash: generated.hash,
          prefix: generated.prefix,
          lastFour: generated.lastFour,
          productId: old.productId,
          createdAt: now,
        })
        .returning({ id: managerApiKeys.id });
      if (!created) throw new Error('API key insert returned nothing');
      await tx
        .update(managerApiKeys)
        .set({ expiresAt, replacedBy: created.id, expiringNoticeAt: expiringNow ? now : null })
        .where(eq(managerApiKeys.id, old.id));
      const oldKey = { id: old.id, name: old.name, key: maskApiKey(old.prefix, old.lastFour) };
      const newKey = {
        id: created.id,
        name: old.name,
        key: maskApiKey(generated.prefix, generated.lastFour),
      };
      await auditKeyAction(tx, ctx, {
        action: 'api_key.rolled',
        target: apiKeyTarget(old),
        before: { expiresAt: null, replacedBy: null },
        after: { expiresAt: expiresAt.toISOString(), replacedBy: newKey.key },
        detail: { apiKeyId: old.id, newApiKeyId: created.id, overlapHours: request.overlapHours },
      });
      if (announceRolled) {
        await this.webhooks.emit(tx, ownerId, 'api_key.rolled', {
          apiKey: oldKey,
          newApiKey: newKey,
          expiresAt: expiresAt.toISOString(),
        });
      }
      if (announceExpiring) {
        await this.webhooks.emit(tx, ownerId, 'api_key.expiring', {
          apiKey: oldKey,
          expiresAt: expiresAt.toISOString(),
          lastUsed: old.lastUsed?.toISOString() ?? null,
        });
      }
      return { id: created.id, key: generated.key, type: old.type, replaces: old.id };
    });
    // Every instance forgets the old key's remembered caller: its next call carries the stop time.
    await this.apiKeys.changed(result.replaces);
    return { ...result, oldKeyExpiresAt: expiresAt.toISOString() };
  }
}
