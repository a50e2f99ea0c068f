import type { OwnerDevice, ZListDevicesRequest } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { exactTimestamp } from '../../../db/keyset.js';
import { rawRows } from '../../../db/raw-rows.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { containsSearch } from '../../../platform/search/contains-search.js';
import {
  LICENCE_KEY_CUSTOMER_EMAIL,
  LICENCE_KEY_CUSTOMER_NAME,
  LICENCE_KEY_KEY,
  LICENCE_KEY_NAME,
} from '../../../platform/search/searched-columns.js';
import { maskLicenceKey } from '../usage/masks.js';
import { DEVICE_COLUMNS, type DeviceRow, effective, POLICY_JOIN, toDevice } from './device-sql.js';

export type ListDevicesQuery = z.output<typeof ZListDevicesRequest>;

interface OwnerDeviceRow extends DeviceRow {
  seen_exact: string;
  lease_seconds: number;
  key_id: string;
  key: string;
  key_name: string | null;
  product_id: string;
  product_code: string;
  product_name: string;
}

/** As the Keys tab searches: the key, its name, its licensee's name or email (trigram indexes). */
const SEARCHED = [LICENCE_KEY_KEY, LICENCE_KEY_NAME, LICENCE_KEY_CUSTOMER_NAME, LICENCE_KEY_CUSTOMER_EMAIL];

/** A device `d` of key `k` (policy `p`) whose lease has passed at `now`. */
const lapsedAt = (now: Date) =>
  sql`(${effective.leaseSeconds} > 0
       and d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${effective.leaseSeconds}))`;

/**
 * The owner's devices across keys (list-devices, issue 26): most recently seen first in keyset pages
 * on `licence_key_devices (owner_id, last_seen_at, id)`, or its twin on `product_id` for one product,
 * so a page costs the same at ten devices or a million. The search finds the matching keys by the
 * keys' trigram indexes and their devices by `(key_id, last_seen_at)`. The status depends on the time
 * and on each key's lease (its own or the owner's policy), which no index holds: it is checked on the
 * rows the index walks, so a rare status may read many devices (as the export's key status does).
 */
export async function ownerDevicePage(
  db: Db,
  ownerId: string,
  query: ListDevicesQuery,
  now: Date,
): Promise<{ devices: OwnerDevice[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const search = await containsSearch(db, query.search, SEARCHED);
  const lapsed = lapsedAt(now);
  const rows = await rawRows<OwnerDeviceRow>(
    db,
    sql`select ${DEVICE_COLUMNS}, ${exactTimestamp(sql`d.last_seen_at`)} as seen_exact,
          ${effective.leaseSeconds} as lease_seconds, k.id as key_id, k.key, k.name as key_name,
          pr.id as product_id, pr.code as product_code, pr.name as product_name
        from licence_key_devices d
        join licence_keys k on k.id = d.key_id
        join key_products pr on pr.id = k.product_id
        ${POLICY_JOIN}
        where d.owner_id = ${ownerId}::uuid
          ${query.productId ? sql`and d.product_id = ${query.productId}::uuid` : sql``}
          ${
            search
              ? sql`and d.key_id in (select licence_keys.id from licence_keys
                     where licence_keys.owner_id = ${ownerId}::uuid and ${search})`
              : sql``
          }
          ${query.status === 'lapsed' ? sql`and ${lapsed}` : query.status === 'active' ? sql`and not ${lapsed}` : sql``}
          ${after ? sql`and (d.last_seen_at, d.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
        order by d.last_seen_at desc, d.id desc
        limit ${query.limit + 1}`,
  );
  const page = pageOf(rows, query.limit, (row) => [row.seen_exact, row.id]);
  return {
    devices: page.items.map((row) => {
      const device = toDevice(row, Number(row.lease_seconds), 'owner');
      const leaseEnd = device.leaseExpiresAt ? Date.parse(device.leaseExpiresAt) : null;
      return {
        id: device.id,
        maskedFingerprint: maskLicenceKey(row.fingerprint),
        name: device.name,
        platform: device.platform,
        firstSeenAt: device.firstSeenAt,
        lastSeenAt: device.lastSeenAt,
        leaseExpiresAt: device.leaseExpiresAt,
        status: leaseEnd !== null && leaseEnd < now.getTime() ? 'lapsed' : 'active',
        keyId: row.key_id,
        maskedKey: maskLicenceKey(row.key),
        keyName: row.key_name,
        productId: row.product_id,
        productCode: row.product_code,
        productName: row.product_name,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
