import type { UserType } from '@app/contract';
import { browserSessionAlive, forgetBrowserSession, markBrowserSession } from './browser-session';
import { decodeJwtPayload, readJwtExp } from './jwt';

/** localStorage keys fixed by the API contract. */
export const STORAGE_KEYS = { access: 'access', refresh: 'refresh', userType: 'user_type' } as const;

/**
 * How long the stored session lasts (decision 004): 'remember' (Remember me) until its refresh token
 * expires; 'browser' until the browser closes. Sessions stored before this key existed count as
 * 'remember', as they were kept in localStorage then too.
 */
export const SCOPE_KEY = 'session_scope';
type SessionScope = 'remember' | 'browser';

export interface SessionSnapshot {
  signedIn: boolean;
  userType: UserType | null;
  /** Subject of the access token, so caches can be dropped when the user changes. */
  subject: string | null;
  /**
   * The access token has expired but the refresh token is being exchanged (page load after a
   * break): guards wait instead of sending the user to sign in.
   */
  restoring: boolean;
}

export interface StoredTokens {
  access: string;
  refresh: string;
  user_type?: UserType;
}

export interface StoreOptions {
  /** Set at sign-in: Remember me. Omitted when a pair is rotated, which keeps the session's scope. */
  remember?: boolean;
}

export const SIGNED_OUT: SessionSnapshot = {
  signedIn: false,
  userType: null,
  subject: null,
  restoring: false,
};
const listeners = new Set<() => void>();
let cached: SessionSnapshot = SIGNED_OUT;
/** Set by the session watch while it exchanges the refresh token for an expired session. */
let restoring = false;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refresh);
}

/** Milliseconds until the access token expires; null when there is no readable token. */
export function accessExpiresInMs(now = Date.now()): number | null {
  const token = getAccessToken();
  const exp = token ? readJwtExp(token) : null;
  return exp === null ? null : exp * 1000 - now;
}

/**
 * docs/product-contract.md §States: signed in means an access token is stored and its exp is not in the
 * past.
 */
export function isSignedIn(now = Date.now()): boolean {
  const remaining = accessExpiresInMs(now);
  return remaining !== null && remaining > 0;
}

// The contract's values, checked without its zod enum: this module runs on every page load, and
// importing any value from the contract would put zod into the first download (decision 009's budget).
const USER_TYPE_VALUES: readonly unknown[] = ['c', 'e', 'a'] satisfies UserType[];
const isUserType = (value: unknown): value is UserType => USER_TYPE_VALUES.includes(value);

function userTypeOf(access: string | null): UserType | null {
  // The token's claim wins over the stored copy, which the user could edit by hand.
  const claim = access ? decodeJwtPayload(access)?.user_type : undefined;
  if (isUserType(claim)) return claim;
  const stored = read(STORAGE_KEYS.userType);
  return isUserType(stored) ? stored : null;
}

function computeSnapshot(): SessionSnapshot {
  const access = getAccessToken();
  if (!access || !isSignedIn()) return restoring ? { ...SIGNED_OUT, restoring: true } : SIGNED_OUT;
  const sub = decodeJwtPayload(access)?.sub;
  return {
    signedIn: true,
    userType: userTypeOf(access),
    subject: typeof sub === 'string' ? sub : null,
    restoring: false,
  };
}

/** Stable snapshot for useSyncExternalStore: the same object until something changes. */
export function getSessionSnapshot(): SessionSnapshot {
  const next = computeSnapshot();
  if (
    next.signedIn !== cached.signedIn ||
    next.userType !== cached.userType ||
    next.subject !== cached.subject ||
    next.restoring !== cached.restoring
  ) {
    cached = next;
  }
  return cached;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  getSessionSnapshot();
  for (const listener of listeners) listener();
}

export function storeTokens(tokens: StoredTokens, options: StoreOptions = {}): void {
  localStorage.setItem(STORAGE_KEYS.access, tokens.access);
  localStorage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  if (tokens.user_type) localStorage.setItem(STORAGE_KEYS.userType, tokens.user_type);
  if (options.remember !== undefined) {
    const scope: SessionScope = options.remember ? 'remember' : 'browser';
    localStorage.setItem(SCOPE_KEY, scope);
    if (scope === 'browser') markBrowserSession();
  }
  notify();
}

