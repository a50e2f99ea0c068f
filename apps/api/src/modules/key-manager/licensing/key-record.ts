import {
  type Customer,
  type ExpiryBehaviour,
  KEY_MANAGER_ERRORS,
  type KeyManagerRefusal,
  type KeyStatus,
  type PublicKeyInformation,
} from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A licence key as the public REST and webhooks see it (decision 032), read by one column list from
 * every statement that returns a key. Its status depends on the moment, so a record is what the
 * cache keeps and `publicInformation` computes the status for each reply.
 */
export interface KeyRecord {
  id: string;
  key: string;
  maxActivations: number;
  currentActivations: number;
  isActive: boolean;
  productId: string;
  /** The product's code. */
  product: string;
  expiresAt: string | null;
  /** `expiresAt` as epoch ms (NaN-free: null when none). */
  expiresAtMs: number | null;
  expiryBehaviour: ExpiryBehaviour;
  graceDays: number;
  suspended: boolean;
  trial: boolean;
  entitlements: Record<string, string | number | boolean>;
  metadata: Record<string, PublicKeyInformation['metadata'][string]>;
  customer: Customer;
}

/** The row shape `keyColumns` selects (the driver's raw row). */
export interface KeyRecordRow extends Record<string, unknown> {
  id: string;
  key: string;
  max_activations: number;
  current_activations: number;
  is_active: boolean;
  product_id: string;
  product: string;
  expires_at: string | null;
  expiry_behaviour: string;
  grace_days: number;
  suspended: boolean;
  trial: boolean;
  entitlements: unknown;
  metadata: unknown;
  customer_name: string | null;
  customer_email: string | null;
  customer_ref: string | null;
}

/**
 * The columns of a KeyRecordRow, for a SELECT or a RETURNING on `licence_keys` (with `alias.` before
 * each column when the statement names the table, e.g. `k`). Times come as ISO text from the
 * database; the product's code from its (small, cached) table.
 */
export function keyColumns(alias?: string): SQL {
  const c = (column: string) => sql.raw(alias ? `${alias}.${column}` : column);
  return sql`${c('id')} as id, ${c('key')} as key, ${c('max_activations')} as max_activations,
    ${c('current_activations')} as current_activations, ${c('is_active')} as is_active,
    ${c('product_id')} as product_id,
    (select kp.code from key_products kp where kp.id = ${c('product_id')}) as product,
    to_char(${c('expires_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
    ${c('expiry_behaviour')} as expiry_behaviour, ${c('grace_days')} as grace_days,
    ${c('suspended')} as suspended, ${c('trial')} as trial, ${c('entitlements')} as entitlements,
    ${c('metadata')} as metadata, ${c('customer_name')} as customer_name,
    ${c('customer_email')} as customer_email, ${c('customer_ref')} as customer_ref`;
}

export function toKeyRecord(row: KeyRecordRow): KeyRecord {
  const expiresAt = row.expires_at ?? null;
  return {
    id: row.id,
    key: row.key,
    maxActivations: Number(row.max_activations),
    currentActivations: Number(row.current_activations),
    isActive: Boolean(row.is_active),
    productId: row.product_id,
    product: row.product,
    expiresAt,
    expiresAtMs: expiresAt === null ? null : Date.parse(expiresAt),
    expiryBehaviour: row.expiry_behaviour === 'allow' ? 'allow' : 'refuse',
    graceDays: Number(row.grace_days),
    suspended: Boolean(row.suspended),
    trial: Boolean(row.trial),
    entitlements: (row.entitlements ?? {}) as KeyRecord['entitlements'],
    metadata: (row.metadata ?? {}) as KeyRecord['metadata'],
    customer: { name: row.customer_name, email: row.customer_email, ref: row.customer_ref },
  };
}

const DAY_MS = 86_400_000;

/** Past `expiresAt`. */
export function isExpired(record: KeyRecord, nowMs: number): boolean {
  return record.expiresAtMs !== null && nowMs >= record.expiresAtMs;
}

/** Past expiry and grace, with a policy that refuses: the key may no longer run. */
export function expiryRefuses(record: KeyRecord, nowMs: number): boolean {
  return (
    record.expiryBehaviour === 'refuse' &&
    record.expiresAtMs !== null &&
    nowMs >= record.expiresAtMs + record.graceDays * DAY_MS
  );
}

export function statusAt(record: KeyRecord, nowMs: number): KeyStatus {
  if (!record.isActive) return 'disabled';
  if (record.suspended) return 'suspended';
  if (isExpired(record, nowMs)) return 'expired';
  return record.trial ? 'trial' : 'active';
}

/** Why the key may not be used now (activate, heartbeat, checkout), or null when it may. */
export function usageRefusal(record: KeyRecord, nowMs: number): KeyManagerRefusal | null {
  if (!record.isActive) return KEY_MANAGER_ERRORS.keyDisabled;
  if (record.suspended) return KEY_MANAGER_ERRORS.keySuspended;
  if (expiryRefuses(record, nowMs)) {
    return record.trial ? KEY_MANAGER_ERRORS.trialExpired : KEY_MANAGER_ERRORS.keyExpired;
  }
  return null;
}

/**
 * The same rule in SQL, for the conditional UPDATEs of activations (`now` as ISO text): usable when
 * not suspended and not past expiry plus grace under a refusing policy (`is_active` is checked beside it).
 */
export function usableSql(now: string, alias?: string): SQL {
  const c = (column: string) => sql.raw(alias ? `${alias}.${column}` : column);
  return sql`not ${c('suspended')} and (${c('expires_at')} is null or ${c('expiry_behaviour')} = 'allow'
    or ${c('expires_at')} + ${c('grace_days')} * interval '1 day' > ${now}::timestamptz)`;
}

/** Who reads a key: its owner's server (secret key, webhooks) sees the licensee; an app does not. */
export type KeyAudience = 'owner' | 'public';

export function publicInformation(
  record: KeyRecord,
  nowMs: number,
  audience: KeyAudience = 'owner',
): PublicKeyInformation {
  const info: PublicKeyInformation = {
    id: record.id,
    key: record.key,
    maxActivations: record.maxActivations,
    currentActivations: record.currentActivations,
    isActive: record.isActive,
    keyStatus: statusAt(record, nowMs),
    expiresAt: record.expiresAt,
    product: record.product,
    trial: record.trial,
    entitlements: record.entitlements,
    metadata: record.metadata,
  };
  if (audience === 'owner') info.customer = record.customer;
  return info;
}
