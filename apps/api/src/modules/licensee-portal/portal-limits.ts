import { PORTAL_LIMITS, type PortalStringKey, portalText } from '@app/contract';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter, RateLimiterFactory } from '../../platform/rate-limit/limiter.js';

const HOUR = 3600;

/**
 * The portal's rate limits (decision 036), counted by the one limiter (memory, or Redis shared by
 * every instance): codes per owner and email, codes per address, key sign-ins per address.
 */
export class PortalLimits {
  private readonly codesPerEmail: RateLimiter;
  private readonly codesPerIp: RateLimiter;
  private readonly keysPerIp: RateLimiter;

  constructor(rateLimiters: RateLimiterFactory) {
    this.codesPerEmail = rateLimiters({
      name: 'portal-codes-email',
      points: PORTAL_LIMITS.codesPerEmailPerHour,
      durationSeconds: HOUR,
    });
    this.codesPerIp = rateLimiters({
      name: 'portal-codes-ip',
      points: PORTAL_LIMITS.codesPerIpPerHour,
      durationSeconds: HOUR,
    });
    this.keysPerIp = rateLimiters({
      name: 'portal-keys-ip',
      points: PORTAL_LIMITS.keySignInsPerIpPerHour,
      durationSeconds: HOUR,
    });
  }

  /** One code asked for: 429 with `tooManyCodes` past either limit. */
  async code(ownerId: string, email: string, ip: string): Promise<void> {
    await worded(this.codesPerIp.consume(ip), 'tooManyCodes');
    await worded(this.codesPerEmail.consume(`${ownerId}:${email}`), 'tooManyCodes');
  }

  /** One key sign-in tried: 429 with `tooManyKeyTries` past the limit. */
  async keySignIn(ip: string): Promise<void> {
    await worded(this.keysPerIp.consume(ip), 'tooManyKeyTries');
  }
}

/** The limiter's 429 (with its Retry-After), in the portal's words. */
async function worded(counted: Promise<void>, sentence: PortalStringKey): Promise<void> {
  try {
    await counted;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      throw new AppError(429, portalText(sentence), error.headers);
    }
    throw error;
  }
}
