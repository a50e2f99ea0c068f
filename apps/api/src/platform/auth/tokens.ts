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

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        const claims = ZAccessClaims.safeParse(payload);
        return claims.success ? claims.data : null;
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
