import {
  APPLICATION_TYPE_IDS,
  type DiscussionsQuery,
  type Order,
  type ProjectRequestFields,
} from '@app/contract';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import {
  type ProjectRow,
  projectEmployees,
  projectOrderFiles,
  projectOrders,
  projects,
  type StoredFileRow,
  users,
} from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import {
  type AccessibleProject,
  type Actor,
  type OrderRooms,
  type ProjectAudience,
  type ProjectsPort,
  projectAccountOf,
} from '../../ports/projects.js';
import { projectAudience } from './audience.js';
import { ManagedProjectPages } from './managed-project-pages.js';
import { orderRooms, staffOrderRooms } from './order-rooms.js';
import { ProjectViews } from './views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export interface NewOrderFiles {
  proposal: StoredFileRow[];
  designs: StoredFileRow[];
}

const DONE = ['complete', 'finished'] as const;

/**
 * Orders and projects: creating requests, listing them for clients, staff and admins, and the
 * access rule other features reuse (chat): the client who ordered, assigned staff and admins. The
 * admin and staff project lists are `managed` (managed-project-pages.ts).
 */
export class ProjectService implements ProjectsPort {
  readonly views: ProjectViews;
  readonly managed: ManagedProjectPages;

  constructor(private readonly db: Db) {
    this.views = new ProjectViews(db);
    this.managed = new ManagedProjectPages(db, this.views);
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
   * project_orders_client_idx (decision 030 (7)): the client's own Orders page and the admin's view of one
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
   * clients, so the chat's send path checks access and learns the room together (decision 026 (7)).
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
    return found.order.clientId === projectAccountOf(actor) ? found : null;
  }

  async projectAudience(projectId: string, options: { presentSince?: Date } = {}): Promise<ProjectAudience> {
    return isUuid(projectId)
      ? projectAudience(this.db, projectId, options.presentSince)
      : { client: [], team: [] };
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
    if (actor.role === 'client') return link.clientId === projectAccountOf(actor);
    const [assigned] = await this.db
      .select({ id: projectEmployees.projectId })
      .from(projectEmployees)
      .innerJoin(projects, eq(projects.id, projectEmployees.projectId))
      .where(and(eq(projects.orderId, link.orderId), eq(projectEmployees.employeeId, actor.id)))
      .limit(1);
    return Boolean(assigned);
  }

  /**
   * User info (docs/product-contract.md §Entities): an order is completed when all its projects are
   * complete or finished.
   */
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
