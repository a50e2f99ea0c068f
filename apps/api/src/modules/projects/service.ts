import {
  type AdminProjectsQuery,
  APPLICATION_TYPE_IDS,
  type DiscussionsQuery,
  type ManagedProject,
  type Order,
  PROJECT_STATUSES,
  type ProjectRequestFields,
  type Role,
  type StaffProjectsQuery,
} from '@app/contract';
import { and, desc, eq, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type KeysetPages, prepareKeysetPages, readKeysetPage } from '../../db/keyset-pages.js';
import { aliased, rawRows } from '../../db/raw-rows.js';
import {
  type ProjectOrderRow,
  type ProjectRow,
  projectEmployees,
  projectOrderFiles,
  projectOrders,
  projects,
  type StoredFileRow,
  users,
} from '../../db/schema/index.js';
import {
  containsPattern,
  cursorPart,
  decodeCursor,
  exactTimestamp,
  keysetAfter,
  pageOf,
} from '../../platform/http/cursor.js';
import { clientsMatching, type OrderRooms, orderRooms, staffOrderRooms } from './order-rooms.js';
import { MANAGED_COLUMNS, type ManagedRow, ProjectViews } from './views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Who is asking: enough of AuthUser for access checks (the chat feature passes the same). */
export interface Actor {
  id: string;
  role: Role;
}

/** A project the actor may see, with what the chat needs of its order and client. */
export interface AccessibleProject {
  project: ProjectRow;
  order: ProjectOrderRow;
  clientEmail: string;
}

export interface NewOrderFiles {
  proposal: StoredFileRow[];
  designs: StoredFileRow[];
}

const DONE = ['complete', 'finished'] as const;

/**
 * Orders and projects: creating requests, listing them for clients, staff and admins, and the
 * access rule other features reuse (chat): the client who ordered, assigned staff and admins.
 */
/** An admin projects page's columns: a managed project and its cursor's exact time. */
const ADMIN_PAGE_COLUMNS = {
  ...MANAGED_COLUMNS,
  ...aliased({ cursorAt: exactTimestamp(projects.createdAt) }),
};
type AdminPageRow = ManagedRow & { cursorAt: string };

export class ProjectService {
  readonly views: ProjectViews;
  private plainAdminPages: KeysetPages | undefined;

  constructor(private readonly db: Db) {
    this.views = new ProjectViews(db);
  }

  /** Order page request: one project per chosen platform. Files were already stored and checked. */
  async createOrder(clientId: string, fields: ProjectRequestFields, files: NewOrderFiles): Promise<string> {
    const typeIds: (number | null)[] = [
      fields.android ? APPLICATION_TYPE_IDS.android : null,
      fields.desktop ? APPLICATION_TYPE_IDS.desktop : null,
      fields.web ? APPLICATION_TYPE_IDS.web : null,
    ];
    return this.insertOrder(
      clientId,
      {
        name: fields.name,
        proposalLink: fields.proposalLink ?? null,
        designsLink: fields.designsLink ?? null,
        designTemplates: fields.designTemplates,
      },
      typeIds.filter((id): id is number => id !== null),
      files,
    );
  }

  /** Customer-area variant: a name and one type (desktop, web or combination). */
  async createQuickOrder(
    clientId: string,
    body: { desktop: boolean; web: boolean; combination: boolean; name: string },
  ): Promise<string> {
    const typeId = body.desktop
      ? APPLICATION_TYPE_IDS.desktop
      : body.web
        ? APPLICATION_TYPE_IDS.web
        : APPLICATION_TYPE_IDS.combination;
    return this.insertOrder(
      clientId,
      { name: body.name, proposalLink: null, designsLink: null, designTemplates: [] },
      [typeId],
      { proposal: [], designs: [] },
    );
  }

