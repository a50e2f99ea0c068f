import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import type { httpClient } from './http.js';

/** Every page of a keyset-paged GET list, following nextCursor (each page must answer 200). */
export async function allPages<T extends { nextCursor: string | null }>(
  request: ReturnType<typeof httpClient>,
  token: string,
  path: string,
  params: Record<string, string>,
): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const page: { status: number; body: T } = await request<T>(`${path}?${query}`, { token });
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

/** Runs EXPLAIN (sequential scans off, so the plan shows whether an index can serve it) on a statement. */
export async function planOf(
  server: TestServer,
  statement: { sql: string; params: unknown[] },
): Promise<string> {
  const { database } = server;
  if (database.pglite) {
    await database.pglite.exec('set enable_seqscan = off');
    try {
      const result = await database.pglite.query<Record<string, string>>(
        `explain ${statement.sql}`,
        statement.params,
      );
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    } finally {
      await database.pglite.exec('reset enable_seqscan');
    }
  }
  const client = await database.pool?.connect();
  if (!client) throw new Error('no database handle');
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const result = await client.query<Record<string, string>>(`explain ${statement.sql}`, statement.params);
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}
