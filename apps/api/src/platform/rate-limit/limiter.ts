import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.js';
import type { RedisConnection } from '../redis/redis-connection.js';

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

/**
 * Memory by default; Redis (shared by every instance) when a connection is given. Redis only
 * accelerates: while it is down, or when a command fails or times out, the rule is counted in this
 * instance's memory (rate-limiter-flexible's insurance limiter), so requests never wait on Redis
 * for longer than its command timeout and never fail because of it.
 */
export function createRateLimiterFactory(redis?: RedisConnection): RateLimiterFactory {
  return (rule) => {
    const options = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    const limiter = redis ? redisWithMemoryFallback(redis, options) : new RateLimiterMemory(options);
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

type LimiterOptions = ConstructorParameters<typeof RateLimiterMemory>[0];
type CallOptions = Record<string, unknown>;

interface LimiterStore {
  consume(key: string): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
  delete(key: string): Promise<boolean>;
}

/**
 * The Redis limiter with a memory limiter of the same rule as its insurance. While the connection
 * is known to be down (or still connecting), calls go straight to that memory limiter, with no
 * Redis round trip; when Redis is thought up and a command fails or times out, the insurance
 * answers and tells the connection, which logs the change once and probes until Redis is back.
 */
function redisWithMemoryFallback(redis: RedisConnection, options: LimiterOptions): LimiterStore {
  const memory = new StandInMemoryLimiter(options, () =>
    // A no-op unless Redis was thought up, so direct calls while it is down report nothing.
    redis.reportFailure(new Error('a rate-limit command failed or timed out')),
  );
  const shared = new RateLimiterRedis({
    ...options,
    storeClient: redis.client,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
  return {
    consume: (key) => (redis.isUp ? shared.consume(key) : memory.consume(key)),
    get: (key) => (redis.isUp ? shared.get(key) : memory.get(key)),
    delete: (key) => (redis.isUp ? shared.delete(key) : memory.delete(key)),
  };
}

/** A memory limiter that says each time it is used (as the insurance, it stands in for Redis). */
class StandInMemoryLimiter extends RateLimiterMemory {
  constructor(
    options: LimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: CallOptions) {
    this.onUse();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: CallOptions) {
    this.onUse();
    return super.get(key, options);
  }

  override delete(key: string | number, options?: CallOptions) {
    this.onUse();
    return super.delete(key, options);
  }
}

function stateOf(rule: RateLimitRule, res: RateLimiterRes, allowed: boolean): RateLimitState {
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, res.remainingPoints),
    msBeforeNext: Math.max(0, res.msBeforeNext),
  };
}
