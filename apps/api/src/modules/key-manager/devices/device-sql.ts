import type { Device, DevicePolicy, PublicKeyInformation } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type KeyRecordRow, keyColumns, publicInformation, toKeyRecord } from '../licensing/key-record.js';

/**
 * The device rules in effect for key `k`: its own values, else its owner's policy `p`, else 0.
 * Statements using it join `left join key_device_policies p on p.owner_id = k.owner_id`.
 */
export const effective = {
  leaseSeconds: sql`coalesce(k.lease_seconds, p.lease_seconds, 0)`,
  transfersPer30Days: sql`coalesce(k.transfers_per_30_days, p.transfers_per_30_days, 0)`,
  transferIdleSeconds: sql`coalesce(k.transfer_idle_seconds, p.transfer_idle_seconds, 0)`,
};
export const POLICY_JOIN = sql`left join key_device_policies p on p.owner_id = k.owner_id`;

/** A key `k` by its value or id, only the owner's (and only the product's, for a restricted API key). */
export function keyMatches(
  ref: { key?: string; id?: string },
  ownerId: string,
  productId?: string | null,
): SQL {
  const byRef = ref.key !== undefined ? sql`k.key = ${ref.key}` : sql`k.id = ${ref.id ?? null}::uuid`;
  const product = productId ? sql` and k.product_id = ${productId}::uuid` : sql``;
  return sql`${byRef} and k.owner_id = ${ownerId}::uuid${product}`;
}

/** A key's columns as `k` (licensing/key-record.ts). */
export type KeyRow = KeyRecordRow;
export const KEY_COLUMNS = keyColumns('k');

export interface PolicyRow extends Record<string, unknown> {
  lease_seconds: number;
  transfers_per_30_days: number;
  transfer_idle_seconds: number;
}
export const POLICY_COLUMNS = sql`${effective.leaseSeconds} as lease_seconds,
  ${effective.transfersPer30Days} as transfers_per_30_days,
  ${effective.transferIdleSeconds} as transfer_idle_seconds`;

export function toPolicy(row: PolicyRow): DevicePolicy {
  return {
    leaseSeconds: Number(row.lease_seconds),
    transfersPer30Days: Number(row.transfers_per_30_days),
    transferIdleSeconds: Number(row.transfer_idle_seconds),
  };
}

/** A key's information at `now` as its owner sees it (heartbeat replies, webhooks). */
export function toKeyInformation(row: KeyRow, now: Date): PublicKeyInformation {
  return publicInformation(toKeyRecord(row), now.getTime());
}

export interface DeviceRow extends Record<string, unknown> {
  id: string;
  fingerprint: string;
  name: string | null;
  platform: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  /** Exact text of last_seen_at (microseconds), for cursors. */
  seen_exact?: string;
}
export const DEVICE_COLUMNS = sql`d.id, d.fingerprint, d.name, d.platform, d.ip, d.user_agent, d.created_at, d.last_seen_at`;

/** PGlite returns Date objects, node-postgres too; a string when selected as text. */
export const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export function leaseExpiry(lastSeen: Date, leaseSeconds: number): string | null {
  return leaseSeconds > 0 ? new Date(lastSeen.getTime() + leaseSeconds * 1000).toISOString() : null;
}

/** Who may see what of a device: the owner everything, a publishable key neither fingerprints nor addresses. */
export type DeviceAudience = 'owner' | 'public';

export function toDevice(row: DeviceRow, leaseSeconds: number, audience: DeviceAudience): Device {
  const lastSeen = asDate(row.last_seen_at);
  const full = audience === 'owner';
  return {
    id: row.id,
    fingerprint: full ? row.fingerprint : null,
    name: row.name,
    platform: row.platform,
    firstSeenAt: asDate(row.created_at).toISOString(),
    lastSeenAt: lastSeen.toISOString(),
    ip: full ? row.ip : null,
    userAgent: full ? row.user_agent : null,
    leaseExpiresAt: leaseExpiry(lastSeen, leaseSeconds),
  };
}
