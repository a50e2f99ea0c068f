import type { DiscussionsQuery } from '@app/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectOrders, projects, users } from '../../db/schema/index.js';
import {
  containsPattern,
  cursorPart,
  decodeCursor,
  exactTimestamp,
  keysetAfter,
  pageOf,
} from '../../platform/http/cursor.js';
import { typeName } from './views.js';

/** Clients whose name ("first last", trigram-indexed) or email contains the pattern: a sub-select of ids. */
export function clientsMatching(db: Db, pattern: string): SQL {
  return inArray(
    projectOrders.clientId,
    db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          ilike(users.email, pattern),
          ilike(sql`(${users.firstName} || ' ' || ${users.lastName})`, pattern),
        ),
      ),
  );
}

/** An order as the admin's chat discussions list shows it: its client and its projects (rooms). */
export interface OrderRooms {
  id: string;
  name: string;
  client: string;
  projects: { id: string; name: string; type: string }[];
}

/**
 * The admin's chat discussions: every order, newest first, in keyset pages on (created_at, id);
 * `search` matches the order's name (trigram index) or its client's name or email (a sub-select on
 * the users trigram indexes, so each branch keeps its index). Projects are read for the page only.
 */
export async function adminOrderRooms(
  db: Db,
  query: DiscussionsQuery,
): Promise<{ orders: OrderRooms[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const pattern = containsPattern(query.search);
  const rows = await db
    .select({
      id: projectOrders.id,
      name: projectOrders.name,
      firstName: users.firstName,
      lastName: users.lastName,
      cursorAt: exactTimestamp(projectOrders.createdAt),
    })
    .from(projectOrders)
    .leftJoin(users, eq(users.id, projectOrders.clientId))
    .where(
      and(
        pattern ? or(ilike(projectOrders.name, pattern), clientsMatching(db, pattern)) : undefined,
        keysetAfter([projectOrders.createdAt, projectOrders.id], after),
      ),
    )
    .orderBy(desc(projectOrders.createdAt), desc(projectOrders.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
  const rooms =
    page.items.length === 0
      ? []
      : await db
          .select({
            id: projects.id,
            orderId: projects.orderId,
            name: projects.name,
            typeId: projects.typeId,
          })
          .from(projects)
          .where(
            inArray(
              projects.orderId,
              page.items.map((row) => row.id),
            ),
          )
          .orderBy(asc(projects.createdAt), asc(projects.id));
  return {
    orders: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      client: row.firstName === null ? 'Deleted account' : `${row.firstName} ${row.lastName}`,
      projects: rooms
        .filter((room) => room.orderId === row.id)
        .map((room) => ({ id: room.id, name: room.name, type: typeName(room.typeId) })),
    })),
    nextCursor: page.nextCursor,
  };
}
