import { z } from 'zod';

/** Keyset pagination (docs/api.md): `limit` and `cursor` in, `nextCursor` out (null on the last page). */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

export const zPageQuery = {
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `Limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT),
  cursor: z
    .string()
    .max(200, 'That page link is not valid; start from the first page')
    .regex(/^[A-Za-z0-9_-]+$/, 'That page link is not valid; start from the first page')
    .optional(),
};

export const zNextCursor = z.string().nullable();

/** Server-side search of a paged list (substring, on indexed columns). */
export const zListSearch = z.string().trim().max(200, 'Search must be at most 200 characters').optional();
