import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Raw SQL on the database outside Drizzle: run one SQL text (with $n parameters) and return its
 * rows. What the job queue (pg-boss) needs of a database.
 */
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
 * is lost. pg-boss reads the count row of its complete and fail statements (`rows[0].count`), so
 * the dropped write answers with a count of none rather than no row (no row was a TypeError, the
 * same unhandled rejection).
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      if (pool.ending) return droppedAtShutdown(text);
      return values && values.length > 0 ? pool.query(text, values) : pool.query(text);
    },
  };
}

/** What a statement sent after the pool ended answers: nothing, as pg-boss can read it. */
export function droppedAtShutdown(text: string): { rows: unknown[] } {
  return { rows: /\bCOUNT\(\*\)/i.test(text) ? [{ count: '0' }] : [] };
}
