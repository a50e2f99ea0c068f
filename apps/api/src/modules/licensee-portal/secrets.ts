import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PORTAL_LIMITS } from '@app/contract';

/** Session tokens and sign-in cookies: 256 random bits, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token (never the token). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A mailed code: `codeLength` digits from the system's CSPRNG. */
export const newCode = () =>
  String(randomInt(0, 10 ** PORTAL_LIMITS.codeLength)).padStart(PORTAL_LIMITS.codeLength, '0');

/** What the database keeps of a code: bound to its attempt, so one hash never matches another's. */
export const hashCode = (attemptId: string, code: string) =>
  createHash('sha256').update(`portal-code-v1:${attemptId}:${code}`).digest('base64url');

/**
 * A session's CSRF token, derived from its cookie token (decision 036): the server can answer it on
 * every call without storing it, and a page that cannot read the HttpOnly cookie learns it only from
 * the sign-in reply or GET session, which another site cannot read.
 */
export const csrfOfSession = (token: string) =>
  createHmac('sha256', token).update('portal-csrf-v1').digest('base64url');

/** Equal texts, compared in constant time (different lengths are simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
