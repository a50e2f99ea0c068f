import { type GetDevicesResponse, KEY_MANAGER_ERRORS } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp } from '../../../db/keyset.js';
import { rawRows } from '../../../db/raw-rows.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { refusal } from '../../../platform/http/errors.js';
import {
  DEVICE_COLUMNS,
  type DeviceRow,
  POLICY_COLUMNS,
  POLICY_JOIN,
  type PolicyRow,
  toDevice,
  toPolicy,
} from './device-sql.js';
import { transferState } from './transfers.js';

interface KeyPolicyColumns {
  own_lease: number | null;
  own_transfers: number | null;
  own_idle: number | null;
}

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

/**
 * The dashboard's page of a key's devices (get-devices, decision 023): most recently seen first in
 * keyset pages, with the key's own device rules, the rules in effect and the 30-day transfer
 * allowance. A read of its own beside the writers in devices.ts.
 */
export async function devicePage(
  db: Db,
  now: Date,
  {
    ownerId,
    keyId,
    limit,
    cursor,
  }: { ownerId: string; keyId: string; limit: number; cursor: string | undefined },
): Promise<Omit<GetDevicesResponse, 'status'>> {
  const [key] = await rawRows<PolicyRow & KeyPolicyColumns>(
    db,
    sql`select ${POLICY_COLUMNS}, k.lease_seconds as own_lease, k.transfers_per_30_days as own_transfers,
          k.transfer_idle_seconds as own_idle
        from licence_keys k ${POLICY_JOIN} where k.id = ${keyId}::uuid and k.owner_id = ${ownerId}::uuid`,
  );
  if (!key) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
  const policy = toPolicy(key);
  const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const seen = exactTimestamp(sql`d.last_seen_at`);
  const found = await rawRows<DeviceRow>(
    db,
    sql`select ${DEVICE_COLUMNS}, ${seen} as seen_exact from licence_key_devices d
        where d.key_id = ${keyId}::uuid
          ${after ? sql`and (d.last_seen_at, d.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
        order by d.last_seen_at desc, d.id desc limit ${limit + 1}`,
  );
  const { items, nextCursor } = pageOf(found, limit, (row) => [String(row.seen_exact), row.id]);
  const transfers = await transferState(db, keyId, policy.transfersPer30Days, now);
  return {
    devices: items.map((row) => toDevice(row, policy.leaseSeconds, 'owner')),
    nextCursor,
    keyPolicy: {
      leaseSeconds: nullableNumber(key.own_lease),
      transfersPer30Days: nullableNumber(key.own_transfers),
      transferIdleSeconds: nullableNumber(key.own_idle),
    },
    policy,
    transfersUsed: transfers.used,
    nextTransferAt:
      policy.transfersPer30Days > 0 && transfers.allowanceFrom > now
        ? transfers.allowanceFrom.toISOString()
        : null,
  };
}
