import { createHash, randomBytes } from 'node:crypto';
import { type AccessClaims, type UserType, ZAccessClaims } from '@app/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_TTL_SESSION_MS = 24 * 60 * 60 * 1000;

export interface TokenService {
  /** `sessionId` is the refresh-token family the token is issued with (the `sid` claim). */
  signAccess(userId: string, userType: UserType, sessionId: string): Promise<string>;
  /** Returns the claims, or null for a forged, malformed or expired token. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

/** How many verified access tokens are remembered (a few MB); the oldest is forgotten first. */
export const VERIFIED_TOKEN_MEMO_SIZE = 20_000;

export function createTokenService(
  secret: string,
  clock: Clock,
  memoSize = VERIFIED_TOKEN_MEMO_SIZE,
): TokenService {
  const key = new TextEncoder().encode(secret);
  // Every authenticated request verifies its token, and the web sends the same one for 15 minutes:
  // jose's HMAC check (WebCrypto, a thread-pool job per call) was ~9 % of a busy dashboard's CPU.
  // A token string that verified once verifies again until it expires (the signature is a pure
  // function of the string and the secret), so the claims are remembered until `exp`. Only tokens
  // that verified are kept, so a forged one never enters; revocation is the session check's job
  // (session-cache.ts), which runs after this on every request as before.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  return {
    async signAccess(userId, userType, sessionId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ user_type: userType, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TTL_SECONDS)
        .sign(key);
    },
    async verifyAccess(token) {
      const nowMs = clock.now().getTime();
      const known = verified.get(token);
      if (known) {
        // jose refuses a token from its `exp` second on; the same rule here.
        if (nowMs < known.expiresAtMs) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        const claims = ZAccessClaims.safeParse(payload);
        if (!claims.success) return null;
        if (verified.size >= memoSize) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims: claims.data, expiresAtMs: claims.data.exp * 1000 });
        return claims.data;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
