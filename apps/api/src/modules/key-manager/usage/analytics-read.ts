import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsResponse,
  type KeyManagerPublicOperation,
  USAGE_LIMITS,
  type UsagePoint,
  type UsageRank,
} from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { outcomeLabel, refusedSql, SERIES_OF } from './labels.js';
import { maskLicenceKey } from './masks.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface UsageFilters {
  productId?: string;
  keyId?: string;
  apiKeyId?: string;
}

export interface UsageRange {
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
}

type Totals = AnalyticsResponse['totals'];

/** The period's range, ending with the current hour or day (UTC), and its bucket. */
export function periodRange(period: AnalyticsPeriod, now: Date): UsageRange {
  const hours = ANALYTICS_PERIODS[period];
  const bucket = hours <= 7 * 24 ? 'hour' : 'day';
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const end = now.getTime() - (now.getTime() % size) + size;
  return { from: new Date(end - hours * HOUR_MS), to: new Date(end), bucket };
}

/** Every filter as SQL on the hourly and device tables; always inside the owner's rows. */
export function filterSql(ownerId: string, filters: UsageFilters): SQL {
  const parts = [sql`owner_id = ${ownerId}::uuid`];
  if (filters.productId) parts.push(sql`product_id = ${filters.productId}::uuid`);
  if (filters.keyId) parts.push(sql`key_id = ${filters.keyId}::uuid`);
  if (filters.apiKeyId) parts.push(sql`api_key_id = ${filters.apiKeyId}::uuid`);
  return sql.join(parts, sql` and `);
}

const emptyPoint = (at: string): UsagePoint => ({
  at,
  validations: 0,
  activations: 0,
  deactivations: 0,
  heartbeats: 0,
  checkouts: 0,
  information: 0,
  other: 0,
  refusals: 0,
});

/**
 * Reads an owner's figures (decision 037). Each query is a range scan of the owner's rows on
 * (owner_id, hour), the leading columns of the hourly table's unique index.
 */
export class UsageReader {
  constructor(private readonly db: Db) {}

  /** The series with every bucket present (zero-filled) and the totals, unique devices included. */
  async series(
    ownerId: string,
    filters: UsageFilters,
    range: UsageRange,
  ): Promise<{ series: UsagePoint[]; totals: Totals }> {
    const size = range.bucket === 'hour' ? HOUR_MS : DAY_MS;
    const where = sql`${filterSql(ownerId, filters)} and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz`;
    const rows = await rawRows<{ bucket: string; operation: string; refused: boolean; n: string }>(
      this.db,
      sql`select floor(extract(epoch from hour) / ${size / 1000})::bigint as bucket, operation, ${refusedSql} as refused, sum(n)::bigint as n
          from key_usage_hourly where ${where} group by 1, 2, 3`,
    );
    const series: UsagePoint[] = [];
    const index = new Map<number, UsagePoint>();
    for (let at = range.from.getTime(); at < range.to.getTime(); at += size) {
      const point = emptyPoint(new Date(at).toISOString());
      series.push(point);
      index.set(at, point);
    }
    const totals: Totals = { ...emptyPoint(''), calls: 0, uniqueDevices: 0 };
    delete (totals as { at?: string }).at;
    for (const row of rows) {
      const point = index.get(Number(row.bucket) * size);
      const n = Number(row.n);
      const family = SERIES_OF[row.operation as KeyManagerPublicOperation] ?? 'other';
      totals.calls += n;
      totals[family] += n;
      if (row.refused) totals.refusals += n;
      if (!point) continue;
      point[family] += n;
      if (row.refused) point.refusals += n;
    }
    totals.uniqueDevices = await this.uniqueDevices(ownerId, filters, range);
    return { series, totals };
  }

