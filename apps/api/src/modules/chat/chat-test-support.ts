import { CHAT_PATHS, CHAT_SESSION_HEADER, type SocketServerMessage } from '@app/contract';
import WebSocket from 'ws';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

// A 1x1 PNG: real magic bytes, so the type is judged from content.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface TestSocket {
  ws: WebSocket;
  /** Resolves with the first frame (already received or upcoming) that matches. */
  next<T extends SocketServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<SocketServerMessage, { type: T }>>;
  send(frame: unknown): void;
  close(): void;
  /** Resolves when the connection is closed, with the server's close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

/** `ip` is sent as X-Forwarded-For, for servers started with TRUST_PROXY=true. */
export async function openSocket(baseUrl: string, options: { ip?: string } = {}): Promise<TestSocket> {
  const headers = options.ip ? { 'x-forwarded-for': options.ip } : undefined;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${CHAT_PATHS.socket}`, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const frames: SocketServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as SocketServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    close: () => ws.close(),
    next(type, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        let waiting = true;
        // A waiter that timed out must not take a later frame away from the next one.
        const timer = setTimeout(() => {
          waiting = false;
          reject(new Error(`no "${type}" frame within ${timeoutMs} ms`));
        }, timeoutMs);
        const look = () => {
          if (!waiting) return;
          const index = frames.findIndex((frame) => frame.type === type);
          if (index >= 0) {
            clearTimeout(timer);
            const [frame] = frames.splice(index, 1);
            resolve(frame as never);
            return;
          }
          waiters.push(look);
        };
        look();
      });
    },
  };
}

/** Opens a visitor chat: returns the email, the session token and a request helper carrying it. */
export async function startVisitor(server: TestServer, email: string, token?: string) {
  const request = httpClient(server.baseUrl);
  const init = await request<{ token: string; has_hidden_history: boolean; verified: boolean }>(
    CHAT_PATHS.csInit,
    { body: { email }, headers: token ? { [CHAT_SESSION_HEADER]: token } : {} },
  );
  if (init.status !== 200) throw new Error(`init failed: ${JSON.stringify(init.body)}`);
  const headers = { [CHAT_SESSION_HEADER]: init.body.token };
  return {
    email,
    token: init.body.token,
    init: init.body,
    headers,
    get: () =>
      request<{ messages: Array<Record<string, unknown>>; has_hidden_history: boolean }>(
        CHAT_PATHS.csMessagesGet,
        {
          body: { email },
          headers,
        },
      ),
    say: (message: string) => request(CHAT_PATHS.csMessageSend, { body: { email, message }, headers }),
  };
}

export function mediaForm(
  fields: Record<string, string>,
  bytes: Buffer,
  name: string,
  type: string,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('media', new Blob([bytes], { type }), name);
  return form;
}
