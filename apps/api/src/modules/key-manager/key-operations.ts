import { KEY_MANAGER_ERRORS, type TransferInformation, type WebhookEventType } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { licenceKeys } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, refusal } from '../../platform/http/errors.js';
import type { CallContext, KeyRef } from './call-context.js';
import type { DeviceDetails, Devices } from './devices/devices.js';
import { makeRoomByTransfer } from './devices/transfers.js';
import { auditKeyAction } from './key-audit.js';
import { countUpdate, matches, withEvent } from './key-statements.js';
import type { LicenceKeyCache } from './licence-key-cache.js';
import {
  type KeyRecord,
  type KeyRecordRow,
  keyColumns,
  publicInformation,
  toKeyRecord,
  usageRefusal,
} from './licensing/key-record.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

type KeyStateRow = KeyRecordRow;

const RETURNING = keyColumns();

/** The webhook events each count change can raise (decision 016). */
const COUNT_EVENTS: Record<'activate' | 'deactivate', readonly WebhookEventType[]> = {
  // key.deactivated: a transfer releases the idle device it moves from.
  // lease.expired: an activation at the limit first releases devices whose lease lapsed.
  activate: ['key.activated', 'key.limit_reached', 'key.deactivated', 'lease.expired'],
  deactivate: ['key.deactivated'],
};

/**
 * The public REST operations. Every count change is ONE conditional UPDATE (never read-then-write),
 * so concurrent activations can never pass the limit; the event row is written by the same
 * statement (a data-modifying CTE), so success costs one round trip. Webhook events are recorded in
 * the same transaction as the change, but only for owners with an endpoint that wants them (asked
 * from memory first): everyone else keeps the single statement.
 */
