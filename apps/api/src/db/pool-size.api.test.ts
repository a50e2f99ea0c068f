import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/two-instances.js';
import { type Database, openDatabase } from './client.js';

// DATABASE_POOL_SIZE reaches the pool that serves the app (PostgreSQL only; PGlite has no pool).
describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it('opens at most DATABASE_POOL_SIZE connections however many statements wait', async () => {
    database = await openDatabase({
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATABASE_POOL_SIZE: 3,
      DATA_DIR: '.',
    });
    const pool = database.pool;
    if (!pool) throw new Error('no pool on PostgreSQL');
    const waits = Array.from({ length: 8 }, () => pool.query('select pg_sleep(0.05)'));
    expect(pool.totalCount).toBe(3);
    expect(pool.waitingCount).toBe(5);
    await Promise.all(waits);
  });
});
