import { randomUUID } from 'node:crypto';
import { type SocketServerMessage, type SocketTarget, ZSocketClientMessage } from '@app/contract';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/http/errors.js';
import {
  CHAT_TOPIC,
  type ChatEvent,
  CS_INBOX_ROOM,
  csRoom,
  projectRoom,
  publishChatEvent,
  ZChatEvent,
} from '../chat-events.js';
import type { ChatServices } from '../chat-services.js';
import { toCsMessage, visibleToVisitor } from '../cs-view.js';
import { identify, type SocketIdentity } from './identity.js';
import type { ProjectRoomHooks } from './project-hooks.js';

const AUTH_TIMEOUT_MS = 10_000;
const TYPING_MIN_GAP_MS = 1000;

interface Client {
  id: string;
  ws: WebSocket;
  identity: SocketIdentity | null;
  /** room -> the project id for project rooms (for read/presence), else null. */
  rooms: Map<string, string | null>;
  lastTypingAt: number;
}

/**
 * Every open chat socket of this instance, grouped by room. Sends go through the EventBus and come
 * back here (on every instance) as events, so a socket on instance B hears a message posted on A.
 */
export class ChatHub {
  private readonly rooms = new Map<string, Set<Client>>();
  private readonly stopListening: () => void;
  projectHooks: ProjectRoomHooks | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly services: ChatServices,
  ) {
    this.stopListening = deps.events.subscribe(CHAT_TOPIC, (data) => {
      const event = ZChatEvent.safeParse(data);
      if (event.success) this.onEvent(event.data).catch((error) => this.logError(error));
    });
  }

  close(): void {
    this.stopListening();
  }

  private logError(error: unknown): void {
    this.deps.log.error({ err: error }, 'chat socket error');
  }

  accept(ws: WebSocket): void {
    const client: Client = { id: randomUUID(), ws, identity: null, rooms: new Map(), lastTypingAt: 0 };
    const timer = setTimeout(() => {
      if (!client.identity) ws.close(4401, 'Authentication required');
    }, AUTH_TIMEOUT_MS);
    ws.on('message', (raw) => {
      this.onFrame(client, raw.toString()).catch((error: unknown) => {
        const message = error instanceof AppError ? error.message : 'Something went wrong on our side';
        if (!(error instanceof AppError)) this.logError(error);
        send(client, { type: 'error', message });
      });
    });
    ws.on('close', () => {
      clearTimeout(timer);
      for (const room of client.rooms.keys()) this.leave(client, room);
    });
  }

  private leave(client: Client, room: string): void {
    const members = this.rooms.get(room);
    members?.delete(client);
    if (members?.size === 0) this.rooms.delete(room);
  }

  private async onFrame(client: Client, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(400, 'Frames must be JSON');
    }
    const frame = ZSocketClientMessage.safeParse(json);
    if (!frame.success) throw new AppError(400, 'Unknown or malformed frame');
    const message = frame.data;
    if (message.type === 'auth') {
      client.identity = await identify(this.deps, this.services, message);
      if (!client.identity) {
        client.ws.close(4401, 'Invalid credentials');
        return;
      }
      send(client, { type: 'ready' });
      return;
    }
    if (!client.identity) throw new AppError(401, 'Authenticate first');
    if (message.type === 'ping') {
      send(client, { type: 'pong' });
      await this.touch(client);
      return;
    }
    if (message.type === 'join') {
      const room = await this.roomFor(client.identity, message.target);
      client.rooms.set(room.key, room.projectId);
      const members = this.rooms.get(room.key) ?? new Set<Client>();
      members.add(client);
      this.rooms.set(room.key, members);
      send(client, { type: 'joined', room: room.key, target: message.target });
      await this.touch(client);
      return;
    }
    if (!client.rooms.has(message.room)) throw new AppError(403, 'Join the room first');
    if (message.type === 'typing') {
      // Every typing frame becomes a NOTIFY on PostgreSQL; one per second per socket is plenty.
      if (Date.now() - client.lastTypingAt < TYPING_MIN_GAP_MS) return;
      client.lastTypingAt = Date.now();
      const name = this.typingName(client.identity, message.room);
      await publishChatEvent(this.deps.events, {
        kind: 'typing',
        room: message.room,
        name,
        origin: client.id,
      });
      return;
    }
    await this.markRead(client, client.identity, message.room);
  }

  private typingName(identity: SocketIdentity, room: string): string {
    if (identity.kind === 'visitor') return identity.email;
    if (room.startsWith('cs:')) return 'Customer Service';
    return identity.user.firstName;
  }

  private async roomFor(identity: SocketIdentity, target: SocketTarget) {
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
    if (identity.kind !== 'user' || !this.projectHooks) throw new AppError(404, 'Project not found');
    const found = await this.projectHooks.resolve(identity.user, target.order, target.project);
    if (!found) throw new AppError(404, 'Project not found');
    return { key: projectRoom(found.projectId), projectId: found.projectId };
  }

  /** Presence: a visitor or member with an open socket is online (see offline-mail.ts). */
  private async touch(client: Client): Promise<void> {
    const identity = client.identity;
    if (!identity) return;
    for (const [room, projectId] of client.rooms) {
      if (identity.kind === 'visitor' && room.startsWith('cs:'))
        await this.services.cs.touchVisitor(identity.chatId);
      if (identity.kind === 'user' && projectId && this.projectHooks) {
        await this.projectHooks.touch(projectId, identity.user.id);
      }
    }
  }

  private async markRead(client: Client, identity: SocketIdentity, room: string): Promise<void> {
    const projectId = client.rooms.get(room);
    if (room.startsWith('cs:')) {
      const chat = await this.services.cs.chatById(room.slice(3));
      await this.services.cs.markSeen(chat, identity.kind === 'visitor' ? 'visitor' : 'staff');
    } else if (projectId && identity.kind === 'user' && this.projectHooks) {
      await this.projectHooks.markSeen(projectId, identity.user.id);
    }
  }

  private async onEvent(event: ChatEvent): Promise<void> {
    if (event.kind === 'typing') {
      for (const client of this.rooms.get(event.room) ?? []) {
        if (client.id !== event.origin) send(client, { type: 'typing', room: event.room, name: event.name });
      }
      return;
    }
    if (event.kind === 'read') {
      for (const client of this.rooms.get(event.room) ?? []) {
        if (sideOf(client.identity, event.room) !== event.side)
          send(client, { type: 'read', room: event.room, last_seen: event.at });
      }
      return;
    }
    if (event.kind === 'cs-message') return this.deliverCs(event.chatId, event.messageId);
    return this.deliverProject(event.projectId, event.messageId);
  }

  private async deliverCs(chatId: string, messageId: number): Promise<void> {
    const room = csRoom(chatId);
    const members = this.rooms.get(room);
    for (const client of this.rooms.get(CS_INBOX_ROOM) ?? [])
      send(client, { type: 'inbox', chat_id: chatId });
    if (!members?.size) return;
    const item = await this.services.cs.messageById(messageId);
    if (!item) return;
    for (const client of members) {
      const identity = client.identity;
      if (!identity) continue;
      if (identity.kind === 'visitor') {
        if (!visibleToVisitor(item.row, identity.session)) continue;
        const viewer = {
          kind: 'visitor' as const,
          sessionId: identity.session.id,
          verified: identity.session.verified,
        };
        send(client, { type: 'cs-message', room, message: toCsMessage(item, viewer) });
      } else {
        send(client, {
          type: 'cs-message',
          room,
          message: toCsMessage(item, { kind: 'staff', userId: identity.user.id }),
        });
      }
    }
  }

  private async deliverProject(projectId: string, messageId: number): Promise<void> {
    const room = projectRoom(projectId);
    const hooks = this.projectHooks;
    if (!hooks) return;
    for (const client of this.rooms.get(room) ?? []) {
      if (client.identity?.kind !== 'user') continue;
      const message = await hooks.message(messageId, client.identity.user.id);
      if (message) send(client, { type: 'project-message', room, message });
    }
  }

  /** True when a user has an open socket in a project room on this instance. */
  hasLocalMember(projectId: string, userId: string): boolean {
    for (const client of this.rooms.get(projectRoom(projectId)) ?? []) {
      if (client.identity?.kind === 'user' && client.identity.user.id === userId) return true;
    }
    return false;
  }
}

/** The read-state side of a socket: 'visitor' / 'staff' in customer service, the user id in projects. */
function sideOf(identity: SocketIdentity | null, room: string): string {
  if (!identity) return '';
  if (identity.kind === 'visitor') return 'visitor';
  return room.startsWith('cs:') ? 'staff' : identity.user.id;
}

function send(client: Client, message: SocketServerMessage): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
}
