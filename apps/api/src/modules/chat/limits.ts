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
