/**
 * What `KeyManager`'s spec operations (information, activation, heartbeat, changes, checkout) take
 * as options and resolve to. Licensing's are in `licensing.ts`.
 */

import type { SignedCallOptions } from './licensing.js';
import type { LicensePayload } from './offline-licence.js';
import type { RateLimitInfo } from './replies.js';
import type { SignedReplyInfo } from './signed-replies.js';
import type { Device, PublicKeyInformation, TransferInformation } from './wire-types.js';

export type { RateLimitInfo } from './replies.js';

export interface KeyInformationResponse {
  status: 'ok';
  keyInformation: PublicKeyInformation;
  /** The key's devices, only when asked for with `includeDevices`. */
  devices?: Device[];
  /** Only for a signed call: which key signed the reply, and when. */
  signature?: SignedReplyInfo;
  rateLimit: RateLimitInfo | null;
}

export interface KeyInformationOptions extends SignedCallOptions {
  /** Also list the key's devices (up to 100, most recently seen first). */
  includeDevices?: boolean;
}

/** Optional details of the device, shown in the seller's dashboard. */
export interface DeviceDetails {
  deviceName?: string;
  platform?: string;
}

export interface ActivationResponse extends ManipulationResponse {
  /** Only when the key's least recently used idle device was released to make room (self-serve transfer). */
  transfer?: TransferInformation;
}

export interface HeartbeatResult {
  status: 'ok';
  message: string;
  /** The key's information now, licensing's fields included (`keyStatus`, `expiresAt`, …). */
  keyInformation: PublicKeyInformation;
  /** The key's lease in seconds; 0 = permanent (no heartbeat needed). */
  leaseSeconds: number;
  /** When this device's slot is released without another heartbeat; null when permanent. */
  leaseExpiresAt: Date | null;
  rateLimit: RateLimitInfo | null;
}

export interface ManipulationResponse {
  status: 'ok';
  message: string;
  /** The key's state after the change; null for delete. */
  keyInformation: PublicKeyInformation | null;
  rateLimit: RateLimitInfo | null;
}

export interface LicenseCheckoutResponse {
  status: 'ok';
  /** Store it as it is (a string); check it offline with `verifyLicense`. */
  certificate: string;
  /** Its payload, decoded for convenience: trust only what `verifyLicense` returns. */
  license: LicensePayload;
  rateLimit: RateLimitInfo | null;
}
