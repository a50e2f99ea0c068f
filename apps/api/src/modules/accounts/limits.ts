import type { RateLimiter, RateLimiterFactory } from '../../platform/rate-limit/limiter.js';

/** Brute-force limits for sign-in and password reset, per email and per client IP. */
export interface AuthLimitSettings {
  failuresPerEmail: number;
  attemptsPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimitSettings = {
  failuresPerEmail: 5,
  attemptsPerIp: 60,
  windowSeconds: 15 * 60,
};

export interface AuthLimiters {
  signinEmail: RateLimiter;
  signinIp: RateLimiter;
  resetEmail: RateLimiter;
  resetIp: RateLimiter;
}

export function createAuthLimiters(factory: RateLimiterFactory, settings: AuthLimitSettings): AuthLimiters {
  const perEmail = (name: string) =>
    factory({ name, points: settings.failuresPerEmail, durationSeconds: settings.windowSeconds });
  const perIp = (name: string) =>
    factory({ name, points: settings.attemptsPerIp, durationSeconds: settings.windowSeconds });
  return {
    signinEmail: perEmail('signin-email'),
    signinIp: perIp('signin-ip'),
    resetEmail: perEmail('reset-email'),
    resetIp: perIp('reset-ip'),
  };
}
