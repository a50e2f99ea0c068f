import {
  CHAT_PATHS,
  SOCKET_CLOSE_CODES,
  type SocketClientMessage,
  type SocketServerMessage,
  type SocketTarget,
  ZSocketServerMessage,
} from '@app/contract';

export type SocketStatus = 'connecting' | 'open' | 'offline';

export interface ChatSocketOptions {
  /** Read at every (re)connect, so a refreshed access token is used. */
  credentials: () => { access?: string; chat_session?: string } | null;
  targets: readonly SocketTarget[];
  onFrame: (frame: SocketServerMessage) => void;
  onStatus: (status: SocketStatus) => void;
  /** Joined rooms, in target order, once every join succeeded. */
  onRooms: (rooms: string[]) => void;
}

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const PING_EVERY_MS = 25_000;
/**
 * The server closed with 1008 (over its frame budget or connection cap): reconnecting sooner would
 * only be refused again, and the screens poll meanwhile.
 */
export const POLICY_RETRY_MS = 60_000;

/** Exponential backoff with jitter, so many clients do not reconnect in lockstep. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(base / 2 + random() * (base / 2));
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_PATHS.socket}`;
}

/**
 * One chat connection: authenticates in the first frame, joins its targets, pings to stay "online", and
 * reconnects with backoff when dropped. While it is not open the screens poll (docs/product-contract.md
 * §Polling).
 */
export class ChatSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: ChatSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onmessage = null;
    // Closing a socket still connecting makes the browser log an error ("closed before the
    // connection is established"): a page that mounts and unmounts quickly (the admin's sections,
    // the bell) would fill the console. It is closed as soon as it opens instead.
    if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
    else ws.close();
  }

  send(frame: SocketClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private connect(): void {
    const credentials = this.options.credentials();
    if (!credentials) {
      this.options.onStatus('offline');
      return;
    }
    this.options.onStatus('connecting');
    const ws = new WebSocket(socketUrl(window.location));
    this.ws = ws;
    const rooms: string[] = [];
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', ...credentials }));
    ws.onmessage = (event) => {
      const parsed = ZSocketServerMessage.safeParse(safeJson(String(event.data)));
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'ready') {
        for (const target of this.options.targets) ws.send(JSON.stringify({ type: 'join', target }));
        if (this.options.targets.length === 0) this.opened(rooms);
        return;
      }
      if (frame.type === 'joined') {
        rooms.push(frame.room);
        if (rooms.length === this.options.targets.length) this.opened(rooms);
        return;
      }
      this.options.onFrame(frame);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.options.onStatus('offline');
      if (this.stopped) return;
      const delay = backoffDelay(this.attempt);
      const refused = event.code === SOCKET_CLOSE_CODES.policy;
      this.retryTimer = setTimeout(() => this.connect(), refused ? Math.max(delay, POLICY_RETRY_MS) : delay);
      this.attempt += 1;
    };
  }

  private opened(rooms: string[]): void {
    this.attempt = 0;
    this.options.onRooms([...rooms]);
    this.options.onStatus('open');
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
