/**
 * The wire shapes of the public REST API, written out here rather than imported from the monorepo's
 * contract package: the published package must type-check on its own, with no workspace imports.
 * `wire-types.test.ts` fails the typecheck if they ever drift from the contract.
 */

/** A licence key as the public REST API describes it. */
export interface PublicKeyInformation {
  /** The key's id (a UUID), as the dashboard shows it. */
  id: string;
  /** The licence key itself. */
  key: string;
  /** How many activations the key allows. */
  maxActivations: number;
  /** How many activations (or devices) it has now. */
  currentActivations: number;
  /** False when the key is disabled: activation and deactivation are then refused. */
  isActive: boolean;
}

export interface GetKeyInformationRequest {
  key?: string;
  id?: string;
  /** List the key's devices too (`devices` in the reply). */
  includeDevices?: boolean;
}

export interface ActivateKeyRequest {
  key?: string;
  id?: string;
  /** A stable id of the device or installation: the same fingerprint counts once (idempotent). */
  fingerprint?: string;
  /** Shown in the seller's dashboard. */
  deviceName?: string;
  platform?: string;
}

export interface DeactivateKeyRequest {
  key?: string;
  id?: string;
  fingerprint?: string;
}

export interface HeartbeatRequest {
  key?: string;
  id?: string;
  fingerprint: string;
}

/**
 * A device holding an activation. Called with a publishable key, `fingerprint`, `ip` and
 * `userAgent` are null (another device's fingerprint would let an app free its slot).
 */
export interface Device {
  id: string;
  fingerprint: string | null;
  name: string | null;
  platform: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** When the slot is released without a heartbeat; null when the key's lease is permanent. */
  leaseExpiresAt: string | null;
}

/** In an activation reply when the key's least recently used device was released to make room. */
export interface TransferInformation {
  releasedDeviceId: string;
  transfersUsed: number;
  transfersPer30Days: number;
}

export interface MarkKeyAsActiveRequest {
  key?: string;
  id?: string;
  isActive?: boolean;
  isActivated?: boolean;
}

export interface GetKeyInformationResponse extends PublicKeyInformation {
  status: 'ok';
  /** Only with `includeDevices: true`: up to 100 devices, most recently seen first. */
  devices?: Device[];
}

export interface KeyManipulationResponse extends PublicKeyInformation {
  status: 'ok';
  message: string;
}

export interface ActivateKeyResponse extends KeyManipulationResponse {
  transfer?: TransferInformation;
}

export interface HeartbeatResponse extends PublicKeyInformation {
  status: 'ok';
  message: string;
  /** The key's lease (0: permanent). */
  leaseSeconds: number;
  /** When this device's slot lapses without another heartbeat; null when permanent. */
  leaseExpiresAt: string | null;
}

export interface DeleteKeyResponse {
  status: 'ok';
  message: string;
}

/** The server's messages for refusals the SDK turns into their own exception classes. */
export const ACTIVATION_LIMIT_MESSAGE = 'Activation limit reached';
/** The device's slot is gone (deactivated, released, lease lapsed): activate again. */
export const FINGERPRINT_NOT_ACTIVATED_MESSAGE = 'This device is not activated for the key';
export const KEY_DISABLED_MESSAGE = 'Key is disabled';
/** 403 also answers publishable keys used for a secret key's operation, with other messages. */
export const NO_PLAN_MESSAGE = 'Activate a Key Manager plan first';