export class KeyOperations {
  // The hottest call: named prepared statements skip parsing and planning on every request.
  private readonly infoByKey: ReturnType<KeyOperations['prepareInfo']>;
  private readonly infoById: ReturnType<KeyOperations['prepareInfo']>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: LicenceKeyCache,
    private readonly webhooks: WebhookEmitter,
    private readonly devices: Devices,
  ) {
    this.infoByKey = this.prepareInfo('key', 'km_info_by_key');
    this.infoById = this.prepareInfo('id', 'km_info_by_id');
  }

  /**
   * Served from the cache when it can be; every write below invalidates after it committed. An API
   * key restricted to a product (`productId`) sees other products' keys as unknown.
   */
  async information(ref: KeyRef, ownerId: string, productId?: string | null): Promise<KeyRecord> {
    // One await on the hottest path: a cache hit resolves in a single tick (decision 028).
    const record = await this.cache.read(ownerId, ref, () => this.loadInformation(ref, ownerId));
    if (!record || (productId && record.productId !== productId))
      throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return record;
  }

  /** The key, or null when unknown (to this caller). */
  async find(ref: KeyRef, ownerId: string, productId?: string | null): Promise<KeyRecord | null> {
    const record = await this.cache.read(ownerId, ref, () => this.loadInformation(ref, ownerId));
    return !record || (productId && record.productId !== productId) ? null : record;
  }

  private async loadInformation(ref: KeyRef, ownerId: string): Promise<KeyRecord | null> {
    const [row] =
      ref.key !== undefined
        ? await this.infoByKey.execute({ ref: ref.key, owner: ownerId })
        : await this.infoById.execute({ ref: ref.id, owner: ownerId });
    return row ? toKeyRecord(row as KeyRecordRow) : null;
  }

  private prepareInfo(column: 'key' | 'id', name: string) {
    return this.db
      .select({
        id: licenceKeys.id,
        key: licenceKeys.key,
        max_activations: licenceKeys.maxActivations,
        current_activations: licenceKeys.currentActivations,
        is_active: licenceKeys.isActive,
        product_id: licenceKeys.productId,
        product: sql<string>`(select kp.code from key_products kp where kp.id = ${licenceKeys.productId})`,
        expires_at: sql<
          string | null
        >`to_char(${licenceKeys.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        expiry_behaviour: licenceKeys.expiryBehaviour,
        grace_days: licenceKeys.graceDays,
        suspended: licenceKeys.suspended,
        trial: licenceKeys.trial,
        entitlements: licenceKeys.entitlements,
        metadata: licenceKeys.metadata,
        customer_name: licenceKeys.customerName,
        customer_email: licenceKeys.customerEmail,
        customer_ref: licenceKeys.customerRef,
      })
      .from(licenceKeys)
      .where(
        and(
          eq(column === 'key' ? licenceKeys.key : licenceKeys.id, sql.placeholder('ref')),
          eq(licenceKeys.ownerId, sql.placeholder('owner')),
        ),
      )
      .limit(1)
      .prepare(name);
  }

  activate(
    ref: KeyRef,
    ctx: CallContext,
    fingerprint?: string,
    details: DeviceDetails = {},
  ): Promise<ActivationResult> {
    return this.countChange('activate', ref, ctx, fingerprint, details);
  }

  deactivate(ref: KeyRef, ctx: CallContext, fingerprint?: string): Promise<ActivationResult> {
    return this.countChange('deactivate', ref, ctx, fingerprint);
  }

  private async countChange(
    action: 'activate' | 'deactivate',
    ref: KeyRef,
    ctx: CallContext,
    fingerprint: string | undefined,
    details: DeviceDetails = {},
  ): Promise<ActivationResult> {
    const announce = await this.webhooks.wants(ctx.ownerId, COUNT_EVENTS[action]);
    const attempt = () =>
      fingerprint || announce
        ? this.db.transaction(async (tx) => {
            const db = tx as unknown as Db;
            const changed = fingerprint
              ? await this.withDevice(db, action, ref, ctx, fingerprint, details, announce)
              : await this.change(action, ref, ctx, db);
            if (announce && changed.changed)
              await this.announceCount(db, action, ctx.ownerId, changed, fingerprint);
            return changed;
          })
        : this.change(action, ref, ctx);
    const result = await attempt().catch(async (error: unknown) => {
      // An anonymous activation at the limit: devices whose lease lapsed give their slots up first
      // (a device activation does this inside its own transaction, see withDevice).
      const atLimit = error instanceof AppError && error.code === KEY_MANAGER_ERRORS.activationLimit.code;
      if (
        action === 'activate' &&
        !fingerprint &&
        atLimit &&
        (await this.devices.reclaimLapsed(ctx.ownerId, ref))
      ) {
        return attempt();
      }
      throw error;
    });
    if (result.changed)
      this.cache.invalidate({ ownerId: ctx.ownerId, id: result.info.id, key: result.info.key });
    return result;
  }

  private async announceCount(
    db: Db,
    action: 'activate' | 'deactivate',
    ownerId: string,
    result: ActivationResult,
    fingerprint: string | undefined,
  ): Promise<void> {
    const { transfer } = result;
    const info = this.forWebhook(result.info);
    if (transfer) {
      // The idle device's slot went to this one: it left, this one came; the limit was already reached.
      const left = { key: info, fingerprint: transfer.releasedFingerprint, reason: 'transferred' };
      await this.webhooks.emit(db, ownerId, 'key.deactivated', left);
      await this.webhooks.emit(db, ownerId, 'key.activated', { key: info, fingerprint });
      return;
    }
    const data = { key: info, ...(fingerprint ? { fingerprint } : {}) };
    await this.webhooks.emit(db, ownerId, action === 'activate' ? 'key.activated' : 'key.deactivated', data);
    if (action === 'activate' && info.maxActivations > 0 && info.currentActivations === info.maxActivations) {
      await this.webhooks.emit(db, ownerId, 'key.limit_reached', { key: info });
    }
  }

  async setActive(ref: KeyRef, ctx: CallContext, isActive: boolean): Promise<KeyRecord> {
    const type: WebhookEventType = isActive ? 'key.enabled' : 'key.disabled';
    const row = (await this.webhooks.wants(ctx.ownerId, [type]))
      ? await this.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          // Only a real switch is an event: read the state under the row lock first.
          const [before] = await rawRows<KeyStateRow>(
            db,
            sql`select ${RETURNING} from licence_keys where ${matches(ref, ctx)} for no key update`,
          );
          const after = await this.writeActive(db, ref, ctx, isActive);
          if (before && before.is_active !== isActive) {
            await this.webhooks.emit(db, ctx.ownerId, type, { key: this.forWebhook(toKeyRecord(after)) });
          }
          return after;
        })
      : await this.writeActive(this.db, ref, ctx, isActive);
    this.cache.invalidate({ ownerId: ctx.ownerId, id: row.id, key: row.key });
    return toKeyRecord(row);
  }

  private async writeActive(db: Db, ref: KeyRef, ctx: CallContext, isActive: boolean): Promise<KeyStateRow> {
    const [row] = await rawRows<KeyStateRow>(
      db,
      withEvent(
        sql`update licence_keys set is_active = ${isActive}, updated_at = ${this.now()}
            where ${matches(ref, ctx)} returning owner_id, ${RETURNING}`,
        isActive ? 'enable' : 'disable',
        0,
        ctx,
        this.now(),
      ),
    );
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return row;
  }

  async remove(ref: KeyRef, ctx: CallContext): Promise<void> {
    const announce = await this.webhooks.wants(ctx.ownerId, ['key.deleted']);
    // A member's deletion on the dashboard is audited in the same transaction (decision 037).
    const audited = Boolean(ctx.actorName || ctx.licensee);
    const row =
      announce || audited
        ? await this.db.transaction(async (tx) => {
            const db = tx as unknown as Db;
            const deleted = await this.deleteRow(db, ref, ctx);
            if (announce) {
              await this.webhooks.emit(db, ctx.ownerId, 'key.deleted', {
                key: this.forWebhook(toKeyRecord(deleted)),
              });
            }
            await auditKeyAction(db, ctx, {
              action: 'key.deleted',
              target: deleted.key,
              before: {
                key: deleted.key,
                product: deleted.product,
                maxActivations: deleted.max_activations,
                currentActivations: deleted.current_activations,
                isActive: deleted.is_active,
                customerEmail: deleted.customer_email,
              },
            });
            return deleted;
          })
        : await this.deleteRow(this.db, ref, ctx);
    this.cache.invalidate({ ownerId: ctx.ownerId, id: row.id, key: row.key });
  }

  private async deleteRow(db: Db, ref: KeyRef, ctx: CallContext): Promise<KeyStateRow> {
    const [row] = await rawRows<KeyStateRow>(
      db,
      withEvent(
        sql`delete from licence_keys where ${matches(ref, ctx)} returning owner_id, ${RETURNING}`,
        'delete',
        0,
        ctx,
        this.now(),
      ),
    );
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return row;
  }

  private async change(
    action: 'activate' | 'deactivate',
    ref: KeyRef,
    ctx: CallContext,
    db: Db = this.db,
  ): Promise<ActivationResult> {
    const [row] = await rawRows<KeyStateRow>(db, countUpdate(action, matches(ref, ctx), ctx, this.now()));
    if (row) return { info: toKeyRecord(row), changed: true };
    throw await this.whyRefused(action, ref, ctx, db);
  }

  /**
   * Extension: a device fingerprint holds at most one activation. The key row is locked first, so
   * the device row and the count change together or not at all. Runs inside the caller's transaction.
   * At the limit, a key that allows transfers may release its least recently seen device instead
   * (devices/transfers.ts); the count then stays where it is.
   */
  private async withDevice(
    db: Db,
    action: 'activate' | 'deactivate',
    ref: KeyRef,
    ctx: CallContext,
    fingerprint: string,
    details: DeviceDetails,
    announce: boolean,
  ): Promise<ActivationResult> {
    const [key] = await rawRows<KeyStateRow>(
      db,
      sql`select ${RETURNING} from licence_keys where ${matches(ref, ctx)} for no key update`,
    );
    if (!key) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    // A deactivation frees a device whatever the key's state; an activation needs a usable key.
    const unusable = usageRefusal(toKeyRecord(key), this.clock.now().getTime());
    if (unusable && (action === 'activate' || !key.is_active)) throw refusal(unusable);
    const byId: KeyRef = { id: key.id };
    if (action === 'activate') {
      const isNew = await this.devices.record(db, key.id, fingerprint, details, ctx);
      if (!isNew) return { info: toKeyRecord(key), changed: false };
      const [row] = await rawRows<KeyStateRow>(
        db,
        countUpdate('activate', matches(byId, ctx), ctx, this.now()),
      );
      if (row) return { info: toKeyRecord(row), changed: true };
      // Refused: the key is locked and active, so it is at its limit. Devices whose lease lapsed
      // give their slots up first, as the lease job would (leases at read time, decision 023).
      if (await this.devices.releaseLapsedLocked(db, ctx.ownerId, byId, announce)) {
        const [taken] = await rawRows<KeyStateRow>(
          db,
          countUpdate('activate', matches(byId, ctx), ctx, this.now()),
        );
        if (taken) return { info: toKeyRecord(taken), changed: true };
      }
      // Still at the limit: a transfer, or the refusal, which rolls back the device.
      const transfer = await makeRoomByTransfer(db, key.id, fingerprint, { ...ctx, now: this.clock.now() });
      return { info: toKeyRecord(key), changed: true, transfer };
    } else {
      const removed = await rawRows(
        db,
        sql`delete from licence_key_devices where key_id = ${key.id} and fingerprint = ${fingerprint}
            returning key_id`,
      );
      if (removed.length === 0) throw refusal(KEY_MANAGER_ERRORS.fingerprintNotActivated);
    }
    // A refusal here throws, which rolls the device row back with it.
    return this.change(action, byId, ctx, db);
  }

  /** Runs only after a refused UPDATE, to name the reason. */
  private async whyRefused(action: 'activate' | 'deactivate', ref: KeyRef, ctx: CallContext, db: Db) {
    const [row] = await rawRows<KeyStateRow>(
      db,
      sql`select ${RETURNING} from licence_keys where ${matches(ref, ctx)} limit 1`,
    );
    if (!row) return refusal(KEY_MANAGER_ERRORS.invalidKey);
    const unusable = usageRefusal(toKeyRecord(row), this.clock.now().getTime());
    if (unusable) return refusal(unusable);
    return refusal(
      action === 'activate' ? KEY_MANAGER_ERRORS.activationLimit : KEY_MANAGER_ERRORS.noActivations,
    );
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** A key as webhooks show it (the owner's view, status at this moment). */
  private forWebhook(record: KeyRecord) {
    return publicInformation(record, this.clock.now().getTime());
  }
}

export interface ActivationResult {
  info: KeyRecord;
  /** False when a fingerprint was already activated (the count did not change). */
  changed: boolean;
  /** Set when a self-serve transfer released another device to make room (decision 023). */
  transfer?: TransferInformation & { releasedFingerprint: string };
}
