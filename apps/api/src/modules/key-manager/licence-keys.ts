import {
  type ActivityResponse,
  CURRENT_OVER_MAX_MESSAGE,
  type DashboardKey,
  KEY_MANAGER_ERRORS,
  keyLimitMessage,
  NO_PLAN_MESSAGE,
  type PublicKeyInformation,
  type ZAddKeyRequest,
  type ZChangeKeyRequest,
} from '@app/contract';
import { and, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import {
  type KeyEventAction,
  keyEvents,
  licenceKeyDevices,
  licenceKeys,
  managerApiKeys,
} from '../../db/schema/index.js';
import { changedFields, pickFields } from '../../platform/audit/changes.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, refusal } from '../../platform/http/errors.js';
import type { CallContext } from './call-context.js';
import { toDashboard } from './dashboard-key.js';
import { auditKeyAction, keyTarget } from './key-audit.js';
import { lockCounters } from './key-lock-order.js';
import { keyEventRow } from './key-statements.js';
import type { LicenceKeyCache } from './licence-key-cache.js';
import { LicenceKeyList } from './licence-key-list.js';
import {
  publicInformation as informationOf,
  type KeyRecordRow,
  keyColumns,
  toKeyRecord,
} from './licensing/key-record.js';
import { bareTerms, type KeyTerms, termColumns, termsFromPolicy } from './licensing/key-terms.js';
import type { KeyPolicies } from './licensing/policies.js';
import type { KeyProducts } from './licensing/products.js';
import type { KeyManagerPlans } from './plans.js';
import { generateLicenceKey } from './secrets.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

export type NewKey = z.output<typeof ZAddKeyRequest>;
export type KeyChange = z.output<typeof ZChangeKeyRequest>;

/** The fields of a key the audit log compares (decision 037); the key string itself never changes. */
const AUDITED_FIELDS = [
  'name',
  'note',
  'maxActivations',
  'currentActivations',
  'isActive',
  'suspended',
  'expiresAt',
  'duration',
  'expiryBehaviour',
  'graceDays',
  'productId',
  'policyId',
  'entitlements',
  'metadata',
  'customerName',
  'customerEmail',
  'customerRef',
] as const;

/** The dashboard side of licence keys: plan-limited creation, listing, editing, usage, chart. */
export class LicenceKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly cache: LicenceKeyCache,
    private readonly webhooks: WebhookEmitter,
    private readonly products: KeyProducts,
    private readonly policies: KeyPolicies,
  ) {}

  /**
   * What a new key is issued with: the policy's terms (decision 032) or bare ones in the named (else
   * default) product, then the request's own values over them.
   */
  private async termsOf(ownerId: string, input: NewKey, now: Date): Promise<KeyTerms> {
    let terms: KeyTerms;
    if (input.policyId) {
      const policy = await this.policies.get(ownerId, input.policyId);
      if (input.productId && input.productId !== policy.productId) {
        throw badRequest('That policy belongs to another product', 'policyId');
      }
      terms = termsFromPolicy(policy, now);
    } else {
      const productId = input.productId
        ? (await this.products.byId(ownerId, input.productId)).id
        : await this.products.defaultId(ownerId);
      terms = bareTerms(productId, 0);
    }
    if (input.maxActivations !== undefined) terms.maxActivations = input.maxActivations;
    if (input.expiresAt !== undefined) {
      terms.expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
      if (input.expiresAt === null) terms.duration = null;
    }
    if (input.entitlements) terms.entitlements = input.entitlements;
    if (input.metadata) terms.metadata = input.metadata;
    return terms;
  }

  async add(ctx: CallContext, input: NewKey): Promise<DashboardKey> {
    const plan = await this.plans.activePlanOf(ctx.ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    const now = this.clock.now();
    const terms = await this.termsOf(ctx.ownerId, input, now);
    const announce = await this.webhooks.wants(ctx.ownerId, ['key.created']);
    const row = await this.db.transaction(async (tx) => {
      // The owner's counters row is the lock that serialises their add-key calls, so the limit holds.
      // Not the users row: every key event's foreign key takes KEY SHARE on it while its writer holds
      // the counters row, which a users lock held here would turn into a deadlock (decision 006).
      const keys = await lockCounters(tx as unknown as Db, ctx.ownerId);
      if (plan.maxKeysAllowed > 0 && keys >= plan.maxKeysAllowed) {
        throw conflict(keyLimitMessage(plan.maxKeysAllowed));
      }
      const [created] = await tx
        .insert(licenceKeys)
        .values({
          ownerId: ctx.ownerId,
          key: generateLicenceKey(),
          name: input.name || null,
          note: input.note || null,
          ...termColumns(terms),
          isActive: input.isActivated,
          customerName: input.customerName || null,
          customerEmail: input.customerEmail || null,
          customerRef: input.customerRef || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('licence key insert returned nothing');
      await tx.insert(keyEvents).values(keyEventRow(ctx, created.id, 'create', 0, now));
      await auditKeyAction(tx, ctx, {
        action: 'key.created',
        target: keyTarget(created),
        after: pickFields(created, AUDITED_FIELDS),
      });
      if (announce)
        await this.webhooks.emit(tx, ctx.ownerId, 'key.created', {
          key: await this.information(tx as unknown as Db, created.id),
        });
      return created;
    });
    return toDashboard(row, now);
  }

  /** A key's public information at this moment (webhook payloads), read in the writer's transaction. */
  async information(db: Db, id: string): Promise<PublicKeyInformation> {
    const [row] = await rawRows<KeyRecordRow>(
      db,
      sql`select ${keyColumns()} from licence_keys where id = ${id}::uuid`,
    );
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return informationOf(toKeyRecord(row), this.clock.now().getTime());
  }

  async change(ctx: CallContext, input: KeyChange): Promise<DashboardKey> {
    const now = this.clock.now();
    const announce = await this.webhooks.wants(ctx.ownerId, ['key.enabled', 'key.disabled', 'key.suspended']);
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(licenceKeys)
        .where(and(eq(licenceKeys.id, input.id), eq(licenceKeys.ownerId, ctx.ownerId)))
        .for('no key update');
      if (!before) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
      const max = input.max_activations ?? before.maxActivations;
      const current = input.current_activations ?? before.currentActivations;
      if (max !== 0 && current > max) throw badRequest(CURRENT_OVER_MAX_MESSAGE, 'current_activations');
      const [after] = await tx
        .update(licenceKeys)
        .set({
          maxActivations: max,
          currentActivations: current,
          isActive: input.is_active ?? before.isActive,
          ...(input.name !== undefined ? { name: input.name || null } : {}),
          ...(input.note !== undefined ? { note: input.note || null } : {}),
          ...licensingChange(input),
          updatedAt: now,
        })
        .where(eq(licenceKeys.id, before.id))
        .returning();
      if (!after) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
      // Lowering the count by hand frees slots; device records could then over-count, so drop them.
      if (after.currentActivations < before.currentActivations) {
        await tx.delete(licenceKeyDevices).where(eq(licenceKeyDevices.keyId, after.id));
      }
      const delta = after.currentActivations - before.currentActivations;
      await tx.insert(keyEvents).values(keyEventRow(ctx, after.id, 'change', delta, now));
      const changed = changedFields(before, after, AUDITED_FIELDS);
      if (changed)
        await auditKeyAction(tx, ctx, { action: 'key.changed', target: keyTarget(after), ...changed });
      if (before.isActive !== after.isActive) {
        await tx
          .insert(keyEvents)
          .values(keyEventRow(ctx, after.id, after.isActive ? 'enable' : 'disable', 0, now));
        if (announce) {
          await this.webhooks.emit(tx, ctx.ownerId, after.isActive ? 'key.enabled' : 'key.disabled', {
            key: await this.information(tx as unknown as Db, after.id),
          });
        }
      }
      if (before.suspended !== after.suspended) {
        await tx
          .insert(keyEvents)
          .values(keyEventRow(ctx, after.id, after.suspended ? 'suspend' : 'reinstate', 0, now));
        if (announce) {
          await this.webhooks.emit(tx, ctx.ownerId, 'key.suspended', {
            key: await this.information(tx as unknown as Db, after.id),
            suspended: after.suspended,
          });
        }
      }
      return after;
    });
    // After the commit, so the public REST API cannot re-cache the old row.
    this.cache.invalidate({ ownerId: ctx.ownerId, id: row.id, key: row.key });
    return toDashboard(row, now);
  }

  /**
   * The dashboard's figures: key counts from the maintained counters row (never from the keys),
   * API keys from the owner's few rows; `version` is the counters' change number (the ETag's base).
   */
  async usage(ownerId: string) {
    const [keys, [apiKeys]] = await Promise.all([
      new LicenceKeyList(this.db).counters(ownerId),
      this.db
        .select({ apiKeys: count(), requestsMade: sum(managerApiKeys.requestsMade).mapWith(Number) })
        .from(managerApiKeys)
        .where(and(eq(managerApiKeys.ownerId, ownerId), isNull(managerApiKeys.revokedAt))),
    ]);
    return {
      version: keys.version,
      usage: {
        keys: keys.keys,
        activeKeys: keys.activeKeys,
        activations: keys.activations,
        apiKeys: apiKeys?.apiKeys ?? 0,
        requestsMade: apiKeys?.requestsMade ?? 0,
      },
    };
  }

  /**
   * Activations and deactivations per UTC day, oldest first, with empty days filled in. A slot freed
   * by the dashboard (`release`) or a lapsed lease (`expire`) is a deactivation; a self-serve
   * `transfer` is both (the new device came in, the idle one left), as its webhooks say (decision 023).
   */
  async activity(ownerId: string, days: number): Promise<ActivityResponse['days']> {
    const today = startOfUtcDay(this.clock.now());
    const from = new Date(today.getTime() - (days - 1) * 86_400_000);
    const day = sql<string>`to_char(${keyEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const counted = (actions: readonly KeyEventAction[]) =>
      sql<number>`count(*) filter (where ${inArray(keyEvents.action, [...actions])})`.mapWith(Number);
    const rows = await this.db
      .select({
        day,
        activations: counted(ACTIVITY_ACTIONS.activations),
        deactivations: counted(ACTIVITY_ACTIONS.deactivations),
      })
      .from(keyEvents)
      .where(and(eq(keyEvents.ownerId, ownerId), sql`${keyEvents.createdAt} >= ${from.toISOString()}`))
      .groupBy(day);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return Array.from({ length: days }, (_, index) => {
      const date = new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10);
      const row = byDay.get(date);
      return { date, activations: row?.activations ?? 0, deactivations: row?.deactivations ?? 0 };
    });
  }
}

/** Which key events the activity chart counts as what (decision 023). */
export const ACTIVITY_ACTIONS = {
  activations: ['activate', 'transfer'],
  deactivations: ['deactivate', 'release', 'expire', 'transfer'],
} as const satisfies Record<string, readonly KeyEventAction[]>;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * Licensing fields of change-key (decision 032); left out keeps the value. Clearing the expiry makes
 * the key perpetual (its duration goes too, so a first activation does not start a clock).
 */
function licensingChange(input: KeyChange): Partial<typeof licenceKeys.$inferInsert> {
  const change: Partial<typeof licenceKeys.$inferInsert> = {};
  if (input.expires_at !== undefined) {
    change.expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
    if (input.expires_at === null) change.duration = null;
  }
  if (input.suspended !== undefined) change.suspended = input.suspended;
  if (input.expiry_behaviour !== undefined) change.expiryBehaviour = input.expiry_behaviour;
  if (input.grace_days !== undefined) change.graceDays = input.grace_days;
  if (input.metadata !== undefined) change.metadata = input.metadata;
  if (input.customer_name !== undefined) change.customerName = input.customer_name || null;
  if (input.customer_email !== undefined) change.customerEmail = input.customer_email || null;
  if (input.customer_ref !== undefined) change.customerRef = input.customer_ref || null;
  return change;
}
