import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.js';

export interface RateLimitRule {
  /** Unique name; also the Redis key prefix. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit for `key`; throws a 429 AppError (with Retry-After) when over the limit. */
  consume(key: string): Promise<void>;
  /** Throws 429 if `key` is already over the limit, without counting a hit. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Counts one hit and reports the window instead of throwing (for X-RateLimit-* headers). */
  take(key: string): Promise<RateLimitState>;
  /** The window's state for `key` without counting a hit. */
  peek(key: string): Promise<RateLimitState>;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  msBeforeNext: number;
}

export type RateLimiterFactory = (rule: RateLimitRule) => RateLimiter;

/** Memory by default; Redis (shared by every instance) when a client is given. */
export function createRateLimiterFactory(redis?: Redis): RateLimiterFactory {
  return (rule) => {
    const options = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    const limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: false })
      : new RateLimiterMemory(options);
    return {
      async consume(key) {
        try {
          await limiter.consume(key);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
          throw rejection;
        }
      },
      async check(key) {
        const state = await limiter.get(key);
        if (state && state.consumedPoints > rule.points) throw tooManyRequests(state.msBeforeNext / 1000);
        if (state && state.consumedPoints >= rule.points && state.remainingPoints <= 0) {
          throw tooManyRequests(state.msBeforeNext / 1000);
        }
      },
      async reset(key) {
        await limiter.delete(key);
      },
      async take(key) {
        try {
          const res = await limiter.consume(key);
          return stateOf(rule, res, true);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return stateOf(rule, rejection, false);
          throw rejection;
        }
      },
      async peek(key) {
        const res = await limiter.get(key);
        if (!res) return { allowed: true, limit: rule.points, remaining: rule.points, msBeforeNext: 0 };
        return stateOf(rule, res, res.consumedPoints < rule.points);
      },
    };
  };
}

function stateOf(rule: RateLimitRule, res: RateLimiterRes, allowed: boolean): RateLimitState {
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, res.remainingPoints),
    msBeforeNext: Math.max(0, res.msBeforeNext),
  };
}
