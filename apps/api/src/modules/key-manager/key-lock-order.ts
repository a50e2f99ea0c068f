import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';

/*
 * The lock order of every writer of licence_keys, licence_key_counters, licence_key_devices and
 * key_events (decision 006, "Lock order"). On PostgreSQL a writer takes, in this order:
 *   1. the key's row (`for no key update`, or the UPDATE/DELETE that changes it); add-key, which has
 *      no key row yet, starts at 2;
 *   2. the owner's licence_key_counters row (the counters trigger at the end of each statement that
 *      changes a key, or `lockCounters` first in add-key);
 *   3. device and event rows of that key.
 * Nothing here locks the owner's users row: the foreign keys of key_events, webhook_events and
 * licence_key_counters take KEY SHARE on it, which an explicit `for update` of users would block
 * while its holder waits for 2 — the deadlock the concurrency test reproduces. A transaction changes
 * at most one key (two keys in one transaction would take two rows of 1 around one row of 2).
 */

/**
 * Locks the owner's counters row, creating it if the owner has none yet, and returns their key
 * count: exact while the lock is held, since every key change updates this row in its transaction.
 */
export async function lockCounters(db: Db, ownerId: string): Promise<number> {
  // DO UPDATE (not DO NOTHING) so the existing row is locked and returned in the same statement.
  const [row] = await rawRows<{ keys: number }>(
    db,
    sql`insert into licence_key_counters as c (owner_id) values (${ownerId}::uuid)
        on conflict (owner_id) do update set keys = c.keys
        returning keys`,
  );
  return Number(row?.keys ?? 0);
}
