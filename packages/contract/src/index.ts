export * from './accounts.js';
export * from './admin.js';
export * from './common.js';
export * from './system.js';
export * from './users.js';
