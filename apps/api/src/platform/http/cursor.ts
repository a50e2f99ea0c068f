import { INT4_MAX } from '@app/contract';
import { badRequest } from './errors.js';

/**
 * Keyset pagination cursors: the sort key of the last row of a page, opaque to clients
 * (base64url JSON). A list asks for `limit + 1` rows to know whether another page exists.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * A cursor's moment: the shape `exactTimestamp` writes, and a real one. The shape alone let
 * `2026-02-30T…` or month 13 through to `::timestamptz`, which PostgreSQL refuses (a 500): the
 * date and time must come back unchanged from a Date, and the year must be 1 or later.
 */
function isCursorTimestamp(part: string): boolean {
  const shape = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.exec(part);
  if (!shape || Number(shape[1]) < 1) return false;
  const seconds = part.slice(0, 19);
  const date = new Date(`${seconds}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === seconds;
}

/** Checks for the parts of a cursor's key, so a tampered cursor never reaches a SQL cast. */
export const cursorPart = {
  timestamp: isCursorTimestamp,
  uuid: (part: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(part),
  text: (part: string) => part.length <= 500,
  /** A serial id: it meets an `::integer` cast, which refuses anything past INT4_MAX (a 500). */
  integer: (part: string) => /^\d{1,10}$/.test(part) && Number(part) <= INT4_MAX,
};

/** The key a cursor carries (one part per check), or undefined without one; a bad cursor is a clear 400. */
export function decodeCursor(
  cursor: string | undefined,
  parts: readonly ((part: string) => boolean)[],
): string[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === parts.length &&
      key.every((part, index) => typeof part === 'string' && parts[index]?.(part))
    ) {
      return key as string[];
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('That page link is not valid; start from the first page', 'cursor');
}

/** Splits `limit + 1` rows into the page and the cursor of the next one. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => string[],
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
