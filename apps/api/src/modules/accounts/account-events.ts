/**
 * Published on the EventBus (`{userId}`) when an account is disabled or enabled, so anything that
 * trusts an account from memory for a while (the Key Manager's API-key cache) drops it at once, on
 * every instance. The auth guard is told through AccountService.accessChanged (its own event,
 * platform/auth/session-cache.ts), before this one goes out.
 */
export const ACCOUNT_ACCESS_CHANGED_TOPIC = 'accounts.access-changed';

export interface AccountAccessChanged {
  userId: string;
}
