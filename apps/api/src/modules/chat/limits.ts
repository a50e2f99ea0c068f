import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter, RateLimiterFactory } from '../../platform/rate-limit/limiter.js';

/**
 * Visitor endpoints are public, so they are limited per IP and per email. Per-IP limits are
 * generous because visitors behind one office NAT share an address.
 */
export interface ChatLimiters {
  initPerIp: RateLimiter;
  initPerEmail: RateLimiter;
  sendPerIp: RateLimiter;
  sendPerEmail: RateLimiter;
  codePerEmail: RateLimiter;
}

export const CHAT_RATE_MESSAGE = 'Too many chat requests. Please wait a minute and try again.';

export function createChatLimiters(factory: RateLimiterFactory): ChatLimiters {
  return {
    initPerIp: factory({ name: 'cs-init-ip', points: 60, durationSeconds: 600 }),
    initPerEmail: factory({ name: 'cs-init-email', points: 10, durationSeconds: 600 }),
    sendPerIp: factory({ name: 'cs-send-ip', points: 120, durationSeconds: 60 }),
    sendPerEmail: factory({ name: 'cs-send-email', points: 30, durationSeconds: 60 }),
    codePerEmail: factory({ name: 'cs-code-email', points: 3, durationSeconds: 600 }),
  };
}

/** Counts a hit on every limiter; a 429 carries a message the chat widget shows as is. */
export async function consumeAll(entries: Array<[RateLimiter, string]>): Promise<void> {
  for (const [limiter, key] of entries) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) {
        throw new AppError(429, CHAT_RATE_MESSAGE, error.headers);
      }
      throw error;
    }
  }
}

/**
 * WebSocket abuse limits (decision 010, docs/operations.md). Everything here is counted in this
 * instance's memory: a per-socket check is O(1) and touches no database, and per-IP caps are per
 * instance (N instances behind a balancer allow up to N times the per-IP figures).
 */
export interface ChatSocketLimits {
  /** Open sockets from one client IP (before authentication). */
  connectionsPerIp: number;
  /** Open sockets of one visitor chat session (browser tabs). */
  connectionsPerVisitorSession: number;
  /** Open sockets of one signed-in user. */
  connectionsPerUser: number;
  /** Frames one socket may send at once, then `socketFramesPerSecond` more each second. */
  socketFrameBurst: number;
  socketFramesPerSecond: number;
  /** The same budget shared by every socket of one client IP. */
  ipFrameBurst: number;
  ipFramesPerSecond: number;
  /**
   * `auth` and `join` read the database, so each counts as this many frames against both budgets;
   * an address that cannot afford an `auth` is refused before the upgrade (429).
   */
  databaseFrameCost: number;
  /** `join` frames read the database (room access), so a socket gets only this many. */
  joinsPerSocket: number;
  /** Presence (`*_active_at`) is written at most this often per socket; pings in between are free. */
  presenceWriteEveryMs: number;
  /** Read receipts of one reader in one room are written at most this often (coalesced). */
  readWriteEveryMs: number;
}

/**
 * The web client sends `auth` and one or two `join`s per connection (15 frames' worth), then a ping
 * every 25 s, a typing frame at most every 2 s and one `read` per message received, so normal use
 * stays far below these budgets; 20 colleagues behind one office address reconnecting at once
 * (300) still fit the address's burst.
 */
export const DEFAULT_CHAT_SOCKET_LIMITS: ChatSocketLimits = {
  connectionsPerIp: 30,
  connectionsPerVisitorSession: 5,
  connectionsPerUser: 10,
  socketFrameBurst: 40,
  socketFramesPerSecond: 2,
  ipFrameBurst: 300,
  ipFramesPerSecond: 20,
  databaseFrameCost: 5,
  joinsPerSocket: 20,
  presenceWriteEveryMs: 20_000,
  readWriteEveryMs: 1000,
};
