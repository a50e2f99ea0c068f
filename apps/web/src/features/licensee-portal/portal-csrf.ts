import { PORTAL_CSRF_HEADER } from '@app/contract';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The token a portal call proves itself with (decision 036): signed in, the session's (from the
 * sign-in reply or GET session); before that, the one GET portal handed out beside its cookie. Kept
 * in memory only (the query cache), never in storage a script on another tab could read later.
 */
export function portalCsrfToken(
  face: { csrfToken: string } | null | undefined,
  session: { csrfToken: string } | null | undefined,
): string | undefined {
  return session?.csrfToken ?? face?.csrfToken;
}

/** The header every POST, PUT and DELETE under the portal carries; reads carry none. */
export function portalCsrfHeaders(method: Method, token: string | undefined): Record<string, string> {
  if (method === 'GET' || !token) return {};
  return { [PORTAL_CSRF_HEADER]: token };
}
