import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, ChatSocket, POLICY_RETRY_MS, type SocketStatus, socketUrl } from './chat-socket';

class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  closedWhile: number[] = [];
  close(code = 1000) {
    this.closedWhile.push(this.readyState);
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatSocket', () => {
  it('stopped while still connecting, closes the socket once it opens, never before (no browser error)', () => {
    const statuses: SocketStatus[] = [];
    const socket = new ChatSocket({
      credentials: () => ({ chat_session: 'token-1' }),
      targets: [{ kind: 'cs' }],
      onFrame: () => undefined,
      onStatus: (status) => statuses.push(status),
      onRooms: () => undefined,
    });
    socket.start();
    const ws = FakeSocket.instances[0];
    if (!ws) throw new Error('no socket');
    socket.stop();
    expect(ws.closedWhile).toEqual([]);
    ws.open();
    expect(ws.closedWhile).toEqual([FakeSocket.OPEN]);
    // Nothing was sent on a socket nobody wants, and no reconnection follows.
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('authenticates first, joins its targets, then reports open and the joined rooms', () => {
    const statuses: SocketStatus[] = [];
    const rooms: string[][] = [];
    const frames: unknown[] = [];
    const socket = new ChatSocket({
      credentials: () => ({ chat_session: 'token-1' }),
      targets: [{ kind: 'cs' }],
      onFrame: (frame) => frames.push(frame),
      onStatus: (status) => statuses.push(status),
      onRooms: (list) => rooms.push(list),
    });
    socket.start();
    const ws = FakeSocket.instances[0];
    if (!ws) throw new Error('no socket');
    expect(ws.url).toMatch(/^ws:\/\/.+\/api\/v1\/chat\/socket$/);
    ws.open();
    expect(ws.sent).toEqual([{ type: 'auth', chat_session: 'token-1' }]);
    ws.receive({ type: 'ready' });
    expect(ws.sent[1]).toEqual({ type: 'join', target: { kind: 'cs' } });
    ws.receive({ type: 'joined', room: 'cs:abc', target: { kind: 'cs' } });
    expect(statuses).toEqual(['connecting', 'open']);
    expect(rooms).toEqual([['cs:abc']]);
    ws.receive({ type: 'typing', room: 'cs:abc', name: 'Customer Service' });
    ws.receive({ nonsense: true });
    expect(frames).toEqual([{ type: 'typing', room: 'cs:abc', name: 'Customer Service' }]);
    socket.stop();
  });

  it('reconnects with growing delays after the connection drops, and stops when told', () => {
    const statuses: SocketStatus[] = [];
    const socket = new ChatSocket({
      credentials: () => ({ access: 'a' }),
      targets: [],
      onFrame: () => undefined,
      onStatus: (status) => statuses.push(status),
      onRooms: () => undefined,
    });
    socket.start();
    FakeSocket.instances[0]?.close();
    expect(statuses.at(-1)).toBe('offline');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]?.close();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(3);
    socket.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('waits a minute before reconnecting when the server refused it with 1008 (over a budget)', () => {
    const socket = new ChatSocket({
      credentials: () => ({ chat_session: 't' }),
      targets: [],
      onFrame: () => undefined,
      onStatus: () => undefined,
      onRooms: () => undefined,
    });
    socket.start();
    FakeSocket.instances[0]?.close(1008);
    vi.advanceTimersByTime(POLICY_RETRY_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    socket.stop();
  });
});

describe('backoff and url', () => {
  it('doubles up to 30 s with jitter in the upper half', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });

  it('uses wss on https pages', () => {
    expect(socketUrl({ protocol: 'https:', host: 'example.com' })).toBe(
      'wss://example.com/api/v1/chat/socket',
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/v1/chat/socket',
    );
  });
});
