import type { ZCreatePolicyRequest } from '@app/contract';
import {
  type CreatePolicyRequest,
  durationFromIso,
  durationToIso,
  KEY_MANAGER_ERRORS,
  LICENSING_LIMITS,
  POLICY_LIMIT_MESSAGE,
  POLICY_NOT_FOUND_MESSAGE,
  type Policy,
  TRIAL_NEEDS_DURATION_MESSAGE,
  TRIAL_POLICY_TAKEN_MESSAGE,
  type UpdatePolicyRequest,
} from '@app/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../../db/keyset.js';
import { type KeyPolicyRow, keyPolicies } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { badRequest, conflict, notFound, refusal } from '../../../platform/http/errors.js';
import type { KeyProducts } from './products.js';

type NewPolicy = z.output<typeof ZCreatePolicyRequest>;

/**
 * A product's policies (decision 032): templates a new key copies. Editing one changes the keys
 * issued after it; keys already issued keep what they were sold with.
 */
export class KeyPolicies {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly products: KeyProducts,
  ) {}

  async create(ownerId: string, input: NewPolicy | CreatePolicyRequest): Promise<Policy> {
    const body = input as NewPolicy;
    await this.products.byId(ownerId, body.productId);
    const [{ policies } = { policies: 0 }] = await this.db
      .select({ policies: count() })
      .from(keyPolicies)
      .where(eq(keyPolicies.productId, body.productId));
    if (policies >= LICENSING_LIMITS.policiesPerProduct) throw conflict(POLICY_LIMIT_MESSAGE);
    const now = this.clock.now();
    const [row] = await this.db
      .insert(keyPolicies)
      .values({
        ownerId,
        productId: body.productId,
        name: body.name,
        kind: body.kind,
        maxActivations: body.maxActivations,
        duration: body.duration ? durationToIso(body.duration) : null,
        clockStarts: body.clockStarts,
        expiryBehaviour: body.expiryBehaviour,
        graceDays: body.graceDays,
        leaseSeconds: body.leaseSeconds,
        transfersPer30Days: body.transfersPer30Days,
        transferIdleSeconds: body.transferIdleSeconds,
        entitlements: body.entitlements,
        metadata: body.metadata,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The only conflict an insert can meet: the product's one trial policy.
    if (!row) throw conflict(TRIAL_POLICY_TAKEN_MESSAGE, 'kind');
    return toPolicy(row);
  }

  async update(ownerId: string, id: string, change: UpdatePolicyRequest): Promise<Policy> {
    const before = await this.get(ownerId, id);
    if (before.kind === 'trial' && change.duration === null) {
      throw badRequest(TRIAL_NEEDS_DURATION_MESSAGE, 'duration');
    }
    const { duration, ...rest } = change;
    const [row] = await this.db
      .update(keyPolicies)
      .set({
        ...rest,
        ...(duration !== undefined ? { duration: duration ? durationToIso(duration) : null } : {}),
        updatedAt: this.clock.now(),
      })
      .where(and(eq(keyPolicies.id, id), eq(keyPolicies.ownerId, ownerId)))
      .returning();
    if (!row) throw notFound(POLICY_NOT_FOUND_MESSAGE);
    return toPolicy(row);
  }

  /** Keys issued from it keep their values (their `policy_id` becomes null). */
  async remove(ownerId: string, id: string): Promise<void> {
    const deleted = await this.db
      .delete(keyPolicies)
      .where(and(eq(keyPolicies.id, id), eq(keyPolicies.ownerId, ownerId)))
      .returning({ id: keyPolicies.id });
    if (deleted.length === 0) throw notFound(POLICY_NOT_FOUND_MESSAGE);
  }

  async get(ownerId: string, id: string, db: DbOrTransaction = this.db): Promise<KeyPolicyRow> {
    const [row] = await db
      .select()
      .from(keyPolicies)
      .where(and(eq(keyPolicies.id, id), eq(keyPolicies.ownerId, ownerId)));
    if (!row) throw notFound(POLICY_NOT_FOUND_MESSAGE);
    return row;
  }

  /** For the public REST: a policy of this product, or its refusal. */
  async ofProduct(ownerId: string, productId: string, id: string, db: DbOrTransaction = this.db) {
    const [row] = await db
      .select()
      .from(keyPolicies)
      .where(
        and(eq(keyPolicies.id, id), eq(keyPolicies.ownerId, ownerId), eq(keyPolicies.productId, productId)),
      );
    if (!row) throw refusal(KEY_MANAGER_ERRORS.policyNotFound);
    return row;
  }

  /** The product's trial policy, or the refusal that it offers none. */
  async trialOf(productId: string, db: DbOrTransaction = this.db): Promise<KeyPolicyRow> {
    const [row] = await db
      .select()
      .from(keyPolicies)
      .where(and(eq(keyPolicies.productId, productId), eq(keyPolicies.kind, 'trial')));
    if (!row) throw refusal(KEY_MANAGER_ERRORS.trialNotOffered);
    return row;
  }

  /** What a converted trial becomes without a named policy: the product's first standard policy. */
  async firstStandardOf(productId: string, db: DbOrTransaction = this.db): Promise<KeyPolicyRow> {
    const [row] = await db
      .select()
      .from(keyPolicies)
      .where(and(eq(keyPolicies.productId, productId), eq(keyPolicies.kind, 'standard')))
      .orderBy(asc(keyPolicies.createdAt), asc(keyPolicies.id))
      .limit(1);
    if (!row) throw refusal(KEY_MANAGER_ERRORS.policyNotFound);
    return row;
  }

  async page(ownerId: string, limit: number, cursor?: string, productId?: string) {
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({ row: keyPolicies, cursorAt: exactTimestamp(keyPolicies.createdAt) })
      .from(keyPolicies)
      .where(
        and(
          eq(keyPolicies.ownerId, ownerId),
          productId ? eq(keyPolicies.productId, productId) : undefined,
          keysetAfter([keyPolicies.createdAt, keyPolicies.id], after),
        ),
      )
      .orderBy(desc(keyPolicies.createdAt), desc(keyPolicies.id))
      .limit(limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, (item) => [item.cursorAt, item.row.id]);
    return { policies: items.map((item) => toPolicy(item.row)), nextCursor };
  }
}

export function toPolicy(row: KeyPolicyRow): Policy {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    kind: row.kind,
    maxActivations: row.maxActivations,
    duration: durationFromIso(row.duration),
    clockStarts: row.clockStarts,
    expiryBehaviour: row.expiryBehaviour,
    graceDays: row.graceDays,
    leaseSeconds: row.leaseSeconds,
    transfersPer30Days: row.transfersPer30Days,
    transferIdleSeconds: row.transferIdleSeconds,
    entitlements: row.entitlements,
    metadata: row.metadata as Policy['metadata'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
