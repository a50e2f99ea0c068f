import {
  DEVICE_LIMITS,
  DEVICE_NOT_FOUND_MESSAGE,
  type Device,
  type GetDevicesResponse,
  HEARTBEAT_RECORDED_MESSAGE,
  type HeartbeatResponse,
  KEY_MANAGER_ERRORS,
  type PublicKeyInformation,
  type WebhookEventType,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Clock } from '../../../platform/clock.js';
import { notFound, refusal } from '../../../platform/http/errors.js';
import type { CallContext, KeyRef } from '../call-context.js';
import { auditKeyAction } from '../key-audit.js';
import type { LicenceKeyCache } from '../licence-key-cache.js';
import {
  type KeyAudience,
  keyColumns,
  publicInformation,
  toKeyRecord,
  usableSql,
  usageRefusal,
} from '../licensing/key-record.js';
import type { WebhookEmitter } from '../webhooks/webhook-emitter.js';
import { devicePage } from './device-page.js';
import {
  DEVICE_COLUMNS,
  type DeviceAudience,
  type DeviceRow,
  effective,
  KEY_COLUMNS,
  type KeyRow,
  keyMatches,
  leaseExpiry,
  POLICY_COLUMNS,
  POLICY_JOIN,
  type PolicyRow,
  toDevice,
  toKeyInformation,
} from './device-sql.js';

export interface DeviceDetails {
  deviceName?: string;
  platform?: string;
}

/** A key as `markSeen` returns it. */
export interface SeenKeyRow extends KeyRow {
  lease_seconds: number;
  entitlements: unknown;
}

type ReleaseReason = 'release' | 'expire';
/** The webhooks of a release: a person's also says who released which device (decision 036). */
const RELEASE_EVENTS: Record<ReleaseReason, readonly WebhookEventType[]> = {
  release: ['key.deactivated', 'device.released'],
  expire: ['lease.expired'],
};

/**
 * Run inside a release's transaction once the key's row is locked, before the device goes: throws to
 * refuse (the licensee portal's 30-day allowance, counted where no concurrent release can pass it).
 */
export type ReleaseCheck = (db: Db, keyId: string) => Promise<void>;
/** Lease expiry works through due devices in batches of this many. */
const EXPIRY_BATCH = 100;

/**
 * A key's devices (decision 023): recorded by activations, kept alive by heartbeats, listed for the
 * dashboard and get-key-information, released by the owner or by the lease job. Every release is
 * one transaction with the key row locked: device row, count, key event and webhook event together.
 */
