import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { maskLicenceKey } from './masks.js';
import type { PendingCell, PendingDevice, PendingLogRow, PendingUsage } from './pending.js';

interface ResolvedKey {
  id: string;
  productId: string;
  key: string;
}

/** Rows per statement: PostgreSQL takes at most 65,535 parameters. */
const CHUNK = 1000;
/** Request-log rows per statement (column arrays, 15 parameters whatever the size). */
const LOG_CHUNK = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEP = '\u001f';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes one batch in one transaction (decision 037): keys named by the calls are resolved to their
 * ids (scoped to each call's owner, so another owner's key is never named), the hourly cells are
 * added with one `insert … on conflict do update set n = n + excluded.n`, devices are inserted once
 * per day, request-log rows appended and each owner's row count raised. Owners deleted meanwhile are
 * left out, so a batch never fails forever.
 */
export async function writeUsage(db: Db, batch: PendingUsage): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await liveOwners(tx, batch);
    const keys = await resolveKeys(tx, batch, owners);
    const keyOf = (ownerId: string, keyRef: string) =>
      keyRef ? keys.get(ownerId + SEP + keyRef) : undefined;
    await writeCells(tx, batch.cells, owners, keyOf);
    await writeDevices(tx, batch.devices, owners, keyOf);
    await writeLog(tx, batch.log, owners, keyOf);
  });
}

type KeyOf = (ownerId: string, keyRef: string) => ResolvedKey | undefined;

