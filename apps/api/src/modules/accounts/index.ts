/**
 * What other modules may use of accounts (besides `deps.accounts` and `deps.sessions` on AppDeps):
 * the account service's type, the access-changed event, the profile counters' providers and the
 * demo logins other seeds build on. The routes are registered in modules/index.ts.
 */
export { ACCOUNT_ACCESS_CHANGED_TOPIC, type AccountAccessChanged } from './account-events.js';
export { DEMO_ACCOUNTS } from './seed.js';
export type { AccountService } from './service.js';
export type { UserSummaryProviders } from './user-summary.js';
