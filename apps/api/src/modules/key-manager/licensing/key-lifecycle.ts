import { KEY_MANAGER_ERRORS, keyLimitMessage, NO_PLAN_MESSAGE, type WebhookEventType } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { keyEvents, keyTrials, licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, refusal } from '../../../platform/http/errors.js';
import type { CallContext, KeyRef } from '../call-context.js';
import type { DeviceDetails, Devices } from '../devices/devices.js';
import { lockCounters } from '../key-lock-order.js';
import { keyEventRow, matches, withEvent } from '../key-statements.js';
import type { LicenceKeyCache } from '../licence-key-cache.js';
import type { KeyManagerPlans } from '../plans.js';
import { generateLicenceKey } from '../secrets.js';
import type { WebhookEmitter } from '../webhooks/webhook-emitter.js';
import {
  type KeyRecord,
  type KeyRecordRow,
  keyColumns,
  publicInformation,
  toKeyRecord,
} from './key-record.js';
import { termColumns, termsFromPolicy } from './key-terms.js';
import type { KeyPolicies } from './policies.js';
import type { KeyProducts } from './products.js';

/** A renewal to a moment already past would renew nothing. */
export const RENEW_UNTIL_PAST_MESSAGE = 'Until must be a moment in the future';

export interface TrialAsk extends DeviceDetails {
  product: string;
  fingerprint: string;
  email?: string | undefined;
  name?: string | undefined;
}

export interface CustomerAsk {
  customerName?: string | undefined;
  customerEmail?: string | undefined;
  customerRef?: string | undefined;
}

/** The key row a lifecycle change locks first, with the columns it decides on. */
interface LockedKey extends KeyRecordRow {
  duration: string | null;
}

/**
 * A key's licensing life (decision 032): trials started by apps, converted to paid keys, renewed and
 * suspended by the developer's server. Each change is one transaction that locks the key row first
 * (key-lock-order.ts), writes its key event in the same statement, and records its webhook event.
 */
