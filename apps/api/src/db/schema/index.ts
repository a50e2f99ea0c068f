export * from './mail-outbox.js';
export * from './refresh-tokens.js';
export * from './stored-files.js';
export * from './users.js';
