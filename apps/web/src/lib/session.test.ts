import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '../test/tokens';
import {
  clearSession,
  getSessionSnapshot,
  isSignedIn,
  startSessionWatch,
  storeTokens,
  subscribeSession,
} from './session';

describe('session', () => {
  beforeEach(() => localStorage.clear());
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
    expect(after).toEqual({ signedIn: true, userType: 'e', subject: 'u2' });
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

  it('clears ALL local storage within a second once the access token expires', () => {
    vi.useFakeTimers();
    localStorage.setItem('unrelated', 'x');
    storeTokens({ access: fakeJwt({ sub: 'u4', exp: nowSeconds() + 2 }), refresh: 'r' });
    const stop = startSessionWatch({ refresh: async () => true, refreshLeadMs: 0 });
    expect(localStorage.getItem('access')).not.toBeNull();
    vi.advanceTimersByTime(3000);
    expect(localStorage.length).toBe(0);
    expect(getSessionSnapshot().signedIn).toBe(false);
    stop();
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

  it('clearSession empties storage', () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('other', 'b');
    clearSession();
    expect(localStorage.length).toBe(0);
  });
});
