import {
  type ActivityResponse,
  CURRENT_OVER_MAX_MESSAGE,
  type DashboardKey,
  KEY_MANAGER_ERRORS,
  keyLimitMessage,
  NO_PLAN_MESSAGE,
  type PublicKeyInformation,
} from '@app/contract';
import { and, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type KeyEventAction,
  keyEvents,
  type LicenceKeyRow,
  licenceKeyDevices,
  licenceKeys,
  managerApiKeys,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, refusal } from '../../platform/http/errors.js';
import type { CallContext } from './call-context.js';
import { toDashboard } from './dashboard-key.js';
import { lockCounters } from './key-lock-order.js';
import type { LicenceKeyCache } from './licence-key-cache.js';
import { LicenceKeyList } from './licence-key-list.js';
import type { KeyManagerPlans } from './plans.js';
import { generateLicenceKey } from './secrets.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

export interface NewKey {
  maxActivations: number;
  isActivated: boolean;
  name?: string;
  note?: string;
}

export interface KeyChange {
  id: string;
  max_activations?: number | undefined;
  current_activations?: number | undefined;
  is_active?: boolean | undefined;
  name?: string;
  note?: string;
}

/** The dashboard side of licence keys: plan-limited creation, listing, editing, usage, chart. */
export class LicenceKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly cache: LicenceKeyCache,
    private readonly webhooks: WebhookEmitter,
  ) {}

  async add(ctx: CallContext, input: NewKey): Promise<DashboardKey> {
    const plan = await this.plans.activePlanOf(ctx.ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    const now = this.clock.now();
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
          maxActivations: input.maxActivations,
          isActive: input.isActivated,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('licence key insert returned nothing');
      await tx.insert(keyEvents).values(event(ctx, created.id, 'create', 0, now));
      if (announce)
        await this.webhooks.emit(tx, ctx.ownerId, 'key.created', { key: publicInformation(created) });
      return created;
    });
    return toDashboard(row);
  }

  async change(ctx: CallContext, input: KeyChange): Promise<DashboardKey> {
    const now = this.clock.now();
    const announce = await this.webhooks.wants(ctx.ownerId, ['key.enabled', 'key.disabled']);
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
      await tx.insert(keyEvents).values(event(ctx, after.id, 'change', delta, now));
      if (before.isActive !== after.isActive) {
        await tx
          .insert(keyEvents)
          .values(event(ctx, after.id, after.isActive ? 'enable' : 'disable', 0, now));
        if (announce) {
          await this.webhooks.emit(tx, ctx.ownerId, after.isActive ? 'key.enabled' : 'key.disabled', {
            key: publicInformation(after),
          });
        }
      }
      return after;
    });
    // After the commit, so the public REST API cannot re-cache the old row.
    this.cache.invalidate({ ownerId: ctx.ownerId, id: row.id, key: row.key });
    return toDashboard(row);
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

function event(
  ctx: CallContext,
  keyId: string,
  action: typeof keyEvents.$inferInsert.action,
  delta: number,
  at: Date,
) {
  return { ownerId: ctx.ownerId, keyId, action, delta, ip: ctx.ip, userAgent: ctx.userAgent, createdAt: at };
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A key as get-key-information shows it (the `data.key` of webhook events). */
export function publicInformation(row: LicenceKeyRow): PublicKeyInformation {
  return {
    id: row.id,
    key: row.key,
    maxActivations: row.maxActivations,
    currentActivations: row.currentActivations,
    isActive: row.isActive,
  };
}
