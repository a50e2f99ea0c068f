import type { PGlite } from '@electric-sql/pglite';
import { Param, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTransaction } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';

/** What pg-boss needs of a database: run one SQL text (with $n parameters) and return its rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite: parameterised statements go through `query`; pg-boss's parameterless scripts (schema
 * install, maintenance) hold several statements, which only `exec` accepts.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      const withRows = [...results].reverse().find((result) => result.fields.length > 0);
      return { rows: withRows?.rows ?? [] };
    },
  };
}

/**
 * PostgreSQL: the application's own pool (no second pool for the queue). A job that outlasts the
 * queue's graceful stop (a wedged SMTP server) finishes after the pool has been ended, and pg-boss
 * then records its outcome without catching the pool's refusal: an unhandled rejection at shutdown.
 * That write is dropped instead; the job stays active until its expiry and is retried, so nothing
 * is lost.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      if (pool.ending) return { rows: [] };
      return values && values.length > 0 ? pool.query(text, values) : pool.query(text);
    },
  };
}

/**
 * A Drizzle database or transaction as an executor, so a job is enqueued in the caller's
 * transaction: it commits with the caller's data or not at all.
 */
export function drizzleExecutor(db: DbOrTransaction): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      return { rows: await rawRows(db, toDrizzleSql(text, values)) };
    },
  };
}

/** Turns `… $1 … $2 …` into Drizzle's SQL chunks, so each driver numbers parameters its own way. */
export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      // Param keeps arrays and objects whole (a bare array would become a list of parameters).
      chunks.push(sql`${new Param(values[Number(part) - 1] ?? null)}`);
    }
  });
  return sql.join(chunks);
}
