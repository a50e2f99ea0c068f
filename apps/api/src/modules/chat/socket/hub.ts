import { randomUUID } from 'node:crypto';
import { SOCKET_CLOSE_CODES, type SocketServerMessage, ZSocketClientMessage } from '@app/contract';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../../app-deps.js';
import { AppError } from '../../../platform/http/errors.js';
import { findDisallowedText } from '../../../platform/http/input-hygiene.js';
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
import { type CsViewer, toCsMessage, visibleToVisitor } from '../cs-view.js';
import type { ChatSocketLimits } from '../limits.js';
import { SocketAdmission } from './admission.js';
import { identify, type SocketIdentity } from './identity.js';
import { NOTIFICATIONS_ROOM, watchNotifications } from './notification-feed.js';
import { PresenceThrottle } from './presence-throttle.js';
import type { ProjectRoomHooks } from './project-hooks.js';
import { ReadReceipts } from './read-receipts.js';
import { type JoinedRoom, RoomAccess, sideOf } from './room-access.js';
import type { TokenBucket } from './token-bucket.js';

const AUTH_TIMEOUT_MS = 10_000;
const TYPING_MIN_GAP_MS = 1000;
/** A refused client that does not answer the close handshake is cut off after this. */
const CLOSE_GRACE_MS = 1000;

interface Client {
  id: string;
  ws: WebSocket;
  ip: string;
  identity: SocketIdentity | null;
  /** The admission key (`session:…` / `user:…`) this socket counts against, once authenticated. */
  claim: string | null;
  authenticating: boolean;
  /** Refused: later frames are dropped unread. */
  closing: boolean;
  frames: TokenBucket;
  joins: number;
  rooms: Map<string, JoinedRoom>;
  lastTypingAt: number;
  /** Stops the person's notification pushes to this socket (once it joined them). */
  unwatch: (() => void) | null;
}

/**
 * Every open chat socket of this instance, grouped by room. Sends go through the EventBus and come
 * back here (on every instance) as events, so a socket on instance B hears a message posted on A.
 */
