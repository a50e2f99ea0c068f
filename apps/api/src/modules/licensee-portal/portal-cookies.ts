import { PORTAL_CSRF_COOKIE, PORTAL_PATHS, PORTAL_SESSION_COOKIE, portalPath } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../platform/http/cookies.js';
import { newToken } from './secrets.js';

/**
 * The portal's two cookies (decision 036), both HttpOnly, SameSite=Strict and scoped to the one
 * portal's API path, so a cookie of one owner's portal is never even sent to another's; Secure when
 * the app is served over https (PUBLIC_URL).
 */
export class PortalCookies {
  constructor(private readonly secure: boolean) {}

  session(request: FastifyRequest): string | undefined {
    return readCookie(request, PORTAL_SESSION_COOKIE);
  }

  setSession(reply: FastifyReply, handle: string, token: string, expiresAt: Date, now: Date): void {
    setCookie(reply, PORTAL_SESSION_COOKIE, token, {
      path: pathOf(handle),
      maxAgeSeconds: (expiresAt.getTime() - now.getTime()) / 1000,
      secure: this.secure,
    });
  }

  clearSession(reply: FastifyReply, handle: string): void {
    setCookie(reply, PORTAL_SESSION_COOKIE, '', {
      path: pathOf(handle),
      maxAgeSeconds: 0,
      secure: this.secure,
    });
  }

  /** The sign-in calls' double-submit token: the one the browser holds, else a new one (set now). */
  signInToken(request: FastifyRequest, reply: FastifyReply, handle: string): string {
    const held = this.csrf(request);
    if (held) return held;
    const token = newToken();
    setCookie(reply, PORTAL_CSRF_COOKIE, token, { path: pathOf(handle), secure: this.secure });
    return token;
  }

  csrf(request: FastifyRequest): string | undefined {
    return readCookie(request, PORTAL_CSRF_COOKIE);
  }
}

const pathOf = (handle: string) => portalPath(PORTAL_PATHS.portal, handle);
