import { randomBytes } from 'node:crypto';
import type { AdminUsersQuery, CreateStaffRequest, ManagedUser } from '@app/contract';
import { and, asc, desc, eq, notExists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { type KeysetPages, prepareKeysetPages, readKeysetPage } from '../../db/keyset-pages.js';
import { qualified } from '../../db/qualified.js';
import { aliased, rawRows } from '../../db/raw-rows.js';
import {
  businessAgents,
  projectEmployees,
  projectOrders,
  type UserRow,
  users,
} from '../../db/schema/index.js';
import type { EventBus } from '../../platform/events/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { containsSearch } from '../../platform/search/contains-search.js';
import { USER_EMAIL, USER_FULL_NAME } from '../../platform/search/searched-columns.js';
import type { AccountsPort } from '../../ports/accounts.js';
import { ACCOUNT_ACCESS_CHANGED_TOPIC, type AccountAccessChanged } from '../accounts/index.js';

/** Name ("first last", the trigram-indexed expression) or email contains the search. */
const matchesNameOrEmail = (db: Db, search: string | undefined) =>
  containsSearch(db, search, [USER_EMAIL, USER_FULL_NAME]);

/** The question admin-created staff start with; they set their own in Settings. */
export const STAFF_INITIAL_QUESTION = 'Set by an administrator: choose your own in Settings';

const toManaged = (row: UserRow, count: number): ManagedUser => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  designation: row.designation,
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString(),
  count,
});

/**
 * A list page reads the reply's fields only (not the password and answer hashes, nor the rest of the
 * account), its time as ISO text from the database, and the count as a subquery on its index in the
 * same statement: a second statement with the page's 50 ids as parameters was the largest cost of a
 * page on the event loop. Read as the driver's rows (`rawRows`, columns aliased by the reply's names).
 */
const managedColumns = (counted: SQL<number>) =>
  aliased({
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    designation: users.designation,
    disabled: users.disabled,
    createdAt: isoTimestamp(users.createdAt),
    count: counted,
  });

/** Orders a client placed (project_orders_client_idx). */
const ordersPlaced = sql<number>`(select count(*)::int from ${projectOrders} where ${qualified(projectOrders.clientId)} = ${qualified(users.id)})`;
/** Projects a staff member is assigned to (project_employees_employee_idx). */
const projectsAssigned = sql<number>`(select count(*)::int from ${projectEmployees} where ${qualified(projectEmployees.employeeId)} = ${qualified(users.id)})`;

/** A staff page's columns: built once (a select's columns are only read when a statement is built). */
const STAFF_PAGE_COLUMNS = managedColumns(projectsAssigned);
/** A clients page's columns and the cursor's exact time. */
const CLIENT_PAGE_COLUMNS = {
  ...managedColumns(ordersPlaced),
  ...aliased({ cursorAt: exactTimestamp(users.createdAt) }),
};

type ClientPageRow = ManagedUser & { cursorAt: string };

/**
 * Admin Users (docs/product-contract.md §Screens, Admin panel): Developers & Designers (staff, user type
 * e) and Clients.
 */
export class AdminUserService {
  private plainClientPages: KeysetPages | undefined;

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsPort,
    private readonly events: EventBus,
  ) {}

  /** Developers & Designers by name, in keyset pages on (first name, last name, id). */
  async staff(query: AdminUsersQuery): Promise<{ users: ManagedUser[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.text, cursorPart.text, cursorPart.uuid]);
    const rows = await rawRows<ManagedUser>(
      this.db,
      this.db
        .select(STAFF_PAGE_COLUMNS)
        .from(users)
        .where(
          and(
            eq(users.userType, 'e'),
            await matchesNameOrEmail(this.db, query.search),
            after
              ? sql`(${users.firstName}, ${users.lastName}, ${users.id}) > (${after[0]}, ${after[1]}, ${after[2]}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(query.limit + 1),
    );
    const page = pageOf(rows, query.limit, (row) => [row.firstName, row.lastName, row.id]);
    return { users: page.items, nextCursor: page.nextCursor };
  }

  /** Clients, newest first, in keyset pages on (created_at, id); search by name or email (trigram indexes). */
  async clients(query: AdminUsersQuery): Promise<{ users: ManagedUser[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const search = await matchesNameOrEmail(this.db, query.search);
    let rows: ClientPageRow[];
    if (!search) {
      // No search: the prepared first/next pages (db/keyset-pages.ts).
      this.plainClientPages ??= prepareKeysetPages(
        'admin_clients',
        [users.createdAt, users.id],
        (keyset, limit) => this.clientPage(keyset, limit),
      );
      rows = await readKeysetPage(this.plainClientPages, after, query.limit);
    } else {
      const where = and(search, keysetAfter([users.createdAt, users.id], after));
      rows = await rawRows<ClientPageRow>(this.db, this.clientPage(where, query.limit + 1));
    }
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return { users: page.items.map(({ cursorAt: _, ...user }) => user), nextCursor: page.nextCursor };
  }

  /** One clients page's statement, `limit` rows newest first, narrowed by `where`: every shape is built here. */
  private clientPage(where: SQL | undefined, limit: number | Placeholder) {
    return this.db
      .select(CLIENT_PAGE_COLUMNS)
      .from(users)
      .where(
        and(
          eq(users.userType, 'c'),
          // Business agents are client accounts too, but an owner's staff, not our clients.
          notExists(
            this.db
              .select({ id: businessAgents.id })
              .from(businessAgents)
              .where(eq(businessAgents.userId, users.id)),
          ),
          where,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
  }

  /** A staff account (user type e). Its security answer is random: nobody can use password reset until they set one. */
  async createStaff(input: CreateStaffRequest): Promise<ManagedUser> {
    const row = await this.accounts.createAccount({
      username: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      password: input.password,
      securityQuestion: STAFF_INITIAL_QUESTION,
      securityQuestionAnswer: randomBytes(24).toString('hex'),
      userType: 'e',
      designation: input.designation,
    });
    return toManaged(row, 0);
  }

  /**
   * Disabling takes effect at once: the auth guard forgets the account's sessions (here and, through
   * its own event, on every instance), and the event tells caches that trust an account for a while
   * (Key Manager API keys) to forget it.
   */
  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    const user = /^[0-9a-f-]{36}$/i.test(userId) ? await this.accounts.findById(userId) : null;
    if (!user) throw notFound('User not found');
    if (user.userType === 'a') throw badRequest('Admin accounts cannot be disabled here');
    await this.db.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, userId));
    await this.accounts.accessChanged(userId);
    const event: AccountAccessChanged = { userId };
    await this.events.publish(ACCOUNT_ACCESS_CHANGED_TOPIC, event);
  }

  async requireClient(userId: string): Promise<UserRow> {
    const user = /^[0-9a-f-]{36}$/i.test(userId) ? await this.accounts.findById(userId) : null;
    if (user?.userType !== 'c') throw notFound('Client not found');
    return user;
  }
}
