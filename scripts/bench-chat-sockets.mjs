// The chat socket protocol as the chat benchmarks (bench:chat, bench:chat-flood) speak it: the bare
// `ws` server's side of it, the floor each benchmark measures the API against, and a client that
// authenticates and joins a room.
import WebSocket, { WebSocketServer } from 'ws';

export const SOCKET_PATH = '/api/v1/chat/socket';

/**
 * The protocol's answers and nothing else, on `http`'s socket path: `auth` → `ready`, `join` →
 * `joined` (in the room `roomOf(target)`, after `onJoined(ws, room)`), `ping` → `pong`. Frames that are
 * not JSON are ignored.
 */
export function bareChatSockets(http, { roomOf, onJoined = () => {}, maxPayload } = {}) {
  const wss = new WebSocketServer({ server: http, path: SOCKET_PATH, ...(maxPayload ? { maxPayload } : {}) });
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      let frame;
      try {
        frame = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (frame.type === 'auth') ws.send('{"type":"ready"}');
      else if (frame.type === 'join') {
        const room = roomOf(frame.target);
        onJoined(ws, room);
        ws.send(JSON.stringify({ type: 'joined', room, target: frame.target }));
      } else if (frame.type === 'ping') ws.send('{"type":"pong"}');
    });
  });
  return wss;
}

/** The socket URL of an HTTP base (`http://host:port` → `ws://host:port/api/v1/chat/socket`). */
export const socketUrl = (base) => `${base.replace(/^http/, 'ws')}${SOCKET_PATH}`;

/** A socket that has sent `auth` (the frame's fields, e.g. `{access}`) and joined `target`; rejects on an error frame. */
export function joinChat(url, auth, target) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', ...auth })));
    const onFrame = (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'join', target }));
      else if (frame.type === 'joined') {
        ws.off('message', onFrame);
        resolve(ws);
      } else if (frame.type === 'error') reject(new Error(frame.message));
    };
    ws.on('message', onFrame);
  });
}
