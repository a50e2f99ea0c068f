import {
  DEVICE_LIMITS,
  type PortalDevice,
  type PortalLicence,
  portalText,
  TRANSFER_WINDOW_DAYS,
} from '@app/contract';
import { Param, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { exactTimestamp } from '../../db/keyset.js';
import { rawRows } from '../../db/raw-rows.js';
import type { LicenseePortalRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { notFound } from '../../platform/http/errors.js';
import {
  asDate,
  isExpired,
  type KeyRecordRow,
  keyColumns,
  statusAt,
  toKeyRecord,
} from '../key-manager/index.js';
import type { ActivePortalSession } from './portal-sessions.js';

const WINDOW_MS = TRANSFER_WINDOW_DAYS * 86_400_000;

type LicenceRow = KeyRecordRow & { product_name: string; created_exact: string };

/** Where a licence's 30-day release allowance stands. */
export interface ReleaseAllowance {
  left: number;
  /** When one more release fits, when none is left; null otherwise. */
  nextAt: Date | null;
}

export interface PortalDeviceRow {
  id: string;
  name: string | null;
  platform: string | null;
}

/**
 * What a licensee reads in the portal (decision 036): the owner's keys issued to the session's email
 * (or the key session's one key), their devices without addresses or fingerprints, and the 30-day
 * release allowance counted from the key's licensee releases (`key_events`, actor_kind 'licensee').
 * Anything else is "not found", never "forbidden", so ids of others cannot be told from unknown ones.
 */
export class PortalLicences {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** An email session's licences, newest first, in keyset pages. */
  async page(
    portal: LicenseePortalRow,
    email: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ licences: PortalLicence[]; nextCursor: string | null }> {
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await rawRows<LicenceRow>(
      this.db,
      sql`select ${LICENCE_COLUMNS} from licence_keys k
          where k.owner_id = ${portal.ownerId}::uuid and k.customer_email = ${email}
            ${after ? sql`and (k.created_at, k.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
          order by k.created_at desc, k.id desc limit ${limit + 1}`,
    );
    const page = pageOf(rows, limit, (row) => [String(row.created_exact), row.id]);
    const allowances = await this.allowances(
      this.db,
      page.items.map((row) => row.id),
      portal,
    );
    return {
      licences: page.items.map((row) => this.toLicence(row, portal, allowances.get(row.id))),
      nextCursor: page.nextCursor,
    };
  }

  /** The licence if this session may see it; 404 otherwise (another licensee's, another owner's, unknown). */
  async visible(
    portal: LicenseePortalRow,
    session: ActivePortalSession,
    keyId: string,
  ): Promise<PortalLicence> {
    const [row] = await rawRows<LicenceRow>(
      this.db,
      sql`select ${LICENCE_COLUMNS} from licence_keys k
          where k.id = ${keyId}::uuid and k.owner_id = ${portal.ownerId}::uuid and ${mayOpen(session)}`,
    );
    if (!row) throw notFound(portalText('licenceNotFound'));
    const allowances = await this.allowances(this.db, [row.id], portal);
    return this.toLicence(row, portal, allowances.get(row.id));
  }

  /** The licence's devices, most recently seen first (at most 100). */
  async devices(keyId: string): Promise<PortalDevice[]> {
    const rows = await rawRows<PortalDeviceRow & { created_at: Date | string; last_seen_at: Date | string }>(
      this.db,
      sql`select d.id, d.name, d.platform, d.created_at, d.last_seen_at from licence_key_devices d
          where d.key_id = ${keyId}::uuid
          order by d.last_seen_at desc, d.id desc limit ${DEVICE_LIMITS.informationDevicesMax}`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      platform: row.platform,
      firstSeenAt: asDate(row.created_at).toISOString(),
      lastSeenAt: asDate(row.last_seen_at).toISOString(),
    }));
  }

  /** One device of the licence, or 404. */
  async device(keyId: string, deviceId: string): Promise<PortalDeviceRow> {
    const [row] = await rawRows<PortalDeviceRow>(
      this.db,
      sql`select d.id, d.name, d.platform from licence_key_devices d
          where d.key_id = ${keyId}::uuid and d.id = ${deviceId}::uuid`,
    );
    if (!row) throw notFound(portalText('deviceNotFound'));
    return row;
  }

  /** Each key's allowance now (keys with no licensee release in the window have the whole of it). */
  async allowances(
    db: DbOrTransaction,
    keyIds: readonly string[],
    portal: LicenseePortalRow,
  ): Promise<Map<string, ReleaseAllowance>> {
    const now = this.clock.now();
    const result = new Map<string, ReleaseAllowance>();
    const allowance = portal.allowRelease ? portal.releasesPer30Days : 0;
    for (const id of keyIds) result.set(id, { left: allowance, nextAt: null });
    if (keyIds.length === 0 || allowance === 0) return result;
    const rows = await rawRows<{ key_id: string; created_at: Date | string }>(
      db,
      sql`select key_id, created_at from key_events
          where key_id = any(${new Param([...keyIds])}::uuid[]) and actor_kind = 'licensee' and action = 'release'
            and created_at > ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz
          order by created_at asc`,
    );
    const byKey = new Map<string, Date[]>();
    for (const row of rows) byKey.set(row.key_id, [...(byKey.get(row.key_id) ?? []), asDate(row.created_at)]);
    for (const [keyId, times] of byKey) {
      const left = Math.max(0, allowance - times.length);
      // The release that must leave the window before one more fits.
      const leaving = left === 0 ? times[times.length - allowance] : undefined;
      result.set(keyId, { left, nextAt: leaving ? new Date(leaving.getTime() + WINDOW_MS) : null });
    }
    return result;
  }

  private toLicence(row: LicenceRow, portal: LicenseePortalRow, allowance?: ReleaseAllowance): PortalLicence {
    const now = this.clock.now().getTime();
    const record = toKeyRecord(row);
    return {
      id: record.id,
      key: record.key,
      product: { code: record.product, name: row.product_name },
      keyStatus: statusAt(record, now),
      expiresAt: record.expiresAt,
      entitlements: record.entitlements,
      maxActivations: record.maxActivations,
      activations: record.currentActivations,
      releasesLeft: allowance?.left ?? 0,
      nextReleaseAt: allowance?.nextAt?.toISOString() ?? null,
      renewUrl: isExpired(record, now) ? portal.purchaseUrl : null,
    };
  }
}

const LICENCE_COLUMNS = sql`${keyColumns('k')},
  (select kp.name from key_products kp where kp.id = k.product_id) as product_name,
  ${exactTimestamp(sql`k.created_at`)} as created_exact`;

/** The keys a session may open: an email session its email's, a key session its one key. */
function mayOpen(session: ActivePortalSession) {
  return session.kind === 'email'
    ? sql`k.customer_email = ${session.email}`
    : sql`k.id = ${session.keyId}::uuid`;
}
