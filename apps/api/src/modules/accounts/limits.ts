import type { RateLimiter, RateLimiterFactory } from '../../platform/rate-limit/limiter.js';

/**
 * Brute-force limits for sign-in, the admin login, the forgot-password answer and sign-up
 * (OWASP authentication guidance; docs/decisions/014). Failures are counted per email *and* client
 * address, so someone failing from their address cannot lock the owner out from another one.
 */
export interface AuthLimitSettings {
  /** Failures for one email from one client address before that pair is refused for `windowSeconds`. */
  failuresPerEmailAndIp: number;
  /** Attempts from one client address, whatever the email, per `windowSeconds`. */
  attemptsPerIp: number;
  windowSeconds: number;
  /**
   * Failures for one email from every address together per `emailWindowSeconds`. It slows a guesser
   * spread over many addresses; the window is short, so the owner waits at most that long.
   */
  failuresPerEmail: number;
  emailWindowSeconds: number;
  /** Sign-ups from one client address per `signupWindowSeconds` (each costs two argon2 hashes). */
  signupsPerIp: number;
  signupWindowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimitSettings = {
  failuresPerEmailAndIp: 5,
  attemptsPerIp: 60,
  windowSeconds: 15 * 60,
  failuresPerEmail: 20,
  emailWindowSeconds: 60,
  signupsPerIp: 10,
  signupWindowSeconds: 60 * 60,
};

/** The counters of one kind of credential check; every method throws 429 (Retry-After) when over. */
export interface CredentialLimits {
  /** Counts an attempt from the client address, whatever its outcome. */
  attempt(ip: string): Promise<void>;
  /** Before checking the secret: refuses this email from this address, or from everywhere when slowed. */
  allowed(email: string, ip: string): Promise<void>;
  failed(email: string, ip: string): Promise<void>;
  /** The right secret clears this address's failures for the email (not the other addresses'). */
  succeeded(email: string, ip: string): Promise<void>;
}

export interface AuthLimiters {
  signin: CredentialLimits;
  /** The admin login has its own counters: client sign-in failures never block it, nor the reverse. */
  adminSignin: CredentialLimits;
  /** The forgot-password dialog: both steps count per address; wrong answers like wrong passwords. */
  reset: CredentialLimits;
  signupIp: RateLimiter;
}

export function createAuthLimiters(factory: RateLimiterFactory, settings: AuthLimitSettings): AuthLimiters {
  const credentialLimits = (name: string): CredentialLimits => {
    const perIp = factory({
      name: `${name}-ip`,
      points: settings.attemptsPerIp,
      durationSeconds: settings.windowSeconds,
    });
    const perPair = factory({
      name: `${name}-email-ip`,
      points: settings.failuresPerEmailAndIp,
      durationSeconds: settings.windowSeconds,
    });
    const perEmail = factory({
      name: `${name}-email`,
      points: settings.failuresPerEmail,
      durationSeconds: settings.emailWindowSeconds,
    });
    // Emails are lower-cased by the contract and never contain spaces.
    const pair = (email: string, ip: string) => `${email} ${ip}`;
    return {
      attempt: (ip) => perIp.consume(ip),
      async allowed(email, ip) {
        await perPair.check(pair(email, ip));
        await perEmail.check(email);
      },
      async failed(email, ip) {
        // Counted without throwing: this attempt still gets its own answer; the next one is refused.
        await Promise.all([perPair.take(pair(email, ip)), perEmail.take(email)]);
      },
      succeeded: (email, ip) => perPair.reset(pair(email, ip)),
    };
  };
  return {
    signin: credentialLimits('signin'),
    adminSignin: credentialLimits('admin-signin'),
    reset: credentialLimits('reset'),
    signupIp: factory({
      name: 'signup-ip',
      points: settings.signupsPerIp,
      durationSeconds: settings.signupWindowSeconds,
    }),
  };
}
