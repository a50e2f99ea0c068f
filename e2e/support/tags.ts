/**
 * Specs that never touch the database (prerendered public pages, static developer docs). `npm test`
 * runs them on PGlite only; the PostgreSQL pass skips them with `--grep-invert @database-independent`.
 */
export const DATABASE_INDEPENDENT = { tag: '@database-independent' } as const;

/**
 * Specs about PostgreSQL at scale (100,000 rows bulk-loaded). When the run has a PostgreSQL
 * (TEST_DATABASE_URL) they run there only — the figures they guard are PostgreSQL's, and loading
 * the rows into PGlite took 150 s of CI; without one, `npm test` runs them on PGlite.
 */
export const AT_SCALE = { tag: '@at-scale' } as const;
