import {
  type Discussion,
  type DiscussionsQuery,
  PROJECT_PAYMENT_HOLD_MESSAGE,
  type ProjectMessage,
} from '@app/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type ProjectChatMessageRow,
  projectChatMembers,
  projectChatMessages,
  type StoredFileRow,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events/index.js';
import { codedError } from '../../platform/http/errors.js';
import { type Actor, type ProjectsPort, projectAccountOf } from '../../ports/projects.js';
import { projectRoom, publishChatEvent } from './chat-events.js';

const HISTORY_LIMIT = 500;
/** How many just-sent messages an instance keeps for its own fan-out (it reads each within ms). */
const JUST_SENT_LIMIT = 256;
/** docs/product-contract.md §Entities (Discussion): every listed project is a chat room, marked as type 2. */
export const CHAT_PROJECT_TYPE = 2;

export interface ProjectRoom {
  projectId: string;
  orderId: string;
  projectName: string;
  clientId: string;
  clientEmail: string;
}

interface Item {
  row: ProjectChatMessageRow;
  file: StoredFileRow | null;
  senderName: string | null;
}

function toProjectMessage({ row, file, senderName }: Item, viewerId: string): ProjectMessage {
  const self = row.senderId === viewerId;
  return {
    id: row.id,
    self,
    from: self ? 'Me' : (senderName ?? 'Former member'),
    message: row.body,
    media: file ? `/api/v1/files/${file.id}` : null,
    media_name: file?.originalName ?? null,
    media_type: file?.mimeType ?? null,
    date_time: row.createdAt.toISOString(),
  };
}

/** A message loaded once; `as` gives it as one reader sees it (pure, no database). */
export interface ProjectMessageView {
  senderId: string | null;
  as(viewerId: string): ProjectMessage;
}

