import { INVITE_TTL_DAYS, type InvitableRole, type InvitationResponse, type Invite } from '@app/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { accountInvites, users } from '../../db/schema/index.js';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { AppError, conflict, notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { accountNameOf } from './accounts-of-person.js';
import { inviteMail } from './invite-mail.js';
import type { TeamCall, TeamMembers } from './members.js';
import type { SessionControl } from './session-control.js';

export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid or has expired; ask for a new one';
const DAY_MS = 86_400_000;

const inviter = alias(users, 'inviter');
const account = alias(users, 'invited_to');

/**
 * Invitations (decision 033): an owner or admin invites an address with a role; the link's token is
 * stored hashed and lasts INVITE_TTL_DAYS; one open invitation per address and account (inviting
 * again replaces it). The invited person accepts signed in with that address; accepting also proves
 * the address (the link came to it).
 */
export class TeamInvites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly members: TeamMembers,
    private readonly sessions: SessionControl,
    private readonly mail: { mailer: Mailer; brandName: string; base: string },
  ) {}

  async create(call: TeamCall, email: string, role: InvitableRole): Promise<Invite> {
    if (await this.members.isMember(call.accountId, email)) {
      throw conflict('That person is already a member of this account', 'email');
    }
    const token = newOpaqueToken();
    const now = this.clock.now();
    const [accountRow] = await this.db
      .select({ name: accountNameOf(users) })
      .from(users)
      .where(eq(users.id, call.accountId));
    const created = await this.db.transaction(async (tx) => {
      // Inviting again replaces the open invitation: its old link stops working.
      await tx
        .update(accountInvites)
        .set({ revokedAt: now })
        .where(
          and(eq(accountInvites.accountId, call.accountId), eq(accountInvites.email, email), this.open()),
        );
      const [row] = await tx
        .insert(accountInvites)
        .values({
          accountId: call.accountId,
          email,
          role,
          tokenHash: sha256(token),
          invitedBy: call.user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
        })
        .returning();
      if (!row) throw new Error('the invitation was not stored');
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'member.invited',
          target: email,
          detail: { role },
          ip: call.ip,
        },
        tx,
      );
      await this.mail.mailer.send(
        inviteMail({
          to: email,
          inviterName: `${call.user.firstName} ${call.user.lastName}`,
          accountName: accountRow?.name ?? 'an account',
          role,
          brandName: this.mail.brandName,
          link: `${this.mail.base}/invitations/${token}`,
        }),
        { db: tx },
      );
      return row;
    });
    return {
      id: created.id,
      email: created.email,
      role: created.role,
      invitedBy: `${call.user.firstName} ${call.user.lastName}`,
      createdAt: created.createdAt.toISOString(),
      expiresAt: created.expiresAt.toISOString(),
    };
  }

  /** Open invitations, newest first, in keyset pages. */
  async page(accountId: string, query: { limit: number; cursor?: string | undefined }) {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({
        id: accountInvites.id,
        email: accountInvites.email,
        role: accountInvites.role,
        invitedBy: sql<string>`coalesce(${inviter.firstName} || ' ' || ${inviter.lastName}, 'A former member')`,
        createdAt: isoTimestamp(accountInvites.createdAt),
        expiresAt: isoTimestamp(accountInvites.expiresAt),
        cursorAt: exactTimestamp(accountInvites.createdAt),
      })
      .from(accountInvites)
      .leftJoin(inviter, eq(inviter.id, accountInvites.invitedBy))
      .where(
        and(
          eq(accountInvites.accountId, accountId),
          this.open(),
          keysetAfter([accountInvites.createdAt, accountInvites.id], after),
        ),
      )
      .orderBy(desc(accountInvites.createdAt), desc(accountInvites.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return {
      invites: page.items.map(({ cursorAt: _cursor, ...invite }) => invite),
      nextCursor: page.nextCursor,
    };
  }

  async revoke(call: TeamCall, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(accountInvites)
        .set({ revokedAt: this.clock.now() })
        .where(and(eq(accountInvites.id, id), eq(accountInvites.accountId, call.accountId), this.open()))
        .returning({ email: accountInvites.email });
      if (!row) throw notFound('That invitation is not open any more');
      await this.audit.record(
        {
          accountId: call.accountId,
          actor: call.user,
          action: 'invite.revoked',
          target: row.email,
          ip: call.ip,
        },
        tx,
      );
    });
  }

  /** What the invitation page shows before accepting; the same 404 for unknown, used and expired. */
  async preview(token: string): Promise<InvitationResponse['invitation']> {
    const row = await this.openByToken(token);
    return {
      accountName: row.accountName,
      invitedBy: row.invitedBy,
      email: row.email,
      role: row.role,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** Joins the signed-in person (with the invited address) and moves this session to the account. */
  async accept(user: AuthUser, token: string, ip: string): Promise<{ accountId: string }> {
    const invite = await this.openByToken(token);
    if (invite.email !== user.email) {
      throw new AppError(
        403,
        `This invitation is for ${invite.email}; sign in with that address to accept it`,
        {},
        'token',
      );
    }
    await this.db.transaction(async (tx) => {
      // Only one accept wins; a second (a double click, another tab) finds it used.
      const [claimed] = await tx
        .update(accountInvites)
        .set({ acceptedAt: this.clock.now(), acceptedBy: user.id })
        .where(and(eq(accountInvites.id, invite.id), this.open()))
        .returning({ id: accountInvites.id });
      if (!claimed) throw notFound(INVITATION_INVALID_MESSAGE);
      await this.members.add(invite.accountId, user.id, invite.role, invite.invitedById, tx);
      // The link came to this address: it is proven.
      await tx
        .update(users)
        .set({ emailVerifiedAt: this.clock.now() })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
      await this.audit.record(
        {
          accountId: invite.accountId,
          actor: user,
          action: 'member.joined',
          target: user.email,
          detail: { role: invite.role, invitedBy: invite.invitedBy },
          ip,
        },
        tx,
      );
    });
    await this.sessions.switchAccount(user.id, user.sessionId, invite.accountId);
    return { accountId: invite.accountId };
  }

  private open() {
    return and(
      isNull(accountInvites.acceptedAt),
      isNull(accountInvites.revokedAt),
      gt(accountInvites.expiresAt, this.clock.now()),
    );
  }

  private async openByToken(token: string) {
    const [row] = await this.db
      .select({
        id: accountInvites.id,
        accountId: accountInvites.accountId,
        email: accountInvites.email,
        role: accountInvites.role,
        expiresAt: accountInvites.expiresAt,
        invitedById: accountInvites.invitedBy,
        invitedBy: sql<string>`coalesce(${inviter.firstName} || ' ' || ${inviter.lastName}, 'A former member')`,
        accountName: accountNameOf(account),
      })
      .from(accountInvites)
      .innerJoin(account, eq(account.id, accountInvites.accountId))
      .leftJoin(inviter, eq(inviter.id, accountInvites.invitedBy))
      .where(and(eq(accountInvites.tokenHash, sha256(token)), this.open()))
      .limit(1);
    if (!row) throw notFound(INVITATION_INVALID_MESSAGE);
    return row;
  }
}
