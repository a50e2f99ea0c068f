import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit URL-safe token for a mail link; the link is its only copy. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token, so a leaked table cannot unsubscribe anyone. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
