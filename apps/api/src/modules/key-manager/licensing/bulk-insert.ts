import { type BulkPhase, keyLimitMessage } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { SaasPlanRow } from '../../../db/schema/index.js';
import { conflict } from '../../../platform/http/errors.js';
import type { CallContext } from '../call-context.js';
import { auditKeyAction } from '../key-audit.js';
import { lockCounters } from '../key-lock-order.js';
import { generateLicenceKey } from '../secrets.js';
import { type KeyTerms, termColumns } from './key-terms.js';

/** A key a bulk call writes: its own text (an import's) or null for a generated one. */
export interface BulkKey {
  key: string | null;
  /** The CSV line it came from (an import's), named when its key turns out to be taken. */
  line?: number;
  name: string | null;
  note: string | null;
  terms: KeyTerms;
  isActive: boolean;
  customerName: string | null;
  customerEmail: string | null;
  customerRef: string | null;
}

export interface InsertedKey {
  id: string;
  key: string;
}

/**
 * Told after each chunk: keys written so far in the transaction and the call's total. Nothing is
 * committed until the last chunk is written (a failure after any chunk still writes nothing).
 */
export type WriteProgress = (written: number, total: number) => void;
/** A bulk call's progress by phase: rows checked (an import's), then keys written. */
export type BulkProgress = (phase: BulkPhase, done: number, total: number) => void;

/** Rows per INSERT (each column's values go as one array): bounds a statement's size and a retry's work. */
export const BULK_CHUNK_ROWS = 1000;
/** Tries of a chunk whose generated keys met existing ones (125 random bits: one try in practice). */
const GENERATED_KEY_TRIES = 3;

export const KEY_TAKEN_MESSAGE = 'This key is already in use';
const keyTakenOnLine = (line: number | undefined) =>
  line === undefined ? KEY_TAKEN_MESSAGE : `The key on line ${line} is already in use. Nothing was imported.`;
const KEYS_COLLIDED_MESSAGE = 'New keys met existing ones more than once. Nothing was written; try again.';

/**
 * Writes many new keys in one transaction under the owner's plan limit (decision 032), in the lock
 * order of decision 006: the owner's counters row first (`lockCounters`, which also gives the exact
 * key count the limit is checked against), then the keys, then their events. The keys are new rows
 * no other transaction can lock, so the rule "one key per transaction" (which is about existing
 * key rows taken around the counters row) does not apply; the one thing two bulk writers can wait
 * on each other for is the same key text in the unique index, and writing every call's keys in
 * sorted order makes such waits one-directional, so two imports cannot deadlock.
 * Refuses the whole call (nothing written) when the plan allows fewer keys than it adds.
 */
export async function insertKeysUnderPlan(
  db: Db,
  ctx: CallContext,
  plan: SaasPlanRow,
  keys: readonly BulkKey[],
  now: Date,
  generate: () => string = generateLicenceKey,
  onProgress?: WriteProgress,
  /** The audit log's one event for the call (decision 037), with the count written; in the same transaction. */
  audit?: {
    action: 'keys.bulk_issued' | 'keys.imported';
    target: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<InsertedKey[]> {
  // Every key of the call differs from the others (imports refuse repeats before they get here), so
  // a row the insert skips is one whose key some other call wrote.
  const used = new Set(keys.flatMap((key) => (key.key === null ? [] : [key.key])));
  const fresh = () => {
    let key = generate();
    while (used.has(key)) key = generate();
    used.add(key);
    return key;
  };
  const rows = keys.map((key) => ({ ...key, key: key.key ?? fresh(), generated: key.key === null }));
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    const held = await lockCounters(tx as unknown as Db, ctx.ownerId);
    if (plan.maxKeysAllowed > 0 && held + rows.length > plan.maxKeysAllowed) {
      throw conflict(keyLimitMessage(plan.maxKeysAllowed));
    }
    const inserted: InsertedKey[] = [];
    for (let from = 0; from < rows.length; from += BULK_CHUNK_ROWS) {
      const chunk = rows.slice(from, from + BULK_CHUNK_ROWS);
      inserted.push(...(await insertChunk(tx, ctx, chunk, now, fresh)));
      onProgress?.(inserted.length, rows.length);
    }
    if (audit) await auditKeyAction(tx, ctx, { ...audit, after: { count: inserted.length } });
    return inserted;
  });
}

type KeyRow = BulkKey & { key: string; generated: boolean };

