import { randomBytes } from 'node:crypto';
import type { CreateStaffRequest, ManagedUser } from '@app/contract';
import { and, asc, desc, eq, ilike, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  businessAgents,
  projectEmployees,
  projectOrders,
  type UserRow,
  users,
} from '../../db/schema/index.js';
import type { EventBus } from '../../platform/events/index.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { ACCOUNT_ACCESS_CHANGED_TOPIC, type AccountAccessChanged } from '../accounts/account-events.js';
import type { AccountService } from '../accounts/service.js';

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

/** Admin Users (spec §2): Developers & Designers (staff, user type e) and Clients. */
export class AdminUserService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly events: EventBus,
  ) {}

  async staff(): Promise<ManagedUser[]> {
    const rows = await this.db
      .select({ user: users, count: sql<number>`count(${projectEmployees.projectId})::int` })
      .from(users)
      .leftJoin(projectEmployees, eq(projectEmployees.employeeId, users.id))
      .where(eq(users.userType, 'e'))
      .groupBy(users.id)
      .orderBy(asc(users.firstName), asc(users.lastName));
    return rows.map((row) => toManaged(row.user, Number(row.count)));
  }

  async clients(search?: string): Promise<ManagedUser[]> {
    const term = search?.trim();
    const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db
      .select({ user: users, count: sql<number>`count(${projectOrders.id})::int` })
      .from(users)
      .leftJoin(projectOrders, eq(projectOrders.clientId, users.id))
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
          pattern
            ? or(
                ilike(users.email, pattern),
                ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              )
            : undefined,
        ),
      )
      .groupBy(users.id)
      .orderBy(desc(users.createdAt))
      .limit(500);
    return rows.map((row) => toManaged(row.user, Number(row.count)));
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