export class ChatHub {
  private readonly rooms = new Map<string, Set<Client>>();
  private readonly stopListening: () => void;
  private readonly admission: SocketAdmission;
  private readonly receipts: ReadReceipts;
  private readonly access: RoomAccess;
  projectHooks: ProjectRoomHooks | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly services: ChatServices,
    private readonly limits: ChatSocketLimits,
  ) {
    this.admission = new SocketAdmission(limits);
    this.receipts = new ReadReceipts(limits.readWriteEveryMs, (error) => this.logError(error));
    this.access = new RoomAccess(
      deps.clock,
      services,
      new PresenceThrottle(limits.presenceWriteEveryMs),
      () => this.projectHooks,
    );
    this.stopListening = deps.events.subscribe(CHAT_TOPIC, (data) => {
      const event = ZChatEvent.safeParse(data);
      if (event.success) this.onEvent(event.data).catch((error) => this.logError(error));
    });
  }

  close(): void {
    this.stopListening();
    this.receipts.stop();
  }

  private logError(error: unknown): void {
    this.deps.log.error({ err: error }, 'chat socket error');
  }

  /** Why an upgrade from `ip` is refused before it happens (HTTP 429), or null. */
  refusal(ip: string): string | null {
    return this.admission.refusal(ip);
  }

  /** A new socket from client address `ip`: admitted, or closed with 1008 at once. */
  accept(ws: WebSocket, ip: string): void {
    const refused = this.admission.open(ip);
    if (refused) {
      ws.close(SOCKET_CLOSE_CODES.policy, refused);
      cutOffLater(ws);
      return;
    }
    this.deps.metrics.socketOpened();
    const client: Client = {
      id: randomUUID(),
      ws,
      ip,
      identity: null,
      claim: null,
      authenticating: false,
      closing: false,
      frames: this.admission.socketBudget(),
      joins: 0,
      rooms: new Map(),
      lastTypingAt: 0,
      unwatch: null,
    };
    const timer = setTimeout(() => {
      if (!client.identity) ws.close(SOCKET_CLOSE_CODES.unauthenticated, 'Authentication required');
    }, AUTH_TIMEOUT_MS);
    ws.on('message', (raw) => {
      // Budgets first: O(1) and in memory, before the frame is even parsed.
      if (client.closing || !this.charge(client, 1)) return;
      this.onFrame(client, raw.toString()).catch((error: unknown) => {
        const message = error instanceof AppError ? error.message : 'Something went wrong on our side';
        if (!(error instanceof AppError)) this.logError(error);
        send(client, { type: 'error', message });
      });
    });
    ws.on('close', () => {
      clearTimeout(timer);
      this.deps.metrics.socketClosed();
      this.admission.close(client.ip);
      if (client.claim) this.admission.release(client.claim);
      client.claim = null;
      client.unwatch?.();
      for (const room of client.rooms.keys()) this.leave(client, room);
    });
  }

  /** Takes `cost` from the socket's and the address's budgets; over either, the socket is closed. */
  private charge(client: Client, cost: number): boolean {
    if (!this.admission.takeSocketFrame(client.frames, cost)) {
      this.refuse(client, 'Too many frames on this connection');
      return false;
    }
    if (!this.admission.takeFrame(client.ip, cost)) {
      this.refuse(client, 'Too many frames from your address');
      return false;
    }
    return true;
  }

  /** Closes an abusive socket with 1008 and a reason, and stops reading its frames. */
  private refuse(client: Client, reason: string): void {
    client.closing = true;
    client.ws.close(SOCKET_CLOSE_CODES.policy, reason);
    cutOffLater(client.ws);
  }

  private leave(client: Client, room: string): void {
    const members = this.rooms.get(room);
    members?.delete(client);
    if (members?.size === 0) {
      this.rooms.delete(room);
      this.receipts.forgetRoom(room);
    }
  }

  private async authenticate(client: Client, credentials: { access?: string; chat_session?: string }) {
    if (client.identity || client.authenticating) throw new AppError(400, 'Already authenticated');
    client.authenticating = true;
    const identity = await identify(this.deps, this.services, credentials).finally(() => {
      client.authenticating = false;
    });
    if (!identity) {
      client.ws.close(SOCKET_CLOSE_CODES.unauthenticated, 'Invalid credentials');
      return;
    }
    if (client.closing || client.ws.readyState !== client.ws.OPEN) return;
    const claim = identity.kind === 'visitor' ? `session:${identity.session.id}` : `user:${identity.user.id}`;
    const cap =
      identity.kind === 'visitor' ? this.limits.connectionsPerVisitorSession : this.limits.connectionsPerUser;
    if (!this.admission.claim(claim, cap)) {
      const whose = identity.kind === 'visitor' ? 'this chat session' : 'this account';
      this.refuse(client, `Too many chat connections for ${whose}`);
      return;
    }
    client.claim = claim;
    client.identity = identity;
    send(client, { type: 'ready' });
  }

  private async onFrame(client: Client, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(400, 'Frames must be JSON');
    }
    const frame = ZSocketClientMessage.safeParse(json);
    // Control characters are refused here as in every HTTP input (platform/http/input-hygiene.ts).
    if (!frame.success || findDisallowedText(frame.data)) {
      throw new AppError(400, 'Unknown or malformed frame');
    }
    const message = frame.data;
    // Frames that read the database cost more (the first token was taken before parsing).
    const extraCost = this.limits.databaseFrameCost - 1;
    if (message.type === 'auth') {
      if (this.charge(client, extraCost)) await this.authenticate(client, message);
      return;
    }
    if (!client.identity) throw new AppError(401, 'Authenticate first');
    if (message.type === 'ping') {
      // Answered from memory; presence is written at most every presenceWriteEveryMs per reader.
      send(client, { type: 'pong' });
      await this.access.touch(client.identity, client.rooms);
      return;
    }
    if (message.type === 'join') {
      client.joins += 1;
      if (client.joins > this.limits.joinsPerSocket) {
        this.refuse(client, 'Too many rooms joined on this connection');
        return;
      }
      if (!this.charge(client, extraCost)) return;
      if (message.target.kind === 'notifications') {
        client.unwatch ??= watchNotifications(this.deps, client.identity, (frame) => sendRaw(client, frame));
        send(client, { type: 'joined', room: NOTIFICATIONS_ROOM, target: message.target });
        return;
      }
      const room = await this.access.roomFor(client.identity, message.target);
      if (client.closing || client.ws.readyState !== client.ws.OPEN) return;
      const joined = { projectId: room.projectId, readThrough: this.receipts.newest(room.key) };
      client.rooms.set(room.key, joined);
      const members = this.rooms.get(room.key) ?? new Set<Client>();
      members.add(client);
      this.rooms.set(room.key, members);
      send(client, { type: 'joined', room: room.key, target: message.target });
      await this.access.touch(client.identity, new Map([[room.key, joined]]));
      return;
    }
    const joined = client.rooms.get(message.room);
    if (!joined) throw new AppError(403, 'Join the room first');
    if (message.type === 'typing') {
      // Every typing frame becomes a NOTIFY on PostgreSQL; one per second per socket is plenty.
      if (Date.now() - client.lastTypingAt < TYPING_MIN_GAP_MS) return;
      client.lastTypingAt = Date.now();
      const name = this.access.typingName(client.identity, message.room);
      await publishChatEvent(this.deps.events, {
        kind: 'typing',
        room: message.room,
        name,
        origin: client.id,
      });
      return;
    }
    this.read(client.identity, message.room, joined);
  }

  /**
   * A `read` frame costs nothing unless a message arrived in the room since this socket's last
   * receipt; counted receipts are coalesced per reader and room (ReadReceipts).
   */
  private read(identity: SocketIdentity, room: string, joined: JoinedRoom): void {
    const newest = this.receipts.newest(room);
    if (newest <= joined.readThrough) return;
    joined.readThrough = newest;
    this.receipts.record(`${room}|${sideOf(identity, room)}`, () =>
      this.access.markRead(identity, room, joined.projectId),
    );
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
    if (event.kind === 'cs-message') {
      this.noteMessage(csRoom(event.chatId), event.messageId);
      return this.deliverCs(event.chatId, event.messageId);
    }
    this.noteMessage(projectRoom(event.projectId), event.messageId);
    return this.deliverProject(event.projectId, event.messageId);
  }

  private noteMessage(room: string, messageId: number): void {
    if (this.rooms.has(room)) this.receipts.noteMessage(room, messageId);
  }

  /**
   * One database read per message whatever the room's size: the message is loaded once and each
   * distinct view of it (visitor, staff, the replying staff member) is serialised once; sockets get
   * the prepared frame without waiting on each other (ws.send only queues).
   */
  private async deliverCs(chatId: string, messageId: number): Promise<void> {
    const room = csRoom(chatId);
    const members = this.rooms.get(room);
    const inbox = JSON.stringify({ type: 'inbox', chat_id: chatId } satisfies SocketServerMessage);
    for (const client of this.rooms.get(CS_INBOX_ROOM) ?? []) sendRaw(client, inbox);
    if (!members?.size) return;
    const item = await this.services.cs.messageById(messageId);
    if (!item) return;
    const frames = new Map<string, string>();
    const frameFor = (key: string, viewer: CsViewer) => {
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = JSON.stringify({
          type: 'cs-message',
          room,
          message: toCsMessage(item, viewer),
        } satisfies SocketServerMessage);
        frames.set(key, frame);
      }
      return frame;
    };
    for (const client of members) {
      const identity = client.identity;
      if (!identity) continue;
      if (identity.kind === 'visitor') {
        if (!visibleToVisitor(item.row, identity.session)) continue;
        // toCsMessage gives every visitor the same view (it depends on the sender side only).
        const viewer = {
          kind: 'visitor' as const,
          sessionId: identity.session.id,
          verified: identity.session.verified,
        };
        sendRaw(client, frameFor('visitor', viewer));
      } else {
        const own = item.row.staffUserId === identity.user.id;
        sendRaw(client, frameFor(own ? 'staff:me' : 'staff', { kind: 'staff', userId: identity.user.id }));
      }
    }
  }

  /** As deliverCs: one query per message, two prepared frames (the sender's and everyone else's). */
  private async deliverProject(projectId: string, messageId: number): Promise<void> {
    const room = projectRoom(projectId);
    const hooks = this.projectHooks;
    const members = this.rooms.get(room);
    if (!hooks || !members?.size) return;
    const view = await hooks.message(messageId);
    if (!view) return;
    let mine: string | undefined;
    let theirs: string | undefined;
    for (const client of members) {
      if (client.identity?.kind !== 'user') continue;
      const userId = client.identity.user.id;
      if (userId === view.senderId) {
        mine ??= JSON.stringify({
          type: 'project-message',
          room,
          message: view.as(userId),
        } satisfies SocketServerMessage);
        sendRaw(client, mine);
      } else {
        theirs ??= JSON.stringify({
          type: 'project-message',
          room,
          message: view.as(userId),
        } satisfies SocketServerMessage);
        sendRaw(client, theirs);
      }
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

function cutOffLater(ws: WebSocket): void {
  setTimeout(() => {
    if (ws.readyState !== ws.CLOSED) ws.terminate();
  }, CLOSE_GRACE_MS).unref();
}

function send(client: Client, message: SocketServerMessage): void {
  sendRaw(client, JSON.stringify(message));
}

/** A frame already serialised (fan-out serialises once per view, not per socket). */
function sendRaw(client: Client, frame: string): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(frame);
}