  private async insertOrder(
    clientId: string,
    order: {
      name: string;
      proposalLink: string | null;
      designsLink: string | null;
      designTemplates: string[];
    },
    typeIds: number[],
    files: NewOrderFiles,
  ): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectOrders)
        .values({ clientId, ...order })
        .returning({ id: projectOrders.id });
      if (!row) throw new Error('insert returned no order');
      const fileRows = [
        ...files.proposal.map((file) => ({ orderId: row.id, fileId: file.id, kind: 'proposal' as const })),
        ...files.designs.map((file) => ({ orderId: row.id, fileId: file.id, kind: 'design' as const })),
      ];
      if (fileRows.length > 0) await tx.insert(projectOrderFiles).values(fileRows);
      await tx
        .insert(projects)
        .values(typeIds.map((typeId) => ({ orderId: row.id, name: order.name, typeId })));
      return row.id;
    });
  }

  /**
   * A client's orders with their projects, newest first, in keyset pages on (created_at, id) over
   * project_orders_client_idx (issue 17): the client's own Orders page and the admin's view of one
   * client. Every page is bounded by `client_id`, so a cursor made from someone else's order only
   * positions the walk; it never reaches their rows. `order` asks for that one order of the client
   * (the project mails' link); `search` matches the order's name among the client's own orders (the
   * walk stays on the client's index range, so it needs no trigram index of its own).
   */
  async clientOrderPage(
    clientId: string,
    query: { limit: number; cursor?: string; order?: string; search?: string },
  ): Promise<{ orders: Order[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const rows = await this.db
      .select({ order: projectOrders, cursorAt: exactTimestamp(projectOrders.createdAt) })
      .from(projectOrders)
      .where(
        and(
          eq(projectOrders.clientId, clientId),
          query.order ? eq(projectOrders.id, query.order) : undefined,
          pattern ? ilike(projectOrders.name, pattern) : undefined,
          keysetAfter([projectOrders.createdAt, projectOrders.id], after),
        ),
      )
      .orderBy(desc(projectOrders.createdAt), desc(projectOrders.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.order.id]);
    return {
      orders: await this.views.orders(page.items.map((row) => row.order)),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * Admin projects, newest first, in keyset pages on (created_at, id). `search` matches the project's
   * name or its client's name or email (trigram indexes; the client side is a sub-select through
   * project_orders_client_idx) or a status containing the term; `status` filters exactly.
   */
  async adminProjects(
    query: AdminProjectsQuery,
  ): Promise<{ projects: ManagedProject[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const matches = await this.searchMatches(query.search);
    let rows: AdminPageRow[];
    if (!query.status && matches.length === 0) {
      // No search or filter: the prepared first/next pages (db/keyset-pages.ts).
      this.plainAdminPages ??= prepareKeysetPages(
        'admin_projects',
        [projects.createdAt, projects.id],
        (keyset, limit) => this.adminPage(keyset, limit),
      );
      rows = await readKeysetPage(this.plainAdminPages, after, query.limit);
    } else {
      const filters = and(
        query.status ? eq(projects.status, query.status) : undefined,
        keysetAfter([projects.createdAt, projects.id], after),
      );
      const branches = matches.map((match) =>
        this.db
          .select({ id: projects.id })
          .from(projects)
          .where(and(match, filters))
          .orderBy(desc(projects.createdAt), desc(projects.id))
          .limit(query.limit + 1),
      );
      const [first, second, ...rest] = branches;
      const matched = first && second ? unionAll(first, second, ...rest) : first;
      rows = await rawRows<AdminPageRow>(
        this.db,
        this.adminPage(matched ? inArray(projects.id, matched) : filters, query.limit + 1),
      );
    }
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return { projects: this.views.managed(page.items), nextCursor: page.nextCursor };
  }

  /** One admin projects page's statement, `limit` rows newest first: every shape is built here. */
  private adminPage(where: SQL | undefined, limit: number | Placeholder) {
    return this.db
      .select(ADMIN_PAGE_COLUMNS)
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .leftJoin(users, eq(users.id, projectOrders.clientId))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit);
  }

  /** The ways a search matches a project (none without a search): its name, its client, its status. */
  private async searchMatches(search: string | undefined): Promise<SQL[]> {
    const pattern = containsPattern(search);
    if (!pattern || !search) return [];
    const term = search?.trim().toLowerCase() ?? '';
    const statuses = PROJECT_STATUSES.filter((status) => status.includes(term));
    const clientOrders = this.db
      .select({ id: projectOrders.id })
      .from(projectOrders)
      .where(await clientsMatching(this.db, search));
    return [
      ilike(projects.name, pattern),
      inArray(projects.orderId, clientOrders),
      ...(statuses.length > 0 ? [inArray(projects.status, statuses)] : []),
    ];
  }

  /**
   * Chat discussions, a page of orders with their projects (order-rooms.ts): every order for an admin,
   * or only `clientId`'s orders for that client.
   */
  orderRooms(
    query: DiscussionsQuery,
    clientId?: string,
  ): Promise<{ orders: OrderRooms[]; nextCursor: string | null }> {
    return orderRooms(this.db, query, clientId);
  }

  /** A staff member's chat discussions, a page of the orders of their assigned projects (order-rooms.ts). */
  staffOrderRooms(
    staffId: string,
    query: DiscussionsQuery,
  ): Promise<{ orders: OrderRooms[]; nextCursor: string | null }> {
    return staffOrderRooms(this.db, query, staffId);
  }

  /**
   * The projects assigned to a staff member, newest order first, in keyset pages on (order_created_at,
   * order_id, project_id) over project_employees_employee_idx (migration 0022): one walk bounded by the
   * staff member, so a cursor from another list only positions it. `search` matches the project's or
   * its order's name among their own assignments (no trigram index needed).
   */
  async staffProjectPage(
    staffId: string,
    query: StaffProjectsQuery,
  ): Promise<{ projects: ManagedProject[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const rows = await rawRows<ManagedRow & { cursorAt: string }>(
      this.db,
      this.db
        .select({
          ...MANAGED_COLUMNS,
          ...aliased({ cursorAt: exactTimestamp(projectEmployees.orderCreatedAt) }),
        })
        .from(projectEmployees)
        .innerJoin(projects, eq(projects.id, projectEmployees.projectId))
        .innerJoin(projectOrders, eq(projectOrders.id, projectEmployees.orderId))
        .leftJoin(users, eq(users.id, projectOrders.clientId))
        .where(
          and(
            eq(projectEmployees.employeeId, staffId),
            pattern ? or(ilike(projects.name, pattern), ilike(projectOrders.name, pattern)) : undefined,
            keysetAfter(
              [projectEmployees.orderCreatedAt, projectEmployees.orderId, projectEmployees.projectId],
              after,
            ),
          ),
        )
        .orderBy(
          desc(projectEmployees.orderCreatedAt),
          desc(projectEmployees.orderId),
          desc(projectEmployees.projectId),
        )
        .limit(query.limit + 1),
    );
    // The order's id is the project's (projects.order_id = project_employees.order_id, the join's key).
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.orderId, row.id]);
    return { projects: this.views.managed(page.items), nextCursor: page.nextCursor };
  }

  async findProject(id: string): Promise<ProjectRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(projects).where(eq(projects.id, id)).limit(1);
    return row ?? null;
  }

  async isAssigned(staffId: string, projectId: string): Promise<boolean> {
    if (!isUuid(projectId)) return false;
    const [row] = await this.db
      .select({ id: projectEmployees.projectId })
      .from(projectEmployees)
      .where(and(eq(projectEmployees.projectId, projectId), eq(projectEmployees.employeeId, staffId)))
      .limit(1);
    return Boolean(row);
  }

  /** For other features (chat): may this user see this project? Client owner, assigned staff, admins. */
  async canAccessProject(actor: Actor, projectId: string): Promise<boolean> {
    return (await this.accessibleProject(actor, projectId)) !== null;
  }

  /**
   * The project with its order and its client's email if the actor may see it (an admin any, a staff
   * member one assigned to them, anyone else their own order's), else null: one read for admins and
   * clients, so the chat's send path checks access and learns the room together (issue 17).
   */
  async accessibleProject(actor: Actor, projectId: string): Promise<AccessibleProject | null> {
    if (!isUuid(projectId)) return null;
    const [found] = await this.db
      .select({ project: projects, order: projectOrders, clientEmail: users.email })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .innerJoin(users, eq(users.id, projectOrders.clientId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!found) return null;
    if (actor.role === 'admin') return found;
    if (actor.role === 'staff') return (await this.isAssigned(actor.id, projectId)) ? found : null;
    return found.order.clientId === actor.id ? found : null;
  }

  /** File access policy of uploaded proposals and designs: the same people who may see the order. */
  async canReadOrderFile(fileId: string, actor: Actor | null): Promise<boolean> {
    if (!actor) return false;
    if (actor.role === 'admin') return true;
    const [link] = await this.db
      .select({ orderId: projectOrderFiles.orderId, clientId: projectOrders.clientId })
      .from(projectOrderFiles)
      .innerJoin(projectOrders, eq(projectOrders.id, projectOrderFiles.orderId))
      .where(eq(projectOrderFiles.fileId, fileId))
      .limit(1);
    if (!link) return false;
    if (actor.role === 'client') return link.clientId === actor.id;
    const [assigned] = await this.db
      .select({ id: projectEmployees.projectId })
      .from(projectEmployees)
      .innerJoin(projects, eq(projects.id, projectEmployees.projectId))
      .where(and(eq(projects.orderId, link.orderId), eq(projectEmployees.employeeId, actor.id)))
      .limit(1);
    return Boolean(assigned);
  }

  /** User info (spec §3): an order is completed when all its projects are complete or finished. */
  async orderCounts(userId: string): Promise<{ completedOrders: number; maxOrders: number }> {
    const rows = await this.db
      .select({
        orderId: projectOrders.id,
        open: sql<number>`count(*) filter (where ${projects.status} not in ('complete', 'finished'))::int`,
      })
      .from(projectOrders)
      .innerJoin(projects, eq(projects.orderId, projectOrders.id))
      .where(eq(projectOrders.clientId, userId))
      .groupBy(projectOrders.id);
    return { completedOrders: rows.filter((row) => Number(row.open) === 0).length, maxOrders: rows.length };
  }

  async projectCounts(userId: string): Promise<{ completedProjects: number; maxProjects: number }> {
    const rows = await this.db
      .select({ status: projects.status })
      .from(projects)
      .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
      .where(eq(projectOrders.clientId, userId));
    const done = rows.filter((row) => (DONE as readonly string[]).includes(row.status)).length;
    return { completedProjects: done, maxProjects: rows.length };
  }
}