/**
 * One multi-row INSERT and its 'create' events in one statement (the events are an insert … select
 * of the inserted rows). A key already in the table is skipped (`on conflict do nothing`) instead of
 * aborting the transaction: a generated key is then drawn again and its row retried; an imported
 * key that someone wrote since the check refuses the call (409), which rolls everything back.
 */
async function insertChunk(
  tx: DbTransaction,
  ctx: CallContext,
  chunk: KeyRow[],
  now: Date,
  fresh: () => string,
) {
  const written: InsertedKey[] = [];
  let pending = chunk;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const inserted = await insertWithEvents(tx, ctx, pending, now);
    written.push(...inserted);
    if (inserted.length === pending.length) break;
    const done = new Set(inserted.map((row) => row.key));
    const skipped = pending.filter((row) => !done.has(row.key));
    const taken = skipped.find((row) => !row.generated);
    if (taken) throw conflict(keyTakenOnLine(taken.line), 'key');
    if (attempt >= GENERATED_KEY_TRIES) throw conflict(KEYS_COLLIDED_MESSAGE);
    pending = skipped.map((row) => ({ ...row, key: fresh() }));
  }
  return written;
}

type Cell = string | number | boolean | null;
type TermColumns = ReturnType<typeof termColumns>;

/** The inserted columns: name, PostgreSQL type and value of a row (its terms through `termColumns`). */
const COLUMNS: ReadonlyArray<readonly [string, string, (row: KeyRow, terms: TermColumns) => Cell]> = [
  ['key', 'text', (row) => row.key],
  ['name', 'text', (row) => row.name],
  ['note', 'text', (row) => row.note],
  ['product_id', 'uuid', (_, terms) => terms.productId],
  ['policy_id', 'uuid', (_, terms) => terms.policyId],
  ['max_activations', 'int4', (_, terms) => terms.maxActivations],
  ['expires_at', 'timestamptz', (_, terms) => terms.expiresAt?.toISOString() ?? null],
  ['duration', 'text', (_, terms) => terms.duration],
  ['expiry_behaviour', 'text', (_, terms) => terms.expiryBehaviour],
  ['grace_days', 'int4', (_, terms) => terms.graceDays],
  ['lease_seconds', 'int4', (_, terms) => terms.leaseSeconds],
  ['transfers_per_30_days', 'int4', (_, terms) => terms.transfersPer30Days],
  ['transfer_idle_seconds', 'int4', (_, terms) => terms.transferIdleSeconds],
  ['entitlements', 'jsonb', (_, terms) => JSON.stringify(terms.entitlements)],
  ['metadata', 'jsonb', (_, terms) => JSON.stringify(terms.metadata)],
  ['trial', 'bool', (_, terms) => terms.trial],
  ['is_active', 'bool', (row) => row.isActive],
  ['customer_name', 'text', (row) => row.customerName],
  ['customer_email', 'text', (row) => row.customerEmail],
  ['customer_ref', 'text', (row) => row.customerRef],
];
const COLUMN_LIST = sql.raw(COLUMNS.map(([name]) => name).join(', '));

/**
 * The chunk as one array per column, unnested into rows: ~20 parameters whatever the number of rows.
 * Drizzle's multi-row VALUES built a parameter object per cell, 25,000 per chunk, which cost about
 * as much time as the database's own work.
 */
async function insertWithEvents(
  tx: DbTransaction,
  ctx: CallContext,
  rows: KeyRow[],
  now: Date,
): Promise<InsertedKey[]> {
  const columns = COLUMNS.map(() => new Array<Cell>(rows.length));
  rows.forEach((row, index) => {
    const terms = termColumns(row.terms);
    COLUMNS.forEach(([, , value], column) => {
      (columns[column] as Cell[])[index] = value(row, terms);
    });
  });
  const arrays = sql.join(
    COLUMNS.map(([, type], column) => sql`${sql.param(columns[column])}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const at = now.toISOString();
  return rawRows<InsertedKey>(
    tx,
    sql`with inserted as (
        insert into licence_keys (owner_id, created_at, updated_at, ${COLUMN_LIST})
        select ${ctx.ownerId}::uuid, ${at}::timestamptz, ${at}::timestamptz, rows.*
        from unnest(${arrays}) as rows (${COLUMN_LIST})
        on conflict do nothing
        returning id, key
      ),
      events as (
        insert into key_events (owner_id, key_id, action, delta, ip, user_agent, actor_name, created_at)
        select ${ctx.ownerId}::uuid, inserted.id, 'create', 0, ${ctx.ip}, ${ctx.userAgent}, ${ctx.actorName ?? null},
          ${at}::timestamptz
        from inserted
      )
      select id, key from inserted`,
  );
}
