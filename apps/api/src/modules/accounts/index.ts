/**
 * What other modules may use of accounts besides `deps.accounts` (AccountsPort, ports/accounts.ts):
 * the access-changed event, the demo logins other seeds build on, and the notice of a new API key
 * (the Key Manager's). The routes are registered in modules/index.ts.
 */
export { ACCOUNT_ACCESS_CHANGED_TOPIC, type AccountAccessChanged } from './account-events.js';
export { apiKeyCreatedNotice, type CreatedApiKey } from './api-key-notice.js';
export { placeOfRequest } from './device-place.js';
export { DEMO_ACCOUNTS } from './seed.js';
