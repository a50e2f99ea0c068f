import { type AccountRole, type DiscussionsQuery, type Order, type Role, roleAllows } from '@app/contract';
import type { ProjectOrderRow, ProjectRow } from '../db/schema/index.js';

/** Who is asking: enough of AuthUser for access checks (the chat feature passes the same). */
export interface Actor {
  id: string;
  role: Role;
  /** The account the person acts for (decision 033): a client sees that account's orders. */
  account?: { id: string; role: AccountRole } | null;
}

/** The account whose orders a client actor sees: theirs if their role reaches projects, else none. */
export function projectAccountOf(actor: Actor): string | null {
  const account = actor.account;
  return account && roleAllows(account.role, 'projects', 'read') ? account.id : null;
}

/** A project the actor may see, with what the chat needs of its order and client. */
export interface AccessibleProject {
  project: ProjectRow;
  order: ProjectOrderRow;
  clientEmail: string;
}

/** An order as the chat's discussions list shows it: its client and its projects (rooms). */
export interface OrderRooms {
  id: string;
  name: string;
  client: string;
  projects: { id: string; name: string; type: string }[];
}

/** Who hears of a project: the ordering account's members who see projects, and its team. */
export interface ProjectAudience {
  client: string[];
  /** Assigned staff and every admin. */
  team: string[];
}

/** A page of rooms, newest order first. */
export interface OrderRoomsPage {
  orders: OrderRooms[];
  nextCursor: string | null;
}

/**
 * What other features use of projects, as `deps.projects`: the chat asks who may enter a room and
 * lists discussions; the admin's Users page lists a client's orders.
 * modules/projects/service.ts implements it; the projects routes use the whole service.
 */
export interface ProjectsPort {
  /** May this user see this project? Client owner, assigned staff, admins. */
  canAccessProject(actor: Actor, projectId: string): Promise<boolean>;
  /** The project with its order and client's email if the actor may see it, else null. */
  accessibleProject(actor: Actor, projectId: string): Promise<AccessibleProject | null>;
  /**
   * User ids to notify about a project (decision 034); empty lists for an unknown project.
   * `presentSince` leaves out whoever had its chat room open since then.
   */
  projectAudience(projectId: string, options?: { presentSince?: Date }): Promise<ProjectAudience>;
  /** Chat discussions: every order for an admin, or with `clientId` only that client's orders. */
  orderRooms(query: DiscussionsQuery, clientId?: string): Promise<OrderRoomsPage>;
  /** A staff member's chat discussions: the orders of their assigned projects. */
  staffOrderRooms(staffId: string, query: DiscussionsQuery): Promise<OrderRoomsPage>;
  /** A client's orders with their projects, newest first, in keyset pages. */
  clientOrderPage(
    clientId: string,
    query: { limit: number; cursor?: string; order?: string; search?: string },
  ): Promise<{ orders: Order[]; nextCursor: string | null }>;
}
