import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The few cookies the API sets (the licensee portal's session and sign-in token, decision 036): read
 * from the `Cookie` header and written as `Set-Cookie`, without a plugin. Values are the server's own
 * (base64url), so they need no encoding; a malformed pair is skipped.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. Without it the cookie lasts the browser session. */
  maxAgeSeconds?: number;
  secure: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

/** Adds a `Set-Cookie` (several may be set on one reply). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${options.path}`, `SameSite=${options.sameSite ?? 'Strict'}`];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}