/**
 * docs/product-contract.md §States: signing out (or a failed check) clears ALL local storage, not only
 * our keys.
 */
export function clearSession(): void {
  try {
    localStorage.clear();
    forgetBrowserSession();
  } catch {
    // Storage can be unavailable (privacy mode); there is then nothing to clear.
  }
  notify();
}

function hasSessionData(): boolean {
  return [...Object.values(STORAGE_KEYS), SCOPE_KEY].some((key) => read(key) !== null);
}

/** A session signed in without Remember me whose browser has since been closed. */
export function browserSessionEnded(): boolean {
  return read(SCOPE_KEY) === 'browser' && !browserSessionAlive();
}

export interface SessionWatchOptions {
  /** Exchanges the refresh token for a new pair; resolves false when that failed. */
  refresh: () => Promise<boolean>;
  /** Revokes a refresh token on the server (best effort) when its browser session has ended. */
  revoke?: (refresh: string) => Promise<void>;
  intervalMs?: number;
  /** Refresh this long before the access token expires. */
  refreshLeadMs?: number;
  /** Wait this long after a failed refresh before trying again. */
  retryAfterMs?: number;
}

/**
 * docs/product-contract.md §States, §Polling: every second, check the stored session (decision 004).
 * - A valid access token close to expiry is refreshed silently.
 * - An expired one with a refresh token (the page was closed or asleep) is refreshed too; until the
 *   first attempt answers, the snapshot is `restoring` and guards wait. A refused refresh token
 *   clears storage (api-client); a network failure keeps it and retries later.
 * - Without a refresh token, or when a session without Remember me outlived its browser session,
 *   the check fails and all of localStorage is cleared.
 * Returns a stop function.
 */
export function startSessionWatch(options: SessionWatchOptions): () => void {
  const { refresh, revoke, intervalMs = 1000, refreshLeadMs = 60_000, retryAfterMs = 10_000 } = options;
  let refreshing = false;
  let lastFailure = Number.NEGATIVE_INFINITY;

  const setRestoring = (value: boolean) => {
    if (restoring === value) return;
    restoring = value;
    notify();
  };

  const startRefresh = (restore: boolean) => {
    refreshing = true;
    if (restore) setRestoring(true);
    refresh()
      .then((ok) => {
        lastFailure = ok ? Number.NEGATIVE_INFINITY : Date.now();
      })
      .catch(() => {
        lastFailure = Date.now();
      })
      .finally(() => {
        refreshing = false;
        setRestoring(false);
      });
  };

  const tick = () => {
    const now = Date.now();
    if (browserSessionEnded()) {
      const presented = getRefreshToken();
      if (presented && revoke) revoke(presented).catch(() => undefined);
      clearSession();
      return;
    }
    const retryDue = now - lastFailure >= retryAfterMs;
    if (!isSignedIn(now)) {
      if (getRefreshToken()) {
        // Only the first attempt holds the guards; retries after a failure run in the background.
        if (!refreshing && retryDue) startRefresh(lastFailure === Number.NEGATIVE_INFINITY);
        else if (cached.signedIn) notify();
        return;
      }
      // Leftover tokens (expired, malformed or half-written) with no way to renew them: the check failed.
      if (hasSessionData()) clearSession();
      else if (cached.signedIn) notify();
      return;
    }
    const before = cached;
    if (getSessionSnapshot() !== before) notify();
    const remaining = accessExpiresInMs(now) ?? 0;
    if (remaining > refreshLeadMs || refreshing || !getRefreshToken() || !retryDue) return;
    startRefresh(false);
  };

  tick();
  const timer = setInterval(tick, intervalMs);
  // Another tab signing in or out changes the same storage.
  const onStorage = () => notify();
  window.addEventListener('storage', onStorage);
  return () => {
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}
