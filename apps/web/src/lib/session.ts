import type { UserType } from '@app/contract';
import { decodeJwtPayload, readJwtExp } from './jwt';

/** localStorage keys fixed by the API contract. */
export const STORAGE_KEYS = { access: 'access', refresh: 'refresh', userType: 'user_type' } as const;

export interface SessionSnapshot {
  signedIn: boolean;
  userType: UserType | null;
  /** Subject of the access token, so caches can be dropped when the user changes. */
  subject: string | null;
}

export interface StoredTokens {
  access: string;
  refresh: string;
  user_type?: UserType;
}

const listeners = new Set<() => void>();
let cached: SessionSnapshot = { signedIn: false, userType: null, subject: null };

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

/** Spec §4: signed in means an access token is stored and its exp is not in the past. */
export function isSignedIn(now = Date.now()): boolean {
  const remaining = accessExpiresInMs(now);
  return remaining !== null && remaining > 0;
}

// The contract's values, checked without its zod enum: this module runs on every page load, and
// importing any value from the contract would put zod into the first download (issue 7 budget).
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
  if (!access || !isSignedIn()) return { signedIn: false, userType: null, subject: null };
  const sub = decodeJwtPayload(access)?.sub;
  return { signedIn: true, userType: userTypeOf(access), subject: typeof sub === 'string' ? sub : null };
}

/** Stable snapshot for useSyncExternalStore: the same object until something changes. */
export function getSessionSnapshot(): SessionSnapshot {
  const next = computeSnapshot();
  if (
    next.signedIn !== cached.signedIn ||
    next.userType !== cached.userType ||
    next.subject !== cached.subject
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

export function storeTokens(tokens: StoredTokens): void {
  localStorage.setItem(STORAGE_KEYS.access, tokens.access);
  localStorage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  if (tokens.user_type) localStorage.setItem(STORAGE_KEYS.userType, tokens.user_type);
  notify();
}

/** Spec §4: signing out (or a failed check) clears ALL local storage, not only our keys. */
export function clearSession(): void {
  try {
    localStorage.clear();
  } catch {
    // Storage can be unavailable (privacy mode); there is then nothing to clear.
  }
  notify();
}

function hasSessionData(): boolean {
  return Object.values(STORAGE_KEYS).some((key) => read(key) !== null);
}

export interface SessionWatchOptions {
  /** Exchanges the refresh token for a new pair; resolves false when that failed. */
  refresh: () => Promise<boolean>;
  intervalMs?: number;
  /** Refresh this long before the access token expires. */
  refreshLeadMs?: number;
  /** Wait this long after a failed refresh before trying again. */
  retryAfterMs?: number;
}

/**
 * Spec §4/§9: every second, check the stored session. An invalid one clears storage; a valid one
 * close to expiry is refreshed silently. Returns a stop function.
 */
export function startSessionWatch(options: SessionWatchOptions): () => void {
  const { refresh, intervalMs = 1000, refreshLeadMs = 60_000, retryAfterMs = 10_000 } = options;
  let refreshing = false;
  let lastFailure = Number.NEGATIVE_INFINITY;

  const tick = () => {
    const now = Date.now();
    if (!isSignedIn(now)) {
      // Leftover tokens (expired, malformed or half-written) are a failed check.
      if (hasSessionData()) clearSession();
      else if (cached.signedIn) notify();
      return;
    }
    const before = cached;
    if (getSessionSnapshot() !== before) notify();
    const remaining = accessExpiresInMs(now) ?? 0;
    if (remaining > refreshLeadMs || refreshing || !getRefreshToken()) return;
    if (now - lastFailure < retryAfterMs) return;
    refreshing = true;
    refresh()
      .then((ok) => {
        if (!ok) lastFailure = Date.now();
      })
      .catch(() => {
        lastFailure = Date.now();
      })
      .finally(() => {
        refreshing = false;
      });
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
