export * from './accounts.js';
export * from './admin.js';
export * from './catalog.js';
export * from './common.js';
export * from './key-manager.js';
export * from './projects.js';
export * from './system.js';
export * from './users.js';
