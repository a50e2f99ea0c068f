import type { SocketTarget } from '@app/contract';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/errors.js';
import { CS_INBOX_ROOM, csRoom, projectRoom } from '../chat-events.js';
import type { ChatServices } from '../chat-services.js';
import type { SocketIdentity } from './identity.js';
import type { PresenceThrottle } from './presence-throttle.js';
import type { ProjectRoomHooks } from './project-hooks.js';

export interface JoinedRoom {
  /** The project id for project rooms (for read/presence), else null. */
  projectId: string | null;
  /** The newest message id this socket has acknowledged with a `read` frame (or saw at join). */
  readThrough: number;
}

/**
 * What a chat room means for one socket, and the database work it implies: which room a join
 * target is (and whether this identity may enter it), presence and read state. The hub keeps the
 * sockets; this keeps the rules.
 */
export class RoomAccess {
  constructor(
    private readonly clock: Clock,
    private readonly services: ChatServices,
    private readonly presence: PresenceThrottle,
    private readonly hooks: () => ProjectRoomHooks | null,
  ) {}

  typingName(identity: SocketIdentity, room: string): string {
    if (identity.kind === 'visitor') return identity.email;
    if (room.startsWith('cs:')) return 'Customer Service';
    return identity.user.firstName;
  }

  async roomFor(identity: SocketIdentity, target: SocketTarget) {
    if (target.kind === 'cs') {
      if (identity.kind === 'visitor') return { key: csRoom(identity.chatId), projectId: null };
      if (!identity.canServe) throw new AppError(403, 'Only customer-service staff can join this chat');
      if (!target.chat_id) throw new AppError(400, 'chat_id is required');
      const chat = await this.services.cs.chatById(target.chat_id);
      return { key: csRoom(chat.id), projectId: null };
    }
    if (target.kind === 'cs-inbox') {
      if (identity.kind !== 'user' || !identity.canServe) {
        throw new AppError(403, 'Only customer-service staff can join this room');
      }
      return { key: CS_INBOX_ROOM, projectId: null };
    }
    // The hub carries notifications itself (notification-feed.ts): not a chat room.
    if (target.kind === 'notifications') throw new AppError(400, 'Not a chat room');
    const hooks = this.hooks();
    if (identity.kind !== 'user' || !hooks) throw new AppError(404, 'Project not found');
    const found = await hooks.resolve(identity.user, target.order, target.project);
    if (!found) throw new AppError(404, 'Project not found');
    return { key: projectRoom(found.projectId), projectId: found.projectId };
  }

  /**
   * Presence: a visitor or member with an open socket is online (see offline-mail.ts). Written at
   * most once per presenceWriteEveryMs per reader and room, whatever the number of sockets and pings.
   */
  async touch(identity: SocketIdentity, rooms: Map<string, JoinedRoom>): Promise<void> {
    const now = this.clock.now().getTime();
    const hooks = this.hooks();
    for (const [room, { projectId }] of rooms) {
      const visitorHere = identity.kind === 'visitor' && room.startsWith('cs:');
      const memberHere = identity.kind === 'user' && projectId !== null && hooks !== null;
      if (!(visitorHere || memberHere) || !this.presence.due(`${room}|${sideOf(identity, room)}`, now))
        continue;
      if (identity.kind === 'visitor') await this.services.cs.touchVisitor(identity.chatId);
      else if (projectId && hooks) await hooks.touch(projectId, identity.user.id);
    }
  }

  async markRead(identity: SocketIdentity, room: string, projectId: string | null): Promise<void> {
    if (room.startsWith('cs:')) {
      const chat = await this.services.cs.chatById(room.slice(3));
      await this.services.cs.markSeen(chat, identity.kind === 'visitor' ? 'visitor' : 'staff');
      return;
    }
    const hooks = this.hooks();
    if (projectId && identity.kind === 'user' && hooks) {
      await hooks.markSeen(projectId, identity.user.id);
    }
  }
}

/** The read-state side of a socket: 'visitor' / 'staff' in customer service, the user id in projects. */
export function sideOf(identity: SocketIdentity | null, room: string): string {
  if (!identity) return '';
  if (identity.kind === 'visitor') return 'visitor';
  return room.startsWith('cs:') ? 'staff' : identity.user.id;
}
