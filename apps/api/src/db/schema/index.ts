export * from './crm-leads.js';
export * from './mail-outbox.js';
export * from './newsletter-subscriptions.js';
export * from './projects.js';
export * from './refresh-tokens.js';
export * from './stored-files.js';
export * from './users.js';
