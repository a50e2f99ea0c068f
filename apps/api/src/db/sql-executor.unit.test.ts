import { describe, expect, it } from 'vitest';
import { droppedAtShutdown } from './sql-executor.js';

// pg-boss's `complete` and `fail` read `rows[0].count` of what the executor answers
// (manager.js mapCommandResponse): after the pool ended, no row there was an unhandled TypeError.
const mapCommandResponse = (result: { rows: unknown[] }) =>
  Number.parseInt((result.rows[0] as { count: string }).count, 10);

describe('a statement sent after the PostgreSQL pool ended', () => {
  it('answers a count of none to pg-boss complete and fail statements, and no rows to the rest', () => {
    expect(mapCommandResponse(droppedAtShutdown('WITH results AS (…) SELECT COUNT(*) FROM results'))).toBe(0);
    expect(droppedAtShutdown('SELECT id FROM pgboss.job WHERE name = $1')).toEqual({ rows: [] });
  });
});
