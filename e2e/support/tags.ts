/**
 * Specs that never touch the database (prerendered public pages, static developer docs). `npm test`
 * runs them on PGlite only; the PostgreSQL pass skips them with `--grep-invert @database-independent`.
 */
export const DATABASE_INDEPENDENT = { tag: '@database-independent' } as const;