async function liveOwners(db: DbOrTransaction, batch: PendingUsage): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const cell of batch.cells.values()) ids.add(cell.ownerId);
  for (const row of batch.log) ids.add(row.ownerId);
  if (ids.size === 0) return ids;
  const rows = await rawRows<{ id: string }>(
    db,
    sql`select id from users where id = any(${sql.param([...ids])}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

async function resolveKeys(
  db: DbOrTransaction,
  batch: PendingUsage,
  owners: Set<string>,
): Promise<Map<string, ResolvedKey>> {
  const byKey = new Map<string, [string, string]>();
  const byId = new Map<string, [string, string]>();
  const add = (ownerId: string, keyRef: string) => {
    if (!owners.has(ownerId) || keyRef === '') return;
    const value = keyRef.slice(2);
    if (keyRef.startsWith('k:')) byKey.set(ownerId + SEP + keyRef, [ownerId, value]);
    else if (UUID.test(value)) byId.set(ownerId + SEP + keyRef, [ownerId, value]);
  };
  for (const cell of batch.cells.values()) add(cell.ownerId, cell.keyRef);
  for (const row of batch.log) add(row.ownerId, row.keyRef);
  const found = new Map<string, ResolvedKey>();
  const lookup = async (refs: Map<string, [string, string]>, kind: 'k' | 'i') => {
    const list = [...refs.values()];
    for (let start = 0; start < list.length; start += CHUNK) {
      const values = sql.join(
        list.slice(start, start + CHUNK).map(([owner, value]) => sql`(${owner}::uuid, ${value})`),
        sql`, `,
      );
      const match = kind === 'k' ? sql`k.key = v.ref` : sql`k.id = v.ref::uuid`;
      const rows = await rawRows<{
        owner_id: string;
        ref: string;
        id: string;
        product_id: string;
        key: string;
      }>(
        db,
        sql`select v.owner_id, v.ref, k.id, k.product_id, k.key
            from (values ${values}) as v(owner_id, ref)
            join licence_keys k on ${match} and k.owner_id = v.owner_id`,
      );
      for (const row of rows) {
        found.set(`${row.owner_id}${SEP}${kind}:${row.ref}`, {
          id: row.id,
          productId: row.product_id,
          key: row.key,
        });
      }
    }
  };
  await lookup(byKey, 'k');
  await lookup(byId, 'i');
  return found;
}

async function writeCells(
  db: DbOrTransaction,
  cells: Map<string, PendingCell>,
  owners: Set<string>,
  keyOf: KeyOf,
): Promise<void> {
  // Two names of one key (its string and its id) are one cell: merged before the statement, which
  // may not update a row twice.
  const merged = new Map<
    string,
    { cell: PendingCell; keyId: string | null; productId: string | null; n: number }
  >();
  for (const cell of cells.values()) {
    if (!owners.has(cell.ownerId)) continue;
    const key = keyOf(cell.ownerId, cell.keyRef);
    const keyId = key?.id ?? null;
    const productId = key?.productId ?? cell.productId;
    const name = [
      cell.hour,
      cell.ownerId,
      cell.apiKeyId,
      cell.operation,
      cell.outcome,
      productId,
      keyId,
      cell.platform,
      cell.appVersion,
    ].join(SEP);
    const entry = merged.get(name);
    if (entry) entry.n += cell.n;
    else merged.set(name, { cell, keyId, productId, n: cell.n });
  }
  const rows = [...merged.values()];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = sql.join(
      rows
        .slice(start, start + CHUNK)
        .map(
          ({ cell, keyId, productId, n }) =>
            sql`(${cell.ownerId}::uuid, ${iso(cell.hour)}::timestamptz, ${cell.apiKeyId}::uuid, ${cell.operation}, ${cell.outcome}, ${productId}::uuid, ${keyId}::uuid, ${cell.platform}, ${cell.appVersion}, ${n}::bigint)`,
        ),
      sql`, `,
    );
    await db.execute(sql`
      insert into key_usage_hourly (owner_id, hour, api_key_id, operation, outcome, product_id, key_id, platform, app_version, n)
      values ${values}
      on conflict on constraint key_usage_hourly_cell do update set n = key_usage_hourly.n + excluded.n`);
  }
}

/** A device is its owner's hash of the fingerprint: the fingerprint itself is never stored here. */
function deviceHash(ownerId: string, fingerprint: string): string {
  return createHash('sha256')
    .update(ownerId)
    .update('\0')
    .update(fingerprint)
    .digest('base64url')
    .slice(0, 22);
}

async function writeDevices(
  db: DbOrTransaction,
  devices: Map<string, PendingDevice>,
  owners: Set<string>,
  keyOf: KeyOf,
): Promise<void> {
  const rows = new Map<string, SQL>();
  for (const device of devices.values()) {
    if (!owners.has(device.ownerId)) continue;
    const key = keyOf(device.ownerId, device.keyRef);
    const keyId = key?.id ?? null;
    const productId = key?.productId ?? device.productId;
    const hash = deviceHash(device.ownerId, device.fingerprint);
    const day = iso(device.day).slice(0, 10);
    const name = [day, device.ownerId, device.apiKeyId, productId, keyId, hash].join(SEP);
    rows.set(
      name,
      sql`(${device.ownerId}::uuid, ${day}::date, ${hash}, ${device.apiKeyId}::uuid, ${productId}::uuid, ${keyId}::uuid)`,
    );
  }
  const list = [...rows.values()];
  for (let start = 0; start < list.length; start += CHUNK) {
    await db.execute(sql`
      insert into key_usage_devices (owner_id, day, device, api_key_id, product_id, key_id)
      values ${sql.join(list.slice(start, start + CHUNK), sql`, `)}
      on conflict on constraint key_usage_devices_cell do nothing`);
  }
}

async function writeLog(
  db: DbOrTransaction,
  log: PendingLogRow[],
  owners: Set<string>,
  keyOf: KeyOf,
): Promise<void> {
  const perOwner = new Map<string, number>();
  // One array per column: a statement of 15 parameters however many rows, so a batch costs the
  // database one parse and the server no per-row SQL building (PGlite runs in this process).
  const columns: Array<Array<string | number | null>> = Array.from({ length: 15 }, () => []);
  for (const row of log) {
    if (!owners.has(row.ownerId)) continue;
    perOwner.set(row.ownerId, (perOwner.get(row.ownerId) ?? 0) + 1);
    const key = keyOf(row.ownerId, row.keyRef);
    const named = row.keyRef.startsWith('k:') ? row.keyRef.slice(2) : null;
    const values = [
      row.ownerId,
      iso(row.at),
      row.operation,
      key?.id ?? null,
      key ? maskLicenceKey(key.key) : named ? maskLicenceKey(named) : null,
      row.apiKeyId,
      key?.productId ?? row.productId,
      row.outcome,
      row.status,
      row.latencyMs,
      row.ip,
      row.userAgent,
      row.country,
      row.platform,
      row.appVersion,
    ];
    for (let i = 0; i < values.length; i += 1) columns[i]?.push(values[i] ?? null);
  }
  const rows = columns[0]?.length ?? 0;
  for (let start = 0; start < rows; start += LOG_CHUNK) {
    const part = (i: number) => sql.param(columns[i]?.slice(start, start + LOG_CHUNK) ?? []);
    await db.execute(sql`
      insert into key_request_log (owner_id, at, operation, key_id, masked_key, api_key_id, product_id, outcome, status, latency_ms, ip, user_agent, country, platform, app_version)
      select * from unnest(${part(0)}::uuid[], ${part(1)}::timestamptz[], ${part(2)}::text[], ${part(3)}::uuid[],
        ${part(4)}::text[], ${part(5)}::uuid[], ${part(6)}::uuid[], ${part(7)}::text[], ${part(8)}::smallint[],
        ${part(9)}::real[], ${part(10)}::text[], ${part(11)}::text[], ${part(12)}::text[], ${part(13)}::text[],
        ${part(14)}::text[])`);
  }
  if (perOwner.size === 0) return;
  const counts = sql.join(
    [...perOwner].map(([ownerId, n]) => sql`(${ownerId}::uuid, ${n}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into key_usage_owners (owner_id, request_log_rows) values ${counts}
    on conflict (owner_id) do update set request_log_rows = key_usage_owners.request_log_rows + excluded.request_log_rows`);
}
