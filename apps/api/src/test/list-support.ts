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

/** One node of an EXPLAIN (ANALYZE, FORMAT JSON) plan: the fields the list tests read. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan read and then threw away in a Filter, over all loops of every node. */
export function rowsFiltered(node: PlanNode): number {
  const own = (node['Rows Removed by Filter'] ?? 0) * node['Actual Loops'];
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsFiltered(child), 0);
}

const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

type Statement = { sql: string; params: unknown[] };

/**
 * Runs EXPLAIN (sequential scans off, so the plan shows whether an index can serve it) on a statement;
 * `analyze` runs it too and answers the plan as JSON (actual rows and rows each node filtered out).
 */
export async function planOf(server: TestServer, statement: Statement): Promise<string>;
export async function planOf(server: TestServer, statement: Statement, analyze: true): Promise<PlanNode>;
export async function planOf(server: TestServer, statement: Statement, analyze = false) {
  const explain = analyze ? 'explain (analyze, format json)' : 'explain';
  const answer = (rows: Record<string, unknown>[]) =>
    analyze
      ? (jsonOf(Object.values(rows[0] ?? {})[0]) as [{ Plan: PlanNode }])[0].Plan
      : rows.map((row) => Object.values(row)[0]).join('\n');
  const { database } = server;
  if (database.pglite) {
    await database.pglite.exec('set enable_seqscan = off');
    try {
      const result = await database.pglite.query<Record<string, unknown>>(
        `${explain} ${statement.sql}`,
        statement.params,
      );
      return answer(result.rows);
    } finally {
      await database.pglite.exec('reset enable_seqscan');
    }
  }
  const client = await database.pool?.connect();
  if (!client) throw new Error('no database handle');
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const result = await client.query<Record<string, unknown>>(
      `${explain} ${statement.sql}`,
      statement.params,
    );
    return answer(result.rows);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** The statements the server sent while `run` ran (the harness keeps the last 200). */
export async function statementsDuring(
  server: TestServer,
  run: () => Promise<unknown>,
): Promise<Statement[]> {
  const before = server.queryCount();
  await run();
  const sent = server.queryCount() - before;
  return sent > 0 ? [...server.recentQueries().slice(-sent)] : [];
}

/**
 * The conditions a text plan (`planOf` without analyze) hands `index` in its Bitmap Index Scans: what
 * the index is asked to look up, as opposed to what the heap scan rechecks afterwards.
 */
export function indexConditions(plan: string, index: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, at) => {
    if (!line.includes(`Bitmap Index Scan on ${index} `)) return;
    const condition = lines.slice(at + 1).find((next) => next.includes('Index Cond:'));
    if (condition) found.push(condition.trim());
  });
  return found;
}
