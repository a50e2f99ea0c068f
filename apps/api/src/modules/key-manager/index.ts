// The Key Manager's front door for other modules (docs/architecture.md, Boundaries).
export type { CallContext } from './call-context.js';
export { asDate } from './devices/device-sql.js';
export type { ReleaseCheck } from './devices/devices.js';
export type { KeyManagerExtension, KeyManagerKit } from './kit.js';
export {
  isExpired,
  type KeyRecord,
  type KeyRecordRow,
  keyColumns,
  statusAt,
  toKeyRecord,
} from './licensing/key-record.js';
export { keyManagerRoutes } from './routes.js';
