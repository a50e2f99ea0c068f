import { APPLICATION_TYPES, type ManagedProject, type Order, type Project } from '@app/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyUuid } from '../../db/any-uuid.js';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/keyset.js';
import { qualified } from '../../db/qualified.js';
import { aliased } from '../../db/raw-rows.js';
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

type EmployeeView = Project['employees'][number];
type ActivityView = Project['activities'][number];
type FileView = OrderInfo['files'][number];

/** A project's fields its view shows (a ProjectRow has them, and so does a ManagedRow). */
type ProjectFields = Pick<
  ProjectRow,
  | 'id'
  | 'orderId'
  | 'name'
  | 'status'
  | 'typeId'
  | 'startDate'
  | 'endDate'
  | 'frontendProgress'
  | 'backendProgress'
  | 'databaseProgress'
  | 'totalPaymentCents'
  | 'recurringPaymentCents'
  | 'term'
  | 'paymentInformation'
  | 'paymentLink'
>;

/** An order's fields as its view shows them, its time as ISO text. */
interface OrderFields {
  id: string;
  name: string;
  createdAt: string;
  proposalLink: string | null;
  designsLink: string | null;
  designTemplates: string[];
  clientId: string;
}

/** `isoTimestamp` of a column written with its table, for use inside a correlated subquery. */
const isoText = (column: AnyPgColumn) => isoTimestamp(qualified(column));

/**
 * A managed project (admin and staff lists) as its page reads it, in one statement: the project, its
 * order (inner join on the order's key) and client (left join: null for a deleted account), and as
 * JSON subqueries in the reply's shapes its employees (by name), activities (oldest first) and its
 * order's files (oldest first) — ties broken by id here and in the bulk reads below, so every view
 * lists them alike. A page was four statements, each a round trip that woke a database backend.
 * Aliased by key and read as the driver's rows (`rawRows`): Drizzle's per-cell mapping, and a Date
 * per time, were a sixth of a page's CPU.
 */
export const MANAGED_COLUMNS = aliased({
  id: projects.id,
  orderId: projects.orderId,
  name: projects.name,
  status: projects.status,
  typeId: projects.typeId,
  startDate: projects.startDate,
  endDate: projects.endDate,
  frontendProgress: projects.frontendProgress,
  backendProgress: projects.backendProgress,
  databaseProgress: projects.databaseProgress,
  totalPaymentCents: projects.totalPaymentCents,
  recurringPaymentCents: projects.recurringPaymentCents,
  term: projects.term,
  paymentInformation: projects.paymentInformation,
  paymentLink: projects.paymentLink,
  orderName: projectOrders.name,
  orderCreatedAt: isoText(projectOrders.createdAt),
  proposalLink: projectOrders.proposalLink,
  designsLink: projectOrders.designsLink,
  designTemplates: projectOrders.designTemplates,
  clientId: projectOrders.clientId,
  clientFirstName: users.firstName,
  clientLastName: users.lastName,
  clientEmail: users.email,
  employees: sql`(select coalesce(json_agg(json_build_object('id', ${qualified(users.id)}, 'employeeName', ${qualified(users.firstName)} || ' ' || ${qualified(users.lastName)}, 'email', ${qualified(users.email)}) order by ${qualified(users.firstName)}, ${qualified(users.lastName)}, ${qualified(users.id)}), '[]') from ${projectEmployees} join ${users} on ${qualified(users.id)} = ${qualified(projectEmployees.employeeId)} where ${qualified(projectEmployees.projectId)} = ${qualified(projects.id)})`,
  activities: sql`(select coalesce(json_agg(json_build_object('id', ${qualified(projectActivities.id)}, 'message', ${qualified(projectActivities.message)}, 'date', ${isoText(projectActivities.createdAt)}) order by ${qualified(projectActivities.createdAt)}, ${qualified(projectActivities.id)}), '[]') from ${projectActivities} where ${qualified(projectActivities.projectId)} = ${qualified(projects.id)})`,
  files: sql`(select coalesce(json_agg(json_build_object('kind', ${qualified(projectOrderFiles.kind)}, 'id', ${qualified(storedFiles.id)}, 'name', ${qualified(storedFiles.originalName)}, 'mimeType', ${qualified(storedFiles.mimeType)}, 'size', ${qualified(storedFiles.sizeBytes)}) order by ${qualified(storedFiles.createdAt)}, ${qualified(storedFiles.id)}), '[]') from ${projectOrderFiles} join ${storedFiles} on ${qualified(storedFiles.id)} = ${qualified(projectOrderFiles.fileId)} where ${qualified(projectOrderFiles.orderId)} = ${qualified(projectOrders.id)})`,
});

