import { z } from 'zod';
import { humaniseFieldName } from './error-messages.js';

/** The largest value a PostgreSQL `integer` (int4) holds: serial row ids and the counts kept in one. */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id kept in a `serial`/`integer` column: a whole number from 1 to INT4_MAX. A larger one
 * names no row, and PostgreSQL refuses it as a parameter outright (a 500), so every integer id in a
 * path, query string, JSON body or multipart field is bounded here and refused with a 400 that names
 * the field. `field` is the raw name, shown to people as its label ("productID" → "Product ID");
 * `coerce` reads the text a path, query string or multipart field carries.
 */
export function zIntId(field: string, { coerce = false }: { coerce?: boolean } = {}) {
  const message = `${humaniseFieldName(field)} must be a whole number from 1 to ${INT4_MAX}`;
  return (coerce ? z.coerce.number(message) : z.number(message))
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);
}
