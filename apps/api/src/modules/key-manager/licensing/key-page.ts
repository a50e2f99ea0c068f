import { durationFromIso, KEY_MANAGER_ERRORS, type KeyDetail, type KeyHistoryEntry } from '@app/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp } from '../../../db/keyset.js';
import { keyEvents, keyPolicies, keyProducts, licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { refusal } from '../../../platform/http/errors.js';
import { toDashboard } from '../dashboard-key.js';
import { toProduct } from './products.js';

/** The dashboard's key page (decision 032): one key with its product and policy, and its history. */
export class KeyPage {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async detail(ownerId: string, id: string): Promise<KeyDetail> {
    const [row] = await this.db
      .select({ key: licenceKeys, product: keyProducts, policyName: keyPolicies.name })
      .from(licenceKeys)
      .innerJoin(keyProducts, eq(keyProducts.id, licenceKeys.productId))
      .leftJoin(keyPolicies, eq(keyPolicies.id, licenceKeys.policyId))
      .where(and(eq(licenceKeys.id, id), eq(licenceKeys.ownerId, ownerId)));
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    const { key } = row;
    return {
      ...toDashboard(key, this.clock.now()),
      product: toProduct(row.product),
      policy_name: row.policyName,
      duration: durationFromIso(key.duration),
      expiry_behaviour: key.expiryBehaviour,
      grace_days: key.graceDays,
      entitlements: key.entitlements,
      metadata: key.metadata as KeyDetail['metadata'],
    };
  }

  /**
   * The key's events, newest first, in keyset pages by (created_at, id). Events outlive a deleted key
   * (no foreign key), so the owner is checked on the events themselves.
   */
  async history(ownerId: string, keyId: string, limit: number, cursor?: string) {
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.integer]);
    const rows = await this.db
      .select({ event: keyEvents, cursorAt: exactTimestamp(keyEvents.createdAt) })
      .from(keyEvents)
      .where(
        and(
          eq(keyEvents.keyId, keyId),
          eq(keyEvents.ownerId, ownerId),
          after
            ? sql`(${keyEvents.createdAt}, ${keyEvents.id}) < (${after[0]}::timestamptz, ${after[1]}::bigint)`
            : undefined,
        ),
      )
      .orderBy(desc(keyEvents.createdAt), desc(keyEvents.id))
      .limit(limit + 1);
    const page = pageOf(rows, limit, (row) => [row.cursorAt, String(row.event.id)]);
    const events: KeyHistoryEntry[] = page.items.map(({ event }) => ({
      id: String(event.id),
      action: event.action,
      delta: event.delta,
      ip: event.ip,
      userAgent: event.userAgent,
      actorName: event.actorName,
      createdAt: event.createdAt.toISOString(),
    }));
    return { events, nextCursor: page.nextCursor };
  }
}