/** A managed project as the driver returns MANAGED_COLUMNS (dates as text, json parsed). */
export interface ManagedRow extends ProjectFields {
  orderName: string;
  orderCreatedAt: string;
  proposalLink: string | null;
  designsLink: string | null;
  designTemplates: string[];
  clientId: string;
  /** Null when the client's account was deleted (left join). */
  clientFirstName: string | null;
  clientLastName: string | null;
  clientEmail: string | null;
  employees: EmployeeView[];
  activities: ActivityView[];
  files: FileView[];
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
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
      this.db
        .select()
        .from(projectActivities)
        .where(anyUuid(projectActivities.projectId, ids))
        .orderBy(asc(projectActivities.createdAt), asc(projectActivities.id)),
    ]);
    const employeesOf = groupBy(employees, (row) => row.projectId);
    const activitiesOf = groupBy(activities, (row) => row.projectId);
    const orderOf = new Map(orderRows.map((order) => [order.id, order]));
    return rows.map((row) =>
      toProject(
        row,
        orderOf.get(row.orderId),
        (employeesOf.get(row.id) ?? []).map((e) => ({
          id: e.id,
          employeeName: `${e.firstName} ${e.lastName}`,
          email: e.email,
        })),
        (activitiesOf.get(row.id) ?? []).map((a) => ({
          id: a.id,
          message: a.message,
          date: iso(a.createdAt),
        })),
      ),
    );
  }

  /** Orders' details: their files and clients read in bulk. */
  async orderInfos(orderRows: ProjectOrderRow[]): Promise<Map<string, OrderInfo>> {
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
        .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
      this.clientsOf(orderRows),
    ]);
    const filesOf = groupBy(files, (row) => row.orderId);
    return new Map(
      orderRows.map((order) => [
        order.id,
        toOrderInfo(
          { ...order, createdAt: iso(order.createdAt) },
          clientOf.get(order.clientId),
          (filesOf.get(order.id) ?? []).map(({ orderId: _o, ...file }) => file),
        ),
      ]),
    );
  }

  /** The orders' clients by id (a deleted account is absent). */
  private async clientsOf(orderRows: ProjectOrderRow[]): Promise<Map<string, ClientInfo>> {
    const clientIds = [...new Set(orderRows.map((order) => order.clientId))];
    const clients = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(anyUuid(users.id, clientIds));
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

  /** Managed projects (admin and staff lists) from their pages' rows: MANAGED_COLUMNS read everything. */
  managed(rows: ManagedRow[]): ManagedProject[] {
    return rows.map((row) => ({
      ...toProject(row, row, row.employees, row.activities),
      order: toOrderInfo(
        {
          id: row.orderId,
          name: row.orderName,
          createdAt: row.orderCreatedAt,
          proposalLink: row.proposalLink,
          designsLink: row.designsLink,
          designTemplates: row.designTemplates,
          clientId: row.clientId,
        },
        row.clientEmail === null
          ? undefined
          : {
              firstName: row.clientFirstName ?? '',
              lastName: row.clientLastName ?? '',
              email: row.clientEmail,
            },
        row.files,
      ),
    }));
  }
}

/** A project row → the contract's project (its order gives the proposal and design links). */
function toProject(
  row: ProjectFields,
  order: { proposalLink: string | null; designsLink: string | null } | undefined,
  employees: EmployeeView[],
  activities: ActivityView[],
): Project {
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
    employees,
    activities,
  };
}

/** An order, its client (absent for a deleted account) and its files → the order as a project shows it. */
function toOrderInfo(
  order: OrderFields,
  client: { firstName: string; lastName: string; email: string } | undefined,
  files: FileView[],
): OrderInfo {
  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    proposal_link: order.proposalLink,
    design_link: order.designsLink,
    designTemplates: order.designTemplates,
    files,
    client: {
      id: order.clientId,
      name: client ? `${client.firstName} ${client.lastName}` : 'Deleted account',
      email: client?.email ?? '',
    },
  };
}
