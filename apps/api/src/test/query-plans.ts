import type { TestServer } from './harness.js';

type Statement = { sql: string; params: unknown[] };

/**
 * EXPLAIN of a statement a route actually sent, with sequential scans disabled: on a small test
 * database the planner would otherwise prefer a scan, so the plan shows whether an index *can*
 * serve the statement (decisions 026 and 030). The caller asserts on `Seq Scan on <table>`.
 */
export async function planOf(server: TestServer, statement: Statement): Promise<string> {
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
