import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '../test/tokens';
import { forgetBrowserSession, markBrowserSession } from './browser-session';
import {
  clearSession,
  getSessionSnapshot,
  isSignedIn,
  startSessionWatch,
  storeTokens,
  subscribeSession,
} from './session';

describe('session', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.useRealTimers());

  it('is signed in only with a stored access token whose exp is in the future', () => {
    expect(isSignedIn()).toBe(false);
    storeTokens({ access: fakeJwt({ sub: 'u1', user_type: 'c', exp: nowSeconds() + 60 }), refresh: 'r' });
    expect(isSignedIn()).toBe(true);
    localStorage.setItem('access', fakeJwt({ sub: 'u1', exp: nowSeconds() - 1 }));
    expect(isSignedIn()).toBe(false);
    localStorage.setItem('access', 'garbage');
    expect(isSignedIn()).toBe(false);
  });

  it('keeps the snapshot object stable until the session changes and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    const before = getSessionSnapshot();
    expect(getSessionSnapshot()).toBe(before);
    storeTokens({ access: fakeJwt({ sub: 'u2', user_type: 'e', exp: nowSeconds() + 60 }), refresh: 'r' });
    const after = getSessionSnapshot();
    expect(after).not.toBe(before);
    expect(after).toEqual({ signedIn: true, userType: 'e', subject: 'u2', restoring: false });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('takes the role from the token claim over the stored user_type', () => {
    storeTokens({
      access: fakeJwt({ sub: 'u3', user_type: 'c', exp: nowSeconds() + 60 }),
      refresh: 'r',
      user_type: 'a',
    });
    expect(getSessionSnapshot().userType).toBe('c');
  });

  it('clears ALL local storage within a second once the access token expires and nothing can renew it', () => {
    vi.useFakeTimers();
    localStorage.setItem('unrelated', 'x');
    localStorage.setItem('access', fakeJwt({ sub: 'u4', exp: nowSeconds() + 2 }));
    const refresh = vi.fn(async () => true);
    const stop = startSessionWatch({ refresh, refreshLeadMs: 0 });
    expect(localStorage.getItem('access')).not.toBeNull();
    vi.advanceTimersByTime(3000);
    expect(localStorage.length).toBe(0);
    expect(getSessionSnapshot().signedIn).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('renews an expired access token on load with a remembered refresh token; guards wait meanwhile', async () => {
    storeTokens(
      { access: fakeJwt({ sub: 'u6', exp: nowSeconds() - 3600 }), refresh: 'r' },
      { remember: true },
    );
    let answer: (ok: boolean) => void = () => undefined;
    const refresh = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          answer = (ok) => {
            if (ok) storeTokens({ access: fakeJwt({ sub: 'u6', exp: nowSeconds() + 900 }), refresh: 'r2' });
            resolve(ok);
          };
        }),
    );
    const stop = startSessionWatch({ refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(getSessionSnapshot()).toMatchObject({ signedIn: false, restoring: true });
    answer(true);
    await vi.waitFor(() => expect(getSessionSnapshot()).toMatchObject({ signedIn: true, restoring: false }));
    expect(localStorage.getItem('refresh')).toBe('r2');
    expect(localStorage.getItem('session_scope')).toBe('remember');
    stop();
  });

  it('renews a token that expired while the page stayed open (the 1-second check)', async () => {
    vi.useFakeTimers();
    storeTokens({ access: fakeJwt({ sub: 'u7', exp: nowSeconds() + 2 }), refresh: 'r' }, { remember: true });
    const refresh = vi.fn(async () => {
      storeTokens({ access: fakeJwt({ sub: 'u7', exp: nowSeconds() + 900 }), refresh: 'r2' });
      return true;
    });
    // A lead of 0 stands for a tab that slept through the usual early refresh.
    const stop = startSessionWatch({ refresh, refreshLeadMs: 0 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(getSessionSnapshot().signedIn).toBe(true);
    expect(localStorage.getItem('refresh')).toBe('r2');
    stop();
  });

  it('keeps the tokens when renewal fails for a transient reason, and retries in the background', async () => {
    vi.useFakeTimers();
    storeTokens({ access: fakeJwt({ sub: 'u8', exp: nowSeconds() - 60 }), refresh: 'r' }, { remember: true });
    const refresh = vi.fn(async () => false);
    const stop = startSessionWatch({ refresh, retryAfterMs: 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(getSessionSnapshot()).toMatchObject({ signedIn: false, restoring: false });
    expect(localStorage.getItem('refresh')).toBe('r');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    // Background retries do not hold the guards again.
    expect(getSessionSnapshot().restoring).toBe(false);
    stop();
  });

  it('ends a session without Remember me once its browser session is gone, revoking it', () => {
    storeTokens(
      { access: fakeJwt({ sub: 'u9', exp: nowSeconds() + 900 }), refresh: 'r9' },
      { remember: false },
    );
    expect(document.cookie).toContain('browser_session=1');
    // Still the same browser session: nothing happens.
    const revoke = vi.fn(async () => undefined);
    let stop = startSessionWatch({ refresh: async () => true, revoke });
    expect(getSessionSnapshot().signedIn).toBe(true);
    stop();
    // The browser closed: its session cookie is gone, localStorage is not.
    forgetBrowserSession();
    stop = startSessionWatch({ refresh: async () => true, revoke });
    expect(revoke).toHaveBeenCalledWith('r9');
    expect(localStorage.length).toBe(0);
    expect(getSessionSnapshot().signedIn).toBe(false);
    stop();
  });

  it('keeps a remembered session across browser sessions', () => {
    markBrowserSession();
    storeTokens(
      { access: fakeJwt({ sub: 'u10', exp: nowSeconds() + 900 }), refresh: 'r' },
      { remember: true },
    );
    forgetBrowserSession();
    const stop = startSessionWatch({ refresh: async () => true });
    expect(getSessionSnapshot().signedIn).toBe(true);
    stop();
  });

  it('keeps the scope when a pair is rotated', () => {
    storeTokens(
      { access: fakeJwt({ sub: 'u11', exp: nowSeconds() + 900 }), refresh: 'r' },
      { remember: false },
    );
    storeTokens({ access: fakeJwt({ sub: 'u11', exp: nowSeconds() + 900 }), refresh: 'r2' });
    expect(localStorage.getItem('session_scope')).toBe('browser');
  });

  it('refreshes once, shortly before expiry, and backs off after a failure', async () => {
    vi.useFakeTimers();
    storeTokens({ access: fakeJwt({ sub: 'u5', exp: nowSeconds() + 120 }), refresh: 'r' });
    const refresh = vi.fn(async () => false);
    const stop = startSessionWatch({ refresh, refreshLeadMs: 60_000, retryAfterMs: 10_000 });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('clearSession empties storage and forgets the browser-session marker', () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('other', 'b');
    markBrowserSession();
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('browser_session=1');
  });
});
