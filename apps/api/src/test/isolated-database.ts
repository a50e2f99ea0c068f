import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPostgres, type QueryListener } from '../db/client.js';
import { migrateDatabase } from '../migrate.js';

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated PostgreSQL database next to the run's shared one, for a test file that changes
 * rows other files read (the OpenAPI fuzz calls every admin operation). `drop()` removes it.
 */
export async function openIsolatedPostgres(
  sharedUrl: string,
  poolSize: number,
  onQuery?: QueryListener,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `${new URL(sharedUrl).pathname.slice(1)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(sharedUrl, `create database ${name}`);
  const url = new URL(sharedUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolSize, onQuery);
  await migrateDatabase(database);
  return {
    database,
    drop: () => adminQuery(sharedUrl, `drop database if exists ${name} with (force)`),
  };
}
