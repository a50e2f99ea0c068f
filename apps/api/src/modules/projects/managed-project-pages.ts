import {
  type AdminProjectsQuery,
  type ManagedProject,
  PROJECT_STATUSES,
  type StaffProjectsQuery,
} from '@app/contract';
import { and, desc, eq, ilike, inArray, or, type Placeholder, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { type KeysetPages, prepareKeysetPages, readKeysetPage } from '../../db/keyset-pages.js';
import { aliased, rawRows } from '../../db/raw-rows.js';
import { projectEmployees, projectOrders, projects, users } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { clientsMatching } from './order-rooms.js';
import { MANAGED_COLUMNS, type ManagedRow, type ProjectViews } from './views.js';

/** A managed project and its cursor's exact time (the admin list's order, or the staff list's). */
type PageRow = ManagedRow & { cursorAt: string };

/** An admin projects page's columns: a managed project and its creation time, exact. */
const ADMIN_PAGE_COLUMNS = {
  ...MANAGED_COLUMNS,
  ...aliased({ cursorAt: exactTimestamp(projects.createdAt) }),
};

/** A staff projects page's columns: a managed project and its order's creation time, exact. */
const STAFF_PAGE_COLUMNS = {
  ...MANAGED_COLUMNS,
  ...aliased({ cursorAt: exactTimestamp(projectEmployees.orderCreatedAt) }),
};

/**
 * The admin and staff project lists: keyset pages of managed projects (each with its order, client,
 * team, activity and files), one statement a page (views.ts, MANAGED_COLUMNS).
 */
export class ManagedProjectPages {
  private plainAdminPages: KeysetPages | undefined;

  constructor(
    private readonly db: Db,
    private readonly views: ProjectViews,
  ) {}

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
    let rows: PageRow[];
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
      rows = await rawRows<PageRow>(
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
   * The projects assigned to a staff member, newest order first, in keyset pages on (order_created_at,
   * order_id, project_id) over project_employees_employee_idx (migration 0022): one walk bounded by the
   * staff member, so a cursor from another list only positions it. `search` matches the project's or
   * its order's name among their own assignments (no trigram index needed).
   */
  async staffProjects(
    staffId: string,
    query: StaffProjectsQuery,
  ): Promise<{ projects: ManagedProject[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const rows = await rawRows<PageRow>(
      this.db,
      this.db
        .select(STAFF_PAGE_COLUMNS)
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
}