/** Project chat: rooms per project; who may enter is the projects feature's access rule. */
export class ProjectChats {
  /**
   * Messages this instance just stored, by id, for its own sockets' fan-out: the event carries only
   * the id (other instances read the message once each), and here the row, the file and the sender's
   * name are already in hand, so reading them back was a statement per message for nothing.
   * Bounded: a message with no socket here in its room is never asked for.
   */
  private readonly justSent = new Map<number, Item>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly projectService: ProjectsPort,
  ) {}

  /**
   * Discussions (docs/product-contract.md §Entities): one per order the user may see, with its projects
   * as rooms, in keyset pages with a search (decisions 026 (6), 030 (7, 8)): an admin's (every order),
   * a client's (their own orders) and a staff member's (the orders of their assigned projects, each with
   * those projects only).
   */
  async discussions(
    actor: Actor,
    query: DiscussionsQuery,
  ): Promise<{ discussions: Discussion[]; nextCursor: string | null }> {
    const clientAccount = projectAccountOf(actor);
    const page =
      actor.role === 'admin'
        ? await this.projectService.orderRooms(query)
        : actor.role === 'client'
          ? clientAccount
            ? await this.projectService.orderRooms(query, clientAccount)
            : { orders: [], nextCursor: null }
          : await this.projectService.staffOrderRooms(actor.id, query);
    return {
      discussions: page.orders.map((order) => ({
        id: order.id,
        name: order.name,
        client: order.client,
        projects: order.projects.map((project) => ({
          id: project.id,
          type: CHAT_PROJECT_TYPE,
          name: `${project.name} (${project.type})`,
        })),
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** The room, if the actor may use it and the project belongs to that order; otherwise null (404). */
  async room(actor: Actor, orderId: string, projectId: string): Promise<ProjectRoom | null> {
    const row = await this.projectService.accessibleProject(actor, projectId);
    if (!row || row.order.id !== orderId) return null;
    // The spec's rule for one-time payments (decision 035): past the grace, the client's service
    // stops until the overdue invoice is paid; the team can still write.
    if (actor.role === 'client' && row.project.paymentHoldSince) {
      throw codedError('project_payment_hold', PROJECT_PAYMENT_HOLD_MESSAGE);
    }
    return {
      projectId: row.project.id,
      orderId: row.order.id,
      projectName: row.project.name,
      clientId: row.order.clientId,
      clientEmail: row.clientEmail,
    };
  }

  private select() {
    return this.db
      .select({ row: projectChatMessages, file: storedFiles, senderName: users.firstName })
      .from(projectChatMessages)
      .leftJoin(storedFiles, eq(storedFiles.id, projectChatMessages.mediaFileId))
      .leftJoin(users, eq(users.id, projectChatMessages.senderId));
  }

  async messages(room: ProjectRoom, viewerId: string): Promise<ProjectMessage[]> {
    const rows = await this.select()
      .where(eq(projectChatMessages.projectId, room.projectId))
      .orderBy(desc(projectChatMessages.id))
      .limit(HISTORY_LIMIT);
    return rows.reverse().map((item) => toProjectMessage(item, viewerId));
  }

  async message(id: number, viewerId: string): Promise<ProjectMessage | null> {
    return (await this.messageView(id))?.as(viewerId) ?? null;
  }

  /**
   * One message read once, viewable by any reader: the socket fan-out loads it with one query and
   * computes each recipient's `self`/`from` in memory (decision 026 (5)).
   */
  async messageView(id: number): Promise<ProjectMessageView | null> {
    const kept = this.justSent.get(id);
    if (kept) this.justSent.delete(id);
    const [item] = kept ? [kept] : await this.select().where(eq(projectChatMessages.id, id)).limit(1);
    if (!item) return null;
    return { senderId: item.row.senderId, as: (viewerId) => toProjectMessage(item, viewerId) };
  }

  /** When anyone else last read the room. */
  async lastSeenByOthers(projectId: string, userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ at: sql<Date | null>`max(${projectChatMembers.seenAt})` })
      .from(projectChatMembers)
      .where(and(eq(projectChatMembers.projectId, projectId), ne(projectChatMembers.userId, userId)));
    return row?.at ? new Date(row.at).toISOString() : null;
  }

  private async upsertMember(projectId: string, userId: string, values: { seenAt?: Date; activeAt?: Date }) {
    await this.db
      .insert(projectChatMembers)
      .values({ projectId, userId, ...values })
      .onConflictDoUpdate({ target: [projectChatMembers.projectId, projectChatMembers.userId], set: values });
  }

  async markSeen(projectId: string, userId: string): Promise<void> {
    const now = this.clock.now();
    await this.upsertMember(projectId, userId, { seenAt: now, activeAt: now });
    await publishChatEvent(this.events, {
      kind: 'read',
      room: projectRoom(projectId),
      side: userId,
      at: now.toISOString(),
    });
  }

  async touch(projectId: string, userId: string): Promise<void> {
    await this.upsertMember(projectId, userId, { activeAt: this.clock.now() });
  }

  async send(
    room: ProjectRoom,
    sender: { id: string; firstName: string },
    text: string,
    file: StoredFileRow | null,
  ) {
    const senderId = sender.id;
    const now = this.clock.now();
    const [row] = await this.db
      .insert(projectChatMessages)
      .values({
        projectId: room.projectId,
        senderId,
        body: text,
        mediaFileId: file?.id ?? null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no message');
    await this.upsertMember(room.projectId, senderId, { seenAt: now, activeAt: now });
    this.justSent.set(row.id, { row, file, senderName: sender.firstName });
    if (this.justSent.size > JUST_SENT_LIMIT) {
      const oldest = this.justSent.keys().next().value;
      if (oldest !== undefined) this.justSent.delete(oldest);
    }
    await publishChatEvent(this.events, {
      kind: 'project-message',
      projectId: room.projectId,
      messageId: row.id,
    });
    // The sender's own view needs no read-back: `from` is 'Me', and the file is the one just stored.
    return toProjectMessage({ row, file, senderName: sender.firstName }, senderId);
  }

  /** File policy: project chat media is for the room's members only. */
  async canReadMedia(fileId: string, actor: Actor | null): Promise<boolean> {
    if (!actor) return false;
    const [row] = await this.db
      .select({ projectId: projectChatMessages.projectId })
      .from(projectChatMessages)
      .where(eq(projectChatMessages.mediaFileId, fileId))
      .limit(1);
    return row ? this.projectService.canAccessProject(actor, row.projectId) : false;
  }
}
