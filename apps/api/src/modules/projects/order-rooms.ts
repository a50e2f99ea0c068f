import type { DiscussionsQuery } from '@app/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { anyUuid } from '../../db/any-uuid.js';
import type { Db } from '../../db/client.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { projectEmployees, projectOrders, projects, users } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { containsSearch } from '../../platform/search/contains-search.js';
import { USER_EMAIL, USER_FULL_NAME } from '../../platform/search/searched-columns.js';
import type { OrderRooms } from '../../ports/projects.js';
import { typeName } from './views.js';

/** Clients whose name ("first last", trigram-indexed) or email contains the search: a sub-select of ids. */
export async function clientsMatching(db: Db, search: string): Promise<SQL> {
  const match = await containsSearch(db, search, [USER_EMAIL, USER_FULL_NAME]);
  if (!match) throw new Error('clientsMatching needs a search');
  return inArray(projectOrders.clientId, db.select({ id: users.id }).from(users).where(match));
}

/**
 * Chat discussions: an admin's every order, or with `clientId` only that client's orders, newest
 * first, in keyset pages on (created_at, id).
 *
 * The admin's `search` matches the order's name (trigram index) or its client's name or email (a
 * sub-select on the users trigram indexes). As in the admin projects search (decision 026), the two
 * ways are not ORed in one WHERE — an OR with a sub-select cannot become one bitmap, so the planner
 * walked project_orders_created_page_idx newest first and filtered every row for a rare term — but
 * each is its own keyset query (its condition and the cursor, newest first, `limit + 1`), and the page
 * is the newest `limit + 1` of their UNION ALL (`id in (…)` also drops an order found both ways).
 *
 * A client's list is one walk of project_orders_client_idx (client_id, created_at, id), bounded by
 * the client, so a cursor from another list only positions it; their `search` matches the order's
 * name only (the client is always themselves). `order` asks for that one order (a mail's link to a
 * room whose order is not on the page on screen). Projects are read for the page only.
 */
export async function orderRooms(
  db: Db,
  query: DiscussionsQuery,
  clientId?: string,
): Promise<{ orders: OrderRooms[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const search = query.search ?? '';
  const pattern = containsPattern(search);
  const keyset = keysetAfter([projectOrders.createdAt, projectOrders.id], after);
  const newestFirst = [desc(projectOrders.createdAt), desc(projectOrders.id)];
  const one = query.order ? eq(projectOrders.id, query.order) : undefined;
  const branch = (match: SQL) =>
    db
      .select({ id: projectOrders.id })
      .from(projectOrders)
      .where(and(match, one, keyset))
      .orderBy(...newestFirst)
      .limit(query.limit + 1);
  const where = clientId
    ? and(
        eq(projectOrders.clientId, clientId),
        one,
        pattern ? ilike(projectOrders.name, pattern) : undefined,
        keyset,
      )
    : pattern
      ? inArray(
          projectOrders.id,
          unionAll(branch(ilike(projectOrders.name, pattern)), branch(await clientsMatching(db, search))),
        )
      : and(one, keyset);
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
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
  return { orders: await withRooms(db, page.items), nextCursor: page.nextCursor };
}

/**
 * A staff member's discussions: the orders of the projects assigned to them, newest order first, in
 * keyset pages on (order_created_at, order_id), the order's time and id copied next to each
 * assignment (migration 0022). One walk of project_employees_employee_idx bounded by the staff member
 * (grouped by order, since an order can have several of their projects), so a cursor from another
 * list only positions it. `search` matches the order's name, `order` asks for one order; each
 * discussion lists the staff member's assigned projects of that order only.
 */
export async function staffOrderRooms(
  db: Db,
  query: DiscussionsQuery,
  staffId: string,
): Promise<{ orders: OrderRooms[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const pattern = containsPattern(query.search);
  const rows = await db
    .select({
      orderId: projectEmployees.orderId,
      cursorAt: exactTimestamp(projectEmployees.orderCreatedAt),
    })
    .from(projectEmployees)
    .innerJoin(projectOrders, eq(projectOrders.id, projectEmployees.orderId))
    .where(
      and(
        eq(projectEmployees.employeeId, staffId),
        query.order ? eq(projectEmployees.orderId, query.order) : undefined,
        pattern ? ilike(projectOrders.name, pattern) : undefined,
        keysetAfter([projectEmployees.orderCreatedAt, projectEmployees.orderId], after),
      ),
    )
    .groupBy(projectEmployees.orderCreatedAt, projectEmployees.orderId)
    .orderBy(desc(projectEmployees.orderCreatedAt), desc(projectEmployees.orderId))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.orderId]);
  const ids = page.items.map((row) => row.orderId);
  const orders =
    ids.length === 0
      ? []
      : await db
          .select({
            id: projectOrders.id,
            name: projectOrders.name,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(projectOrders)
          .leftJoin(users, eq(users.id, projectOrders.clientId))
          .where(anyUuid(projectOrders.id, ids));
  const inPageOrder = ids.flatMap((id) => orders.filter((order) => order.id === id));
  return { orders: await withRooms(db, inPageOrder, staffId), nextCursor: page.nextCursor };
}

/** The page's orders with their projects (rooms); given `staffId`, only the projects assigned to them. */
async function withRooms(
  db: Db,
  orders: { id: string; name: string; firstName: string | null; lastName: string | null }[],
  staffId?: string,
): Promise<OrderRooms[]> {
  const ids = orders.map((row) => row.id);
  const rooms =
    ids.length === 0
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
            and(
              anyUuid(projects.orderId, ids),
              staffId
                ? inArray(
                    projects.id,
                    db
                      .select({ id: projectEmployees.projectId })
                      .from(projectEmployees)
                      .where(
                        and(eq(projectEmployees.employeeId, staffId), anyUuid(projectEmployees.orderId, ids)),
                      ),
                  )
                : undefined,
            ),
          )
          .orderBy(asc(projects.createdAt), asc(projects.id));
  return orders.map((row) => ({
    id: row.id,
    name: row.name,
    client: row.firstName === null ? 'Deleted account' : `${row.firstName} ${row.lastName}`,
    projects: rooms
      .filter((room) => room.orderId === row.id)
      .map((room) => ({ id: room.id, name: room.name, type: typeName(room.typeId) })),
  }));
}
