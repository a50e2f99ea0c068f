import { ACCOUNT_PATHS, ZOkResponse, ZRefreshResponse } from '@app/contract';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { clearSession, getRefreshToken, isSignedIn, storeTokens } from './session';

/**
 * The calls that renew or end a stored session, loaded on first use (api-client's refreshSession,
 * the session watch, log-out), so they are not part of every page's first download.
 */

/** The tabs of one browser share the stored pair; the Web Locks API lets one refresh at a time. */
const REFRESH_LOCK = 'session-refresh';

async function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  // Absent in old browsers and jsdom: the tab's own single flight still holds.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, task) : task();
}

async function exchange(presented: string): Promise<boolean> {
  // While this tab waited for the lock another one may have rotated the pair: that spent `presented`,
  // and sending it again would count as reuse and end the session (decision 002).
  const current = getRefreshToken();
  if (current !== presented) return current !== null && isSignedIn();
  try {
    const reply = await apiRequest(ACCOUNT_PATHS.refresh, {
      body: { refresh: presented },
      schema: ZRefreshResponse,
      auth: false,
    });
    storeTokens({ access: reply.access, refresh: reply.refresh });
    return true;
  } catch (error: unknown) {
    // A refused refresh token can never work again; other failures may be transient.
    if (error instanceof ApiError && error.status === 401) clearSession();
    return false;
  }
}

/** Exchanges `presented` for a new pair, one tab at a time; false when that failed. */
export function exchangeRefreshToken(presented: string): Promise<boolean> {
  return withRefreshLock(() => exchange(presented));
}

/** Revokes a refresh token's session on the server; failures are ignored (the caller ends it anyway). */
export async function revokeSession(refresh: string): Promise<void> {
  await apiRequest(ACCOUNT_PATHS.logout, { body: { refresh }, schema: ZOkResponse, auth: false }).catch(
    () => undefined,
  );
}

/** Revokes the refresh token on the server (failure ignored: the session ends either way), then clears storage. */
export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  if (refresh) await revokeSession(refresh);
  clearSession();
}
