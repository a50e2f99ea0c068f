import { Param, type SQL, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import type { SqlExecutor } from '../../db/sql-executor.js';

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
