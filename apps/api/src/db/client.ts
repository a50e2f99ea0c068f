import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './sql-executor.js';

export type Schema = typeof schema;
/** The one database type features use, whether PGlite or PostgreSQL sits behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`: what a service passes on so its writes commit together. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction of it. */
export type DbOrTransaction = Db | DbTransaction;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The application's tables (Drizzle's migrations); `migrate.ts` adds the job queue's. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL access for the job queue (pg-boss). */
  jobExecutor: SqlExecutor;
  /** Raw PGlite handle (tests dump and reload data dirs); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** Raw pool on PostgreSQL (LISTEN/NOTIFY); undefined on PGlite. */
  pool?: pg.Pool;
}

// Migrations sit beside src/ and dist/, so one relative path works from both.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Called with every statement Drizzle sends (tests count queries per operation; off in production). */
export type QueryListener = (statement: string, params: unknown[]) => void;

const listenerLogger = (onQuery: QueryListener | undefined) =>
  onQuery
    ? { logger: { logQuery: (statement: string, params: unknown[]) => onQuery(statement, params) } }
    : {};

export async function openPostgres(url: string, poolSize = 10, onQuery?: QueryListener): Promise<Database> {
  // TCP keep-alive notices a half-open connection (a dropped network path) instead of waiting forever.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, keepAlive: true });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, ...listenerLogger(onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    jobExecutor: poolExecutor(pool),
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
  onQuery?: QueryListener;
}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // Trigram indexes for substring search (migration 0013); PostgreSQL ships pg_trgm itself.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema, ...listenerLogger(options.onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    jobExecutor: pgliteExecutor(client),
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** DATABASE_URL selects PostgreSQL; otherwise an embedded PGlite lives in DATA_DIR/pgdata. */
export function openDatabase(config: {
  DATABASE_URL?: string;
  DATABASE_POOL_SIZE?: number;
  DATA_DIR: string;
}): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openPglite({ dataDir: path.resolve(config.DATA_DIR, 'pgdata') });
}
