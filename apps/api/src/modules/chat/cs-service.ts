import type { CsChat, CsMessage, ZCsChatGetRequest } from '@app/contract';
import { and, asc, desc, eq, gte, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import {
  type CsChatRow,
  csAgents,
  csChats,
  csMessages,
  type StoredFileRow,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { csRoom, publishChatEvent } from './chat-events.js';
import type { CsMessageWithFile, CsViewer } from './cs-view.js';
import { toCsMessage } from './cs-view.js';

const HISTORY_LIMIT = 500;

/** Customer-service conversations: reading, sending, the staff inbox and who may answer. */
export class CustomerServiceChats {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** Admins always; staff users only when an admin marked them as customer service. */
  async canServe(user: Pick<AuthUser, 'id' | 'role'>): Promise<boolean> {
    if (user.role === 'admin') return true;
    if (user.role !== 'staff') return false;
    const [row] = await this.db.select().from(csAgents).where(eq(csAgents.userId, user.id)).limit(1);
    return row !== undefined;
  }

  async requireServer(user: AuthUser): Promise<void> {
    if (!(await this.canServe(user))) throw forbidden('Only customer-service staff can do this');
  }

  async chatById(id: string): Promise<CsChatRow> {
    const [chat] = await this.db.select().from(csChats).where(eq(csChats.id, id)).limit(1);
    if (!chat) throw notFound('Chat not found');
    return chat;
  }

  private selectMessages() {
    return this.db
      .select({ row: csMessages, file: storedFiles, staffName: users.firstName, chatEmail: csChats.email })
      .from(csMessages)
      .innerJoin(csChats, eq(csChats.id, csMessages.chatId))
      .leftJoin(storedFiles, eq(storedFiles.id, csMessages.mediaFileId))
      .leftJoin(users, eq(users.id, csMessages.staffUserId));
  }

  async messageById(id: number): Promise<CsMessageWithFile | null> {
    const [item] = await this.selectMessages().where(eq(csMessages.id, id)).limit(1);
    return item ?? null;
  }

  /** The latest messages the viewer may see, oldest first. */
  async messages(
    chat: CsChatRow,
    viewer: CsViewer,
    session?: { id: string; createdAt: Date },
  ): Promise<CsMessage[]> {
    const visitorFilter =
      viewer.kind === 'visitor' && !viewer.verified && session
        ? or(
            and(eq(csMessages.sender, 'visitor'), eq(csMessages.sessionId, session.id)),
            and(eq(csMessages.sender, 'staff'), gte(csMessages.createdAt, session.createdAt)),
          )
        : undefined;
    const rows = await this.selectMessages()
      .where(and(eq(csMessages.chatId, chat.id), visitorFilter))
      .orderBy(desc(csMessages.id))
      .limit(HISTORY_LIMIT);
    return rows.reverse().map((item) => toCsMessage(item, viewer));
  }

  /**
   * Records that one side read the chat (and, for the visitor, that they are around). Publishes a
   * read event only when there was something new to read, so polling does not flood the bus.
   */
  async markSeen(chat: CsChatRow, side: 'visitor' | 'staff'): Promise<void> {
    const now = this.clock.now();
    const previous = side === 'visitor' ? chat.visitorSeenAt : chat.staffSeenAt;
    // Staff who already read past the last message change nothing (so a staff poll keeps the inbox's
    // ETag); the visitor's read is also their sign of life, always recorded.
    const upToDate = previous !== null && chat.lastMessageAt !== null && previous > chat.lastMessageAt;
    if (side === 'staff' && upToDate) return;
    await this.db
      .update(csChats)
      .set(side === 'visitor' ? { visitorSeenAt: now, visitorActiveAt: now } : { staffSeenAt: now })
      .where(eq(csChats.id, chat.id));
    if (chat.lastMessageAt && (!previous || previous <= chat.lastMessageAt)) {
      await publishChatEvent(this.events, {
        kind: 'read',
        room: csRoom(chat.id),
        side,
        at: now.toISOString(),
      });
    }
  }

  async touchVisitor(chatId: string): Promise<void> {
    await this.db.update(csChats).set({ visitorActiveAt: this.clock.now() }).where(eq(csChats.id, chatId));
  }

  async send(input: {
    chat: CsChatRow;
    viewer: CsViewer;
    text: string;
    file: StoredFileRow | null;
  }): Promise<CsMessage> {
    const { chat, viewer, file } = input;
    const now = this.clock.now();
    // The message and its chat's last_message_at commit together: the inbox's ETag follows cs_chats.
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(csMessages)
        .values({
          chatId: chat.id,
          sender: viewer.kind,
          sessionId: viewer.kind === 'visitor' ? viewer.sessionId : null,
          staffUserId: viewer.kind === 'staff' ? viewer.userId : null,
          body: input.text,
          mediaFileId: file?.id ?? null,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no message');
      // Writing is reading: the sender's side has seen everything up to its own message.
      await tx
        .update(csChats)
        .set(
          viewer.kind === 'visitor'
            ? { lastMessageAt: now, visitorSeenAt: now, visitorActiveAt: now }
            : { lastMessageAt: now, staffSeenAt: now },
        )
        .where(eq(csChats.id, chat.id));
      return inserted;
    });
    await publishChatEvent(this.events, { kind: 'cs-message', chatId: chat.id, messageId: row.id });
    const item = await this.messageById(row.id);
    if (!item) throw new Error('message vanished after insert');
    return toCsMessage(item, viewer);
  }

  /**
   * The staff inbox: chats with at least one message, most recent first, in keyset pages on
   * (last_message_at, id) (a partial index of chats with a message); `search` matches the visitor's
   * email (trigram index). The last message and the unread count are looked up for the page only.
   */
  async list(
    query: z.output<typeof ZCsChatGetRequest>,
  ): Promise<{ chats: CsChat[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    // Qualified by hand: inside the subqueries a bare "id" would mean the message's id.
    const lastBody = sql<string | null>`(select case when m.body <> '' then m.body else '[media]' end
      from cs_messages m where m.chat_id = cs_chats.id order by m.id desc limit 1)`;
    const unread = sql<number>`(select count(*)::int from cs_messages m where m.chat_id = cs_chats.id
      and m.sender = 'visitor' and (cs_chats.staff_seen_at is null or m.created_at > cs_chats.staff_seen_at))`;
    const rows = await this.db
      .select({ chat: csChats, lastBody, unread, cursorAt: exactTimestamp(csChats.lastMessageAt) })
      .from(csChats)
      .where(
        and(
          isNotNull(csChats.lastMessageAt),
          pattern ? ilike(csChats.email, pattern) : undefined,
          keysetAfter([csChats.lastMessageAt, csChats.id], after),
        ),
      )
      .orderBy(desc(csChats.lastMessageAt), desc(csChats.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.chat.id]);
    return {
      chats: page.items.map(({ chat, lastBody: last, unread: count }) => ({
        id: chat.id,
        username: chat.email.split('@')[0] ?? chat.email,
        user_email: chat.email,
        last_message: last,
        last_message_at: chat.lastMessageAt?.toISOString() ?? null,
        unread: Number(count),
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** Staff users with their customer-service flag (admins answer anyway). */
  async agents() {
    const rows = await this.db
      .select({ user: users, agent: csAgents.userId })
      .from(users)
      .leftJoin(csAgents, eq(csAgents.userId, users.id))
      .where(and(eq(users.userType, 'e'), eq(users.disabled, false)))
      .orderBy(asc(users.firstName), asc(users.lastName));
    return rows.map(({ user, agent }) => ({
      id: user.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      customer_service: agent !== null,
    }));
  }

  async setAgent(userId: string, enabled: boolean): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (user?.userType !== 'e') throw notFound('Staff member not found');
    if (enabled) await this.db.insert(csAgents).values({ userId }).onConflictDoNothing();
    else await this.db.delete(csAgents).where(eq(csAgents.userId, userId));
  }

  /** The message carrying a file, for media downloads. */
  async messageWithFile(fileId: string) {
    const [row] = await this.db.select().from(csMessages).where(eq(csMessages.mediaFileId, fileId)).limit(1);
    return row ?? null;
  }
}