  async uniqueDevices(ownerId: string, filters: UsageFilters, range: UsageRange): Promise<number> {
    const fromDay = range.from.toISOString().slice(0, 10);
    const toDay = new Date(range.to.getTime() - 1).toISOString().slice(0, 10);
    const [row] = await rawRows<{ n: string }>(
      this.db,
      sql`select count(distinct device)::bigint as n from key_usage_devices
          where ${filterSql(ownerId, filters)} and day >= ${fromDay}::date and day <= ${toDay}::date`,
    );
    return Number(row?.n ?? 0);
  }

  /** A ranking by key, refusal code, platform or app version: the largest first, at most topMax. */
  async rank(
    ownerId: string,
    filters: UsageFilters,
    range: UsageRange,
    by: 'key' | 'refusal' | 'platform' | 'appVersion',
    limit: number = USAGE_LIMITS.topMax,
  ): Promise<UsageRank[]> {
    const column = {
      key: 'key_id::text',
      refusal: 'outcome',
      platform: 'platform',
      appVersion: 'app_version',
    }[by];
    const onlyRefused = by === 'refusal' ? sql` and ${refusedSql}` : sql``;
    const rows = await rawRows<{ value: string | null; calls: string; refusals: string }>(
      this.db,
      sql`select ${sql.raw(column)} as value, sum(n)::bigint as calls,
                 coalesce(sum(n) filter (where ${refusedSql}), 0)::bigint as refusals
          from key_usage_hourly
          where ${filterSql(ownerId, filters)} and hour >= ${range.from.toISOString()}::timestamptz
            and hour < ${range.to.toISOString()}::timestamptz${onlyRefused}
          group by 1 order by 2 desc, 1 limit ${limit}`,
    );
    const labels =
      by === 'key'
        ? await this.keyLabels(
            ownerId,
            rows.map((row) => row.value),
          )
        : null;
    return rows.map((row) => ({
      value: row.value,
      label: rankLabel(by, row.value, labels),
      calls: Number(row.calls),
      refusals: Number(row.refusals),
    }));
  }

  /** Masked key and name of the owner's keys (a deleted key reads as such). */
  private async keyLabels(ownerId: string, ids: Array<string | null>): Promise<Map<string, string>> {
    const wanted = ids.filter((id): id is string => id !== null);
    if (wanted.length === 0) return new Map();
    const rows = await rawRows<{ id: string; key: string; name: string | null }>(
      this.db,
      sql`select id, key, name from licence_keys where owner_id = ${ownerId}::uuid and id = any(${sql.param(wanted)}::uuid[])`,
    );
    return new Map(
      rows.map((row) => [
        row.id,
        row.name ? `${maskLicenceKey(row.key)} · ${row.name}` : maskLicenceKey(row.key),
      ]),
    );
  }

  async analytics(
    ownerId: string,
    period: AnalyticsPeriod,
    filters: UsageFilters,
    now: Date,
  ): Promise<AnalyticsResponse> {
    const range = periodRange(period, now);
    const { series, totals } = await this.series(ownerId, filters, range);
    const [topKeys, refusalReasons, platforms, appVersions] = [
      await this.rank(ownerId, filters, range, 'key'),
      await this.rank(ownerId, filters, range, 'refusal'),
      await this.rank(ownerId, filters, range, 'platform'),
      await this.rank(ownerId, filters, range, 'appVersion'),
    ];
    return {
      status: 'ok',
      period,
      bucket: range.bucket,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      series,
      totals,
      topKeys,
      refusalReasons,
      platforms,
      appVersions,
      updatedAt: now.toISOString(),
    };
  }
}

function rankLabel(
  by: 'key' | 'refusal' | 'platform' | 'appVersion',
  value: string | null,
  keys: Map<string, string> | null,
): string {
  if (by === 'refusal') return outcomeLabel(value ?? '');
  if (value === null) return by === 'key' ? 'Calls naming no key' : 'Not reported';
  if (by === 'key') return keys?.get(value) ?? 'Deleted key';
  return value;
}