export class KeyLifecycle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly products: KeyProducts,
    private readonly policies: KeyPolicies,
    private readonly devices: Devices,
    private readonly cache: LicenceKeyCache,
    private readonly webhooks: WebhookEmitter,
  ) {}

  /**
   * A new trial key from the product's trial policy, activated on the device. One per fingerprint
   * per product (and per email when given), kept after the key is deleted; counted in the plan's keys.
   */
  async startTrial(ctx: CallContext, ask: TrialAsk): Promise<KeyRecord> {
    const product = await this.products.byCode(ctx.ownerId, ask.product);
    if (ctx.productId && ctx.productId !== product.id) throw refusal(KEY_MANAGER_ERRORS.productNotFound);
    const policy = await this.policies.trialOf(product.id);
    const plan = await this.plans.activePlanOf(ctx.ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    const announce = await this.webhooks.wants(ctx.ownerId, ['trial.started', 'key.created']);
    const now = this.clock.now();
    const record = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // The counters row first, as add-key: it serialises this owner's key creations (decision 006).
      const keys = await lockCounters(db, ctx.ownerId);
      if (plan.maxKeysAllowed > 0 && keys >= plan.maxKeysAllowed) {
        throw conflict(keyLimitMessage(plan.maxKeysAllowed));
      }
      const taken = await tx
        .insert(keyTrials)
        .values({
          productId: product.id,
          fingerprint: ask.fingerprint,
          email: ask.email || null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ productId: keyTrials.productId });
      if (taken.length === 0) throw refusal(KEY_MANAGER_ERRORS.trialUsed);
      const terms = termsFromPolicy(policy, now);
      const [created] = await tx
        .insert(licenceKeys)
        .values({
          ownerId: ctx.ownerId,
          key: generateLicenceKey(),
          name: `Trial of ${product.name}`,
          ...termColumns(terms),
          // The trial's device holds its one activation from the start.
          currentActivations: 1,
          customerName: ask.name || null,
          customerEmail: ask.email || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: licenceKeys.id });
      if (!created) throw new Error('trial key insert returned nothing');
      if (terms.expiresAt === null && terms.duration) {
        // A clock that starts at the first activation starts now: the trial is activated here.
        await db.execute(
          sql`update licence_keys set expires_at = ${now.toISOString()}::timestamptz + duration::interval
              where id = ${created.id}::uuid`,
        );
      }
      await tx
        .update(keyTrials)
        .set({ keyId: created.id })
        .where(
          sql`${keyTrials.productId} = ${product.id}::uuid and ${keyTrials.fingerprint} = ${ask.fingerprint}`,
        );
      await this.devices.record(db, created.id, ask.fingerprint, ask, ctx);
      await tx
        .insert(keyEvents)
        .values([
          keyEventRow(ctx, created.id, 'create', 0, now),
          keyEventRow(ctx, created.id, 'activate', 1, now),
        ]);
      const record = await this.read(db, created.id);
      if (announce) {
        const key = publicInformation(record, now.getTime());
        await this.webhooks.emit(db, ctx.ownerId, 'key.created', { key });
        await this.webhooks.emit(db, ctx.ownerId, 'trial.started', { key, fingerprint: ask.fingerprint });
      }
      return record;
    });
    return record;
  }

  /**
   * A trial becomes a paid key from a standard policy of its product (named, else the first): the
   * policy's terms from now (its clock starts now, the key being in use), devices kept, the limit
   * never below the devices it holds.
   */
  async convertTrial(ref: KeyRef, ctx: CallContext, policyId?: string, customer: CustomerAsk = {}) {
    return this.change(ref, ctx, 'convert', ['trial.converted'], async (db, key) => {
      if (!key.trial) throw refusal(KEY_MANAGER_ERRORS.notATrial);
      const policy = policyId
        ? await this.policies.ofProduct(ctx.ownerId, key.product_id, policyId, db)
        : await this.policies.firstStandardOf(key.product_id, db);
      if (policy.kind !== 'standard') throw refusal(KEY_MANAGER_ERRORS.policyNotFound);
      const now = this.clock.now();
      const terms = termsFromPolicy(policy, now);
      const held = Number(key.current_activations);
      const max = terms.maxActivations === 0 ? 0 : Math.max(terms.maxActivations, held);
      const expires = terms.expiresAt?.toISOString() ?? null;
      return {
        set: sql`trial = false, policy_id = ${policy.id}::uuid, max_activations = ${max},
          duration = ${terms.duration},
          expires_at = case when ${terms.duration}::text is null then null
            else coalesce(${expires}::timestamptz, ${now.toISOString()}::timestamptz + ${terms.duration}::interval) end,
          expiry_behaviour = ${terms.expiryBehaviour}, grace_days = ${terms.graceDays},
          lease_seconds = ${terms.leaseSeconds}, transfers_per_30_days = ${terms.transfersPer30Days},
          transfer_idle_seconds = ${terms.transferIdleSeconds},
          entitlements = ${JSON.stringify(terms.entitlements)}::jsonb,
          metadata = metadata || ${JSON.stringify(terms.metadata)}::jsonb${customerSet(customer)}`,
        events: ['trial.converted'],
      };
    });
  }

  /** Extends the expiry by the key's duration (from its expiry, or from now once expired), or to `until`. */
  async renew(ref: KeyRef, ctx: CallContext, until?: string) {
    return this.change(ref, ctx, 'renew', ['key.renewed'], async (_db, key) => {
      const now = this.clock.now().toISOString();
      if (until !== undefined) {
        if (Date.parse(until) <= Date.parse(now)) throw badRequest(RENEW_UNTIL_PAST_MESSAGE, 'until');
        return { set: sql`expires_at = ${until}::timestamptz`, events: ['key.renewed'] };
      }
      if (!key.duration) throw refusal(KEY_MANAGER_ERRORS.keyNotRenewable);
      return {
        set: sql`expires_at = greatest(coalesce(expires_at, ${now}::timestamptz), ${now}::timestamptz) + duration::interval`,
        events: ['key.renewed'],
      };
    });
  }

  /** Suspends a key (refused like a disabled one, reported `suspended`) or reinstates it. */
  async suspend(ref: KeyRef, ctx: CallContext, suspended: boolean) {
    return this.change(ref, ctx, suspended ? 'suspend' : 'reinstate', ['key.suspended'], async () => ({
      set: sql`suspended = ${suspended}`,
      events: ['key.suspended'],
      data: { suspended },
    }));
  }

  /** One locked change of a key: row lock, the UPDATE with its key event, webhooks, cache. */
  private async change(
    ref: KeyRef,
    ctx: CallContext,
    action: 'convert' | 'renew' | 'suspend' | 'reinstate',
    types: readonly WebhookEventType[],
    decide: (
      db: Db,
      key: LockedKey,
    ) => Promise<{ set: SQL; events: WebhookEventType[]; data?: Record<string, unknown> }>,
  ): Promise<KeyRecord> {
    const announce = await this.webhooks.wants(ctx.ownerId, types);
    const now = this.clock.now();
    const record = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [key] = await rawRows<LockedKey>(
        db,
        sql`select ${keyColumns()}, duration from licence_keys where ${matches(ref, ctx)} for no key update`,
      );
      if (!key) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
      const { set, events, data } = await decide(db, key);
      const [row] = await rawRows<KeyRecordRow>(
        db,
        withEvent(
          sql`update licence_keys set ${set}, updated_at = ${now.toISOString()}::timestamptz
              where id = ${key.id}::uuid returning owner_id, ${keyColumns()}`,
          action,
          0,
          ctx,
          now.toISOString(),
        ),
      );
      if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
      const record = toKeyRecord(row);
      if (announce) {
        const info = publicInformation(record, now.getTime());
        for (const type of events) await this.webhooks.emit(db, ctx.ownerId, type, { key: info, ...data });
      }
      return record;
    });
    this.cache.invalidate({ ownerId: ctx.ownerId, id: record.id, key: record.key });
    return record;
  }

  private async read(db: Db, id: string): Promise<KeyRecord> {
    const [row] = await rawRows<KeyRecordRow>(
      db,
      sql`select ${keyColumns()} from licence_keys where id = ${id}::uuid`,
    );
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return toKeyRecord(row);
  }
}

function customerSet(customer: CustomerAsk): SQL {
  const parts: SQL[] = [];
  if (customer.customerName !== undefined) parts.push(sql`customer_name = ${customer.customerName || null}`);
  if (customer.customerEmail !== undefined)
    parts.push(sql`customer_email = ${customer.customerEmail || null}`);
  if (customer.customerRef !== undefined) parts.push(sql`customer_ref = ${customer.customerRef || null}`);
  return parts.length ? sql`, ${sql.join(parts, sql`, `)}` : sql``;
}
