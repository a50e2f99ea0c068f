import {
  type AccountContextResponse,
  type InvitableRole,
  LAST_OWNER_MESSAGE,
  type Member,
} from '@app/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { accountMembers, users } from '../../db/schema/index.js';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import { verifySecret } from '../../platform/auth/passwords.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { accountOfPerson, accountsOfPerson } from './accounts-of-person.js';
import type { SessionControl } from './session-control.js';

const MEMBER_NOT_FOUND = 'That person is not a member of this account';

/** A member as the contract shows one (`Member`), read from the membership and the person. */
const memberColumns = {
  userId: accountMembers.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: accountMembers.role,
  joinedAt: isoTimestamp(accountMembers.createdAt),
};

/** Who acts, where: the signed-in person, their account and the request's address. */
export interface TeamCall {
  user: AuthUser;
  accountId: string;
  ip: string;
}

/**
 * An account's members (decision 033): the context and switcher, the list, role changes, removal,
 * leaving and ownership transfer. Every change writes the audit trail in its transaction and tells
 * every instance's guard (a role change applies to the next request; a removal ends the sessions).
 */
export class TeamMembers {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly sessions: SessionControl,
  ) {}

  async context(user: AuthUser): Promise<AccountContextResponse> {
    const accounts = await accountsOfPerson(this.db, user.id);
    const account = user.account ? (accounts.find((entry) => entry.id === user.account?.id) ?? null) : null;
    return {
      status: 'ok',
      person: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      account,
      accounts,
    };
  }

  /**
   * Moves the session to another account of the person. Entering an account is recorded on its trail
   * (`session.switched`), as a sign-in that acts for it is: a member's sessions start in their own
   * account, so without it the owners would never see them come in.
   */
  async switchTo(user: AuthUser, accountId: string, ip: string): Promise<void> {
    const moved = await this.sessions.switchAccount(user.id, user.sessionId, accountId);
    if (!moved) throw notFound('You are not a member of that account');
    if (user.account?.id === accountId) return;
    await this.audit.recordQuietly({ accountId, actor: user, action: 'session.switched', ip });
  }

  async rename(call: TeamCall, name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ accountName: name }).where(eq(users.id, call.accountId));
      await this.audit.record(
        { accountId: call.accountId, actor: call.user, action: 'account.renamed', target: name, ip: call.ip },
        tx,
      );
    });
  }

  /** Oldest first (the owner usually first), in keyset pages of (joined, user id). */
  async page(accountId: string, query: { limit: number; cursor?: string | undefined }) {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({ ...memberColumns, cursorAt: exactTimestamp(accountMembers.createdAt) })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(
        and(
          eq(accountMembers.accountId, accountId),
          keysetAfter([accountMembers.createdAt, accountMembers.userId], after, 'oldest-first'),
        ),
      )
      .orderBy(asc(accountMembers.createdAt), asc(accountMembers.userId))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.userId]);
    return {
      members: page.items.map(({ cursorAt: _cursor, ...member }): Member => member),
      nextCursor: page.nextCursor,
    };
  }

  async changeRole(call: TeamCall, userId: string, role: InvitableRole): Promise<Member> {
    const before = await this.memberOrThrow(call.accountId, userId);
    if (before.role === 'owner')
      throw conflict('The owner’s role changes only by transferring the account', 'role');
    await this.db.transaction(async (tx) => {
      await tx
        .update(accountMembers)
        .set({ role })
        .where(and(eq(accountMembers.accountId, call.accountId), eq(accountMembers.userId, userId)));
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'member.role_changed',
          target: before.email,
          detail: { from: before.role, to: role },
          ip: call.ip,
        },
        tx,
      );
    });
    await this.sessions.accountChanged(userId);
    return { ...before, role };
  }

  async remove(call: TeamCall, userId: string): Promise<void> {
    if (userId === call.user.id) throw badRequest('To leave this account, use Leave account', 'userId');
    const member = await this.memberOrThrow(call.accountId, userId);
    if (member.role === 'owner') throw conflict(LAST_OWNER_MESSAGE, 'userId');
    await this.db.transaction(async (tx) => {
      await tx
        .delete(accountMembers)
        .where(and(eq(accountMembers.accountId, call.accountId), eq(accountMembers.userId, userId)));
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'member.removed',
          target: member.email,
          detail: { role: member.role },
          ip: call.ip,
        },
        tx,
      );
    });
    await this.sessions.endSessionsActingFor(userId, call.accountId);
  }

  /** Leaves the session's account: this session moves to another account, the others there end. */
  async leave(call: TeamCall): Promise<void> {
    const member = await this.memberOrThrow(call.accountId, call.user.id);
    if (member.role === 'owner') throw conflict(LAST_OWNER_MESSAGE);
    await this.db.transaction(async (tx) => {
      await tx
        .delete(accountMembers)
        .where(and(eq(accountMembers.accountId, call.accountId), eq(accountMembers.userId, call.user.id)));
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'member.left',
          target: member.email,
          ip: call.ip,
        },
        tx,
      );
    });
    const [home] = await accountsOfPerson(this.db, call.user.id);
    if (home) await this.sessions.switchAccount(call.user.id, call.user.sessionId, home.id);
    await this.sessions.endSessionsActingFor(call.user.id, call.accountId);
  }

  /** The owner hands the account to another member (password confirmed); they become an admin. */
  async transfer(call: TeamCall, newOwnerId: string, currentPassword: string): Promise<void> {
    if (call.user.account?.role !== 'owner') {
      throw new AppError(
        403,
        'Only the account’s owner can transfer it',
        {},
        undefined,
        undefined,
        'role_not_allowed',
      );
    }
    const [me] = await this.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, call.user.id))
      .limit(1);
    if (!me || !(await verifySecret(me.hash, currentPassword))) {
      throw badRequest('The current password is incorrect', 'currentPassword');
    }
    if (newOwnerId === call.user.id) throw badRequest('You already own this account', 'userId');
    const next = await this.memberOrThrow(call.accountId, newOwnerId);
    await this.db.transaction(async (tx) => {
      // The old owner steps down first: the one-owner index would refuse two at once.
      await tx
        .update(accountMembers)
        .set({ role: 'admin' })
        .where(and(eq(accountMembers.accountId, call.accountId), eq(accountMembers.role, 'owner')));
      await tx
        .update(accountMembers)
        .set({ role: 'owner' })
        .where(and(eq(accountMembers.accountId, call.accountId), eq(accountMembers.userId, newOwnerId)));
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'account.transferred',
          target: next.email,
          detail: { from: call.user.email, previousRole: next.role },
          ip: call.ip,
        },
        tx,
      );
    });
    await this.sessions.accountChanged(call.user.id);
    await this.sessions.accountChanged(newOwnerId);
  }

  async isMember(accountId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: accountMembers.userId })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(and(eq(accountMembers.accountId, accountId), eq(users.email, email)))
      .limit(1);
    return row !== undefined;
  }

  /** Adds the person (idempotent: a second accept of a racing pair changes nothing). */
  async add(accountId: string, userId: string, role: InvitableRole, invitedBy: string | null, db = this.db) {
    await db
      .insert(accountMembers)
      .values({ accountId, userId, role, invitedBy, createdAt: this.clock.now() })
      .onConflictDoNothing();
  }

  summaryFor(personId: string, accountId: string) {
    return accountOfPerson(this.db, personId, accountId);
  }

  private async memberOrThrow(accountId: string, userId: string): Promise<Member> {
    const [row] = await this.db
      .select(memberColumns)
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
      .limit(1);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    return row;
  }
}