export class Devices {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: LicenceKeyCache,
    private readonly webhooks: WebhookEmitter,
  ) {}

  /**
   * Inside an activation's transaction (key row locked): adds the device, or for a fingerprint it
   * already holds marks it seen (activation stays idempotent). True when it is new.
   */
  async record(
    db: DbOrTransaction,
    keyId: string,
    fingerprint: string,
    details: DeviceDetails,
    ctx: CallContext,
  ): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const name = details.deviceName || null;
    const platform = details.platform || null;
    const inserted = await rawRows(
      db,
      sql`insert into licence_key_devices
            (key_id, fingerprint, name, platform, ip, user_agent, created_at, last_seen_at)
          values (${keyId}::uuid, ${fingerprint}, ${name}, ${platform}, ${ctx.ip}, ${ctx.userAgent},
                  ${now}::timestamptz, ${now}::timestamptz)
          on conflict do nothing returning id`,
    );
    if (inserted.length > 0) return true;
    await db.execute(
      sql`update licence_key_devices set last_seen_at = ${now}::timestamptz, ip = ${ctx.ip},
            user_agent = ${ctx.userAgent}, name = coalesce(${name}, name), platform = coalesce(${platform}, platform)
          where key_id = ${keyId}::uuid and fingerprint = ${fingerprint}`,
    );
    return false;
  }

  /** A device says it is still running: one UPDATE; a refusal names why. */
  async heartbeat(
    ref: KeyRef,
    fingerprint: string,
    ctx: CallContext,
    audience: KeyAudience = 'owner',
  ): Promise<Omit<HeartbeatResponse, 'status' | 'message'> & { message: string }> {
    const now = this.clock.now();
    const row = await this.markSeen(ref, fingerprint, ctx);
    if (!row) throw await this.notSeen(ref, ctx);
    const leaseSeconds = Number(row.lease_seconds);
    return {
      message: HEARTBEAT_RECORDED_MESSAGE,
      ...publicInformation(toKeyRecord(row), now.getTime(), audience),
      leaseSeconds,
      leaseExpiresAt: leaseExpiry(now, leaseSeconds),
    };
  }

  /**
   * The heartbeat's one UPDATE, also run by checkout-license (a device that checks out a licence is
   * alive): the device's last-seen time (its lease) and address move to now. Returns the key with its
   * effective lease and entitlements, or null when the key is unknown or disabled or does not hold
   * this device, or the device's lease has lapsed (`notSeen` names which). A lapsed lease is never
   * revived: the device activates again.
   */
  async markSeen(ref: KeyRef, fingerprint: string, ctx: CallContext): Promise<SeenKeyRow | null> {
    const now = this.clock.now().toISOString();
    const [row] = await rawRows<SeenKeyRow>(
      this.db,
      sql`update licence_key_devices d set last_seen_at = ${now}::timestamptz,
            ip = ${ctx.ip}, user_agent = ${ctx.userAgent}
          from licence_keys k ${POLICY_JOIN}
          where d.key_id = k.id and d.fingerprint = ${fingerprint} and k.is_active and ${usableSql(now, 'k')}
            and ${keyMatches(ref, ctx.ownerId, ctx.productId)} and not ${lapsed(this.clock.now())}
          returning ${KEY_COLUMNS}, ${effective.leaseSeconds} as lease_seconds, k.entitlements`,
    );
    return row ?? null;
  }

  /**
   * The refusal when `markSeen` matched nothing: 404 unknown key, 409 disabled, 409 device not
   * activated. A device refused because its lease lapsed gives its slot back here, so the key's count
   * is right at once rather than at the next run of the lease job.
   */
  async notSeen(ref: KeyRef, ctx: Pick<CallContext, 'ownerId' | 'productId'>, field?: string) {
    const ownerId = ctx.ownerId;
    const [key] = await rawRows<KeyRow>(
      this.db,
      sql`select ${KEY_COLUMNS} from licence_keys k where ${keyMatches(ref, ownerId, ctx.productId)} limit 1`,
    );
    if (!key) return refusal(KEY_MANAGER_ERRORS.invalidKey);
    const unusable = usageRefusal(toKeyRecord(key), this.clock.now().getTime());
    if (unusable) return refusal(unusable);
    await this.reclaimLapsed(ownerId, { id: key.id });
    // Never activated here, deactivated, released, or its lease lapsed: activate again.
    return refusal(KEY_MANAGER_ERRORS.fingerprintNotActivated, { field });
  }

  /**
   * Leases at read time (decision 023): releases the key's devices whose lease lapsed, in a
   * transaction of its own, exactly as the lease job would. True when a slot was freed.
   */
  async reclaimLapsed(ownerId: string, ref: KeyRef): Promise<boolean> {
    const announce = await this.webhooks.wants(ownerId, RELEASE_EVENTS.expire);
    const info = await this.db.transaction((tx) =>
      this.releaseLapsedLocked(tx as unknown as Db, ownerId, ref, announce),
    );
    if (info) this.cache.invalidate({ ownerId, id: info.id, key: info.key });
    return info !== null;
  }

  /**
   * Inside a transaction (an activation's at the key's limit, or `reclaimLapsed`'s): locks the key
   * and releases its devices whose lease lapsed. Returns the key's information after the last
   * release, or null when none lapsed. The caller invalidates the cache after its commit.
   */
  async releaseLapsedLocked(
    db: Db,
    ownerId: string,
    ref: KeyRef,
    announce: boolean,
  ): Promise<PublicKeyInformation | null> {
    const key = await this.lockKey(db, ownerId, ref);
    if (!key || Number(key.lease_seconds) <= 0) return null;
    const due = await rawRows<{ id: string }>(
      db,
      sql`select d.id from licence_key_devices d join licence_keys k on k.id = d.key_id ${POLICY_JOIN}
          where d.key_id = ${key.id}::uuid and ${lapsed(this.clock.now())} order by d.last_seen_at`,
    );
    let info: PublicKeyInformation | null = null;
    // Expiry is nobody's call: the key event carries no address, as the job's does not.
    const ctx = { ownerId, ip: null, userAgent: null };
    for (const device of due) {
      info = (await this.releaseLocked(db, key, device.id, 'expire', ctx, announce)) ?? info;
    }
    return info;
  }

  /** get-key-information's `devices`: the most recently seen, at most 100. */
  async forInformation(ownerId: string, keyId: string, audience: DeviceAudience): Promise<Device[]> {
    const found = await rawRows<DeviceRow & { lease_seconds: number }>(
      this.db,
      sql`select ${DEVICE_COLUMNS}, ${effective.leaseSeconds} as lease_seconds
          from licence_key_devices d join licence_keys k on k.id = d.key_id ${POLICY_JOIN}
          where k.id = ${keyId}::uuid and k.owner_id = ${ownerId}::uuid
          order by d.last_seen_at desc, d.id desc limit ${DEVICE_LIMITS.informationDevicesMax}`,
    );
    return found.map((row) => toDevice(row, Number(row.lease_seconds), audience));
  }

  /** The dashboard's page of a key's devices, most recently seen first, with the key's rules. */
  page(
    ownerId: string,
    keyId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<Omit<GetDevicesResponse, 'status'>> {
    return devicePage(this.db, this.clock.now(), { ownerId, keyId, limit, cursor });
  }

  /**
   * A person frees a device's slot: the owner on the dashboard, or the licensee in the portal
   * (`ctx.licensee`, with the portal's allowance as `check`). Returns the key's information after it.
   */
  async release(
    ownerId: string,
    keyId: string,
    deviceId: string,
    ctx: CallContext,
    check?: ReleaseCheck,
  ): Promise<PublicKeyInformation> {
    const released = await this.releaseOne(ownerId, keyId, deviceId, 'release', ctx, check);
    if (!released) throw notFound(DEVICE_NOT_FOUND_MESSAGE);
    return released;
  }

  /**
   * The lease job: releases every device whose key has a lease and that sent nothing within it.
   * Candidates are read by the `last_seen_at` index; each release re-checks under the key's lock,
   * so a heartbeat that arrived meanwhile keeps its device. Returns how many were released.
   */
  async expireDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await rawRows<{ id: string; key_id: string; owner_id: string }>(
        this.db,
        sql`select d.id, d.key_id, k.owner_id
            from licence_key_devices d join licence_keys k on k.id = d.key_id ${POLICY_JOIN}
            where d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${DEVICE_LIMITS.leaseSecondsMin})
              and ${effective.leaseSeconds} > 0
              and d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${effective.leaseSeconds})
            order by d.last_seen_at asc limit ${EXPIRY_BATCH}`,
      );
      let released = 0;
      for (const device of due) {
        const ctx = { ownerId: device.owner_id, ip: null, userAgent: null };
        if (await this.releaseOne(device.owner_id, device.key_id, device.id, 'expire', ctx)) released++;
      }
      total += released;
      if (due.length < EXPIRY_BATCH || released === 0) return total;
    }
  }

  /** One release: the device row, the count, the key event and the webhook event commit together. */
  private async releaseOne(
    ownerId: string,
    keyId: string,
    deviceId: string,
    reason: ReleaseReason,
    ctx: CallContext,
    check?: ReleaseCheck,
  ): Promise<PublicKeyInformation | null> {
    // Asked before the transaction (PGlite has one connection; see WebhookEmitter.emit).
    const announce = await this.webhooks.wants(ownerId, RELEASE_EVENTS[reason]);
    const info = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const key = await this.lockKey(db, ownerId, { id: keyId });
      if (!key) return null;
      await check?.(db, key.id);
      return this.releaseLocked(db, key, deviceId, reason, ctx, announce);
    });
    if (info) this.cache.invalidate({ ownerId, id: info.id, key: info.key });
    return info;
  }

  /** The key's row, locked first as every key writer does (key-lock-order.ts), with its policy. */
  private async lockKey(db: Db, ownerId: string, ref: KeyRef): Promise<(KeyRow & PolicyRow) | undefined> {
    const [key] = await rawRows<KeyRow & PolicyRow>(
      db,
      sql`select ${KEY_COLUMNS}, ${POLICY_COLUMNS} from licence_keys k ${POLICY_JOIN}
          where ${keyMatches(ref, ownerId)} for no key update of k`,
    );
    return key;
  }

  /** Releases one device of a key whose row this transaction holds; null when it was gone already. */
  private async releaseLocked(
    db: Db,
    key: KeyRow & PolicyRow,
    deviceId: string,
    reason: ReleaseReason,
    ctx: CallContext,
    announce: boolean,
  ): Promise<PublicKeyInformation | null> {
    const now = this.clock.now();
    const leaseSeconds = Number(key.lease_seconds);
    // An expiry re-checks the lease under the lock: a heartbeat may have arrived since it looked.
    const stillDue =
      reason === 'expire'
        ? sql`and ${leaseSeconds} > 0 and d.last_seen_at < ${new Date(now.getTime() - leaseSeconds * 1000).toISOString()}::timestamptz`
        : sql``;
    const [device] = await rawRows<DeviceRow>(
      db,
      sql`delete from licence_key_devices d where d.id = ${deviceId}::uuid and d.key_id = ${key.id}::uuid
          ${stillDue} returning ${DEVICE_COLUMNS}`,
    );
    if (!device) return null;
    const [after] = await rawRows<KeyRow>(
      db,
      sql`with changed as (
            update licence_keys set current_activations = greatest(current_activations - 1, 0),
              updated_at = ${now.toISOString()}::timestamptz
            where id = ${key.id}::uuid returning owner_id, ${keyColumns()}
          ),
          logged as (
            insert into key_events
              (owner_id, key_id, action, delta, ip, user_agent, actor_name, actor_kind, created_at)
            select owner_id, id, ${reason}, -1, ${ctx.ip}, ${ctx.userAgent}, ${ctx.actorName ?? null},
              ${ctx.licensee ? 'licensee' : null}, ${now.toISOString()}::timestamptz
            from changed
          )
          select * from changed`,
    );
    if (!after) return null;
    const information = toKeyInformation(after, now);
    if (announce && reason === 'expire') {
      const data = { key: information, device: toDevice(device, leaseSeconds, 'owner') };
      await this.webhooks.emit(db, ctx.ownerId, 'lease.expired', data);
    }
    if (announce && reason === 'release') {
      const deactivated = { key: information, fingerprint: device.fingerprint, reason: 'released' };
      await this.webhooks.emit(db, ctx.ownerId, 'key.deactivated', deactivated);
      await this.webhooks.emit(db, ctx.ownerId, 'device.released', {
        key: information,
        device: { id: device.id, name: device.name, platform: device.platform },
        releasedBy: releasedBy(ctx),
      });
    }
    if (reason === 'release') {
      await auditKeyAction(db, ctx, {
        action: ctx.licensee ? 'portal.device_released' : 'device.released',
        target: key.key,
        before: { device: device.name ?? device.fingerprint, platform: device.platform },
        after: null,
        detail: { keyId: key.id, deviceId: device.id },
      });
    }
    return information;
  }
}

/** `device.released`'s `releasedBy`: the licensee (portal), else the owner's member by name. */
function releasedBy(ctx: CallContext) {
  return ctx.licensee
    ? { kind: 'licensee' as const, email: ctx.licensee.email }
    : { kind: 'owner' as const, name: ctx.actorName ?? null };
}

/** A device whose lease lapsed at `now` (in a statement joining `d`, `k` and the policy `p`). */
const lapsed = (now: Date) =>
  sql`(${effective.leaseSeconds} > 0
       and d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${effective.leaseSeconds}))`;
