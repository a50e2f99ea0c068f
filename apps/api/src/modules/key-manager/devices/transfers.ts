import {
  type DevicePolicy,
  KEY_MANAGER_ERRORS,
  TRANSFER_WINDOW_DAYS,
  type TransferInformation,
  transferLaterMessage,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { refusal } from '../../../platform/http/errors.js';
import { asDate, effective, POLICY_JOIN } from './device-sql.js';

const WINDOW_MS = TRANSFER_WINDOW_DAYS * 86_400_000;

export interface TransferState {
  /** Transfers in the last 30 days. */
  used: number;
  /** When the allowance has room again (now when it has room now). */
  allowanceFrom: Date;
}

/** How much of the key's allowance the last 30 days used (transfers are `transfer` key events). */
export async function transferState(
  db: DbOrTransaction,
  keyId: string,
  allowance: number,
  now: Date,
): Promise<TransferState> {
  const recent = await rawRows<{ created_at: Date | string }>(
    db,
    sql`select created_at from key_events
        where key_id = ${keyId}::uuid and action = 'transfer'
          and created_at > ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz
        order by created_at asc`,
  );
  const used = recent.length;
  if (allowance <= 0 || used < allowance) return { used, allowanceFrom: now };
  // The oldest transfer that must leave the window before one more fits.
  const leaving = recent[used - allowance];
  const from = leaving ? new Date(asDate(leaving.created_at).getTime() + WINDOW_MS) : now;
  return { used, allowanceFrom: from };
}

/** The device rules in effect for one key. */
export async function keyPolicy(db: DbOrTransaction, keyId: string): Promise<DevicePolicy> {
  const [row] = await rawRows<{ lease: number; transfers: number; idle: number }>(
    db,
    sql`select ${effective.leaseSeconds} as lease, ${effective.transfersPer30Days} as transfers,
          ${effective.transferIdleSeconds} as idle
        from licence_keys k ${POLICY_JOIN} where k.id = ${keyId}::uuid`,
  );
  return {
    leaseSeconds: Number(row?.lease ?? 0),
    transfersPer30Days: Number(row?.transfers ?? 0),
    transferIdleSeconds: Number(row?.idle ?? 0),
  };
}

export interface TransferContext {
  ip: string | null;
  userAgent: string | null;
  ownerId: string;
  now: Date;
}

/**
 * Self-serve transfer (decision 023), run inside the activation's transaction with the key row
 * locked and the new device already inserted, when the key is at its limit. Releases the least
 * recently seen other device if it has been idle long enough and the 30-day allowance has room,
 * recording one `transfer` event; otherwise throws the refusal, saying when a transfer will be
 * possible (`nextTransferAt`). The released device's id is returned for the reply and webhooks.
 */
export async function makeRoomByTransfer(
  db: DbOrTransaction,
  keyId: string,
  newFingerprint: string,
  ctx: TransferContext,
): Promise<TransferInformation & { releasedFingerprint: string }> {
  const policy = await keyPolicy(db, keyId);
  if (policy.transfersPer30Days <= 0) throw refusal(KEY_MANAGER_ERRORS.activationLimit);
  const [oldest] = await rawRows<{ id: string; fingerprint: string; last_seen_at: Date | string }>(
    db,
    sql`select id, fingerprint, last_seen_at from licence_key_devices
        where key_id = ${keyId}::uuid and fingerprint <> ${newFingerprint}
        order by last_seen_at asc, id asc limit 1`,
  );
  // Only anonymous activations hold the slots: there is no device to move from.
  if (!oldest) throw refusal(KEY_MANAGER_ERRORS.activationLimit);
  const state = await transferState(db, keyId, policy.transfersPer30Days, ctx.now);
  const idleFrom = new Date(asDate(oldest.last_seen_at).getTime() + policy.transferIdleSeconds * 1000);
  const next = new Date(Math.max(idleFrom.getTime(), state.allowanceFrom.getTime()));
  if (next > ctx.now) {
    const nextTransferAt = next.toISOString();
    throw refusal(KEY_MANAGER_ERRORS.activationLimit, {
      message: transferLaterMessage(nextTransferAt),
      details: { nextTransferAt },
    });
  }
  await db.execute(sql`delete from licence_key_devices where id = ${oldest.id}::uuid`);
  await db.execute(
    sql`insert into key_events (owner_id, key_id, action, delta, ip, user_agent, created_at)
        values (${ctx.ownerId}::uuid, ${keyId}::uuid, 'transfer', 0, ${ctx.ip}, ${ctx.userAgent},
                ${ctx.now.toISOString()}::timestamptz)`,
  );
  return {
    releasedDeviceId: oldest.id,
    releasedFingerprint: oldest.fingerprint,
    transfersUsed: state.used + 1,
    transfersPer30Days: policy.transfersPer30Days,
  };
}
