import { Readable } from 'node:stream';
import type { RequestLogEntry, RequestLogQuery, RequestLogResponse } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { csvRecord } from '../../../platform/csv/csv.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';
import { asDate } from '../devices/device-sql.js';
import { maskApiKey } from '../secrets.js';
import { refusedSql } from './labels.js';

export type RequestLogFilters = Omit<RequestLogQuery, 'limit' | 'cursor'> & {
  limit?: number;
  cursor?: string;
};

interface LogRow {
  id: string;
  at: Date | string;
  operation: RequestLogEntry['operation'];
  key_id: string | null;
  masked_key: string | null;
  api_key_id: string;
  prefix: string | null;
  last_four: string | null;
  product_id: string | null;
  outcome: string;
  status: number;
  latency_ms: number;
  ip: string | null;
  user_agent: string | null;
  country: string | null;
  platform: string | null;
  app_version: string | null;
}

const bigintId = (part: string) => /^\d{1,18}$/.test(part);
export const REQUEST_LOG_CSV_COLUMNS = [
  'at',
  'operation',
  'key_id',
  'masked_key',
  'api_key_id',
  'api_key',
  'product_id',
  'outcome',
  'status',
  'latency_ms',
  'ip',
  'user_agent',
  'country',
  'platform',
  'app_version',
] as const;
const CSV_PAGE = 1000;

/**
 * The public REST interface's request log (decision 037), newest first, one keyset page at a time on
 * (owner_id, at desc, id desc) — the log's index — whatever the filters; a key filter has its own
 * index. Every read is inside the owner's rows, so another owner's ids find nothing.
 */
export class RequestLog {
  constructor(private readonly db: Db) {}

  async page(ownerId: string, query: RequestLogFilters): Promise<RequestLogResponse> {
    const limit = query.limit ?? 50;
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, bigintId]);
    const parts: SQL[] = [sql`l.owner_id = ${ownerId}::uuid`];
    if (query.productId) parts.push(sql`l.product_id = ${query.productId}::uuid`);
    if (query.keyId) parts.push(sql`l.key_id = ${query.keyId}::uuid`);
    if (query.apiKeyId) parts.push(sql`l.api_key_id = ${query.apiKeyId}::uuid`);
    if (query.operation) parts.push(sql`l.operation = ${query.operation}`);
    if (query.outcome) parts.push(sql`l.outcome = ${query.outcome}`);
    if (query.kind === 'refused') parts.push(sql`l.${refusedSql}`);
    if (query.kind === 'success') parts.push(sql`not l.${refusedSql}`);
    if (query.from) parts.push(sql`l.at >= ${new Date(query.from).toISOString()}::timestamptz`);
    if (query.to) parts.push(sql`l.at < ${new Date(query.to).toISOString()}::timestamptz`);
    if (after) parts.push(sql`(l.at, l.id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`);
    const rows = await rawRows<LogRow>(
      this.db,
      sql`select l.id::text as id, l.at, l.operation, l.key_id, l.masked_key, l.api_key_id, a.prefix, a.last_four,
                 l.product_id, l.outcome, l.status, l.latency_ms, l.ip, l.user_agent, l.country, l.platform, l.app_version
          from key_request_log l
          left join manager_api_keys a on a.id = l.api_key_id and a.owner_id = l.owner_id
          where ${sql.join(parts, sql` and `)}
          order by l.at desc, l.id desc limit ${limit + 1}`,
    );
    const page = pageOf(rows, limit, (row) => [asDate(row.at).toISOString(), row.id]);
    return { status: 'ok', entries: page.items.map(toEntry), nextCursor: page.nextCursor };
  }

  /** The log as CSV with the same filters, page by page as the reader takes it (flat memory). */
  csv(ownerId: string, query: RequestLogFilters): Readable {
    const log = this;
    async function* pages() {
      yield Buffer.from(csvRecord(REQUEST_LOG_CSV_COLUMNS));
      let cursor: string | undefined;
      do {
        const page = await log.page(ownerId, { ...query, limit: CSV_PAGE, cursor });
        let text = '';
        for (const e of page.entries) {
          text += csvRecord([
            e.at,
            e.operation,
            e.keyId,
            e.maskedKey,
            e.apiKeyId,
            e.apiKey,
            e.productId,
            e.outcome,
            e.status,
            e.latencyMs,
            e.ip,
            e.userAgent,
            e.country,
            e.platform,
            e.appVersion,
          ]);
        }
        if (text) yield Buffer.from(text);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    return Readable.from(pages(), { objectMode: false, highWaterMark: 64 * 1024 });
  }
}

function toEntry(row: LogRow): RequestLogEntry {
  return {
    id: row.id,
    at: asDate(row.at).toISOString(),
    operation: row.operation,
    keyId: row.key_id,
    maskedKey: row.masked_key,
    apiKeyId: row.api_key_id,
    apiKey:
      row.prefix !== null && row.last_four !== null
        ? maskApiKey(row.prefix, row.last_four)
        : 'Deleted API key',
    productId: row.product_id,
    outcome: row.outcome,
    status: Number(row.status),
    latencyMs: Number(row.latency_ms),
    ip: row.ip,
    userAgent: row.user_agent,
    country: row.country,
    platform: row.platform,
    appVersion: row.app_version,
  };
}
