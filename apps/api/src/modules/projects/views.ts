import { APPLICATION_TYPES, type ManagedProject, type Order, type Project } from '@app/contract';
import { asc, eq } from 'drizzle-orm';
import { anyUuid } from '../../db/any-uuid.js';
import type { Db } from '../../db/client.js';
import {
  type ProjectOrderRow,
  type ProjectRow,
  projectActivities,
  projectEmployees,
  projectOrderFiles,
  projectOrders,
  projects,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import { statusNumber } from './status.js';

type OrderInfo = Omit<Order, 'projects'>;

/** An order's client as the order shows them. */
export interface ClientInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * A managed project as a list page reads it, in the page's own statement: the project, its order
 * (inner join on the order's key) and its client (left join: null for a deleted account).
 */
const CLIENT_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export const MANAGED_COLUMNS = { project: projects, order: projectOrders, client: CLIENT_COLUMNS };

export interface ManagedEntry {
  project: ProjectRow;
  order: ProjectOrderRow;
  client: ClientInfo | null;
}

export const typeName = (id: number) => APPLICATION_TYPES.find((type) => type.id === id)?.name ?? 'Unknown';
const iso = (value: Date) => value.toISOString();

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

/** Turns rows into the contract's shapes, loading employees, activities, files and clients in bulk. */
export class ProjectViews {
  constructor(private readonly db: Db) {}

  async projects(rows: ProjectRow[], orderRows: ProjectOrderRow[]): Promise<Project[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [employees, activities] = await Promise.all([
      this.db
        .select({
          projectId: projectEmployees.projectId,
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(projectEmployees)
        .innerJoin(users, eq(users.id, projectEmployees.employeeId))
        .where(anyUuid(projectEmployees.projectId, ids))
        .orderBy(asc(users.firstName)),
      this.db
        .select()
        .from(projectActivities)
        .where(anyUuid(projectActivities.projectId, ids))
        .orderBy(asc(projectActivities.createdAt)),
    ]);
    const employeesOf = groupBy(employees, (row) => row.projectId);
    const activitiesOf = groupBy(activities, (row) => row.projectId);
    const orderOf = new Map(orderRows.map((order) => [order.id, order]));
    return rows.map((row) => {
      const order = orderOf.get(row.orderId);
      return {
        id: row.id,
        orderID: row.orderId,
        name: row.name,
        status: row.status,
        status_number: statusNumber(row.status),
        type: typeName(row.typeId),
        start_date: row.startDate,
        end_date: row.endDate,
        frontendProgress: row.frontendProgress,
        backendProgress: row.backendProgress,
        databaseProgress: row.databaseProgress,
        totalPayment: row.totalPaymentCents,
        recurringPayment: row.recurringPaymentCents,
        term: row.term,
        paymentInformation: row.paymentInformation,
        paymentLink: row.paymentLink,
        proposal_link: order?.proposalLink ?? null,
        design_link: order?.designsLink ?? null,
        employees: (employeesOf.get(row.id) ?? []).map((e) => ({
          id: e.id,
          employeeName: `${e.firstName} ${e.lastName}`,
          email: e.email,
        })),
        activities: (activitiesOf.get(row.id) ?? []).map((a) => ({
          id: a.id,
          message: a.message,
          date: iso(a.createdAt),
        })),
      };
    });
  }

  /** Orders' details; `knownClients` (read with the page) spares reading the clients again. */
  async orderInfos(
    orderRows: ProjectOrderRow[],
    knownClients?: Map<string, ClientInfo>,
  ): Promise<Map<string, OrderInfo>> {
    if (orderRows.length === 0) return new Map();
    const ids = orderRows.map((order) => order.id);
    const [files, clientOf] = await Promise.all([
      this.db
        .select({
          orderId: projectOrderFiles.orderId,
          kind: projectOrderFiles.kind,
          id: storedFiles.id,
          name: storedFiles.originalName,
          mimeType: storedFiles.mimeType,
          size: storedFiles.sizeBytes,
        })
        .from(projectOrderFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, projectOrderFiles.fileId))
        .where(anyUuid(projectOrderFiles.orderId, ids))
        .orderBy(asc(storedFiles.createdAt)),
      knownClients ?? this.clientsOf(orderRows),
    ]);
    const filesOf = groupBy(files, (row) => row.orderId);
    return new Map(
      orderRows.map((order) => {
        const client = clientOf.get(order.clientId);
        return [
          order.id,
          {
            id: order.id,
            name: order.name,
            createdAt: iso(order.createdAt),
            proposal_link: order.proposalLink,
            design_link: order.designsLink,
            designTemplates: order.designTemplates,
            files: (filesOf.get(order.id) ?? []).map(({ orderId: _o, ...file }) => file),
            client: {
              id: order.clientId,
              name: client ? `${client.firstName} ${client.lastName}` : 'Deleted account',
              email: client?.email ?? '',
            },
          },
        ];
      }),
    );
  }

  /** The orders' clients by id (a deleted account is absent). */
  private async clientsOf(orderRows: ProjectOrderRow[]): Promise<Map<string, ClientInfo>> {
    const clientIds = [...new Set(orderRows.map((order) => order.clientId))];
    const clients = await this.db.select(CLIENT_COLUMNS).from(users).where(anyUuid(users.id, clientIds));
    return new Map(clients.map((client) => [client.id, client]));
  }

  /** Orders (newest first) with their projects. */
  async orders(orderRows: ProjectOrderRow[]): Promise<Order[]> {
    if (orderRows.length === 0) return [];
    const projectRows = await this.db
      .select()
      .from(projects)
      .where(
        anyUuid(
          projects.orderId,
          orderRows.map((o) => o.id),
        ),
      )
      .orderBy(asc(projects.createdAt), asc(projects.typeId));
    const [infos, views] = await Promise.all([
      this.orderInfos(orderRows),
      this.projects(projectRows, orderRows),
    ]);
    const projectsOf = groupBy(views, (view) => view.orderID);
    return orderRows.flatMap((order) => {
      const info = infos.get(order.id);
      return info ? [{ ...info, projects: projectsOf.get(order.id) ?? [] }] : [];
    });
  }

  /**
   * Projects with their order and client, for admin and staff lists: the page read them with
   * MANAGED_COLUMNS, so only the orders' files and the projects' employees and activities are read.
   */
  async managed(entries: ManagedEntry[]): Promise<ManagedProject[]> {
    if (entries.length === 0) return [];
    const orderRows = [...new Map(entries.map((entry) => [entry.order.id, entry.order])).values()];
    const clients = new Map(
      entries.flatMap((entry) => (entry.client ? [[entry.client.id, entry.client] as const] : [])),
    );
    const [infos, views] = await Promise.all([
      this.orderInfos(orderRows, clients),
      this.projects(
        entries.map((entry) => entry.project),
        orderRows,
      ),
    ]);
    return views.flatMap((view) => {
      const order = infos.get(view.orderID);
      return order ? [{ ...view, order }] : [];
    });
  }
}
