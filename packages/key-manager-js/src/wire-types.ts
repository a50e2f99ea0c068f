/**
 * The wire shapes of the public REST API, written out here rather than imported from the monorepo's
 * contract package: the published package must type-check on its own, with no workspace imports.
 * `wire-types.test.ts` fails the typecheck if they ever drift from the contract.
 */

import type { LicensePayload } from './offline-licence.js';

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
  /** The state now (licensing): active, trial, expired, suspended or disabled. (`status` is the reply's own `ok`.) */
  keyStatus: KeyStatus;
  /** ISO 8601; null: never expires (or its clock starts at the first activation). */
  expiresAt: string | null;
  /** The product's code (`default` for keys made without one). */
  product: string;
  /** True for a trial key (`startTrial`). */
  trial: boolean;
  /** Owner-defined, per key: what the licence unlocks (`{ seats: 5, pro: true }`). */
  entitlements: Record<string, string | number | boolean>;
  /** The developer's own JSON about the key (an order number, a plan name): values as JSON parsed them. */
  metadata: Record<string, unknown>;
  /** The licensee; only in replies to a secret API key (never to a publishable key). */
  customer?: Customer;
}

/**
 * A key's state at the moment of the reply, most serious first: `disabled` (the owner's switch),
 * `suspended` (e.g. unpaid, reversible), `expired` (past `expiresAt`), `trial`, `active`.
 */
export type KeyStatus = 'active' | 'trial' | 'expired' | 'suspended' | 'disabled';

/** The licensee a key is issued to: any of a name, an email and the developer's own customer id. */
export interface Customer {
  name: string | null;
  email: string | null;
  ref: string | null;
}

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Optional fields of every public call (decision 037): what the app is, for the owner's analytics.
 * The client sends them from its `appVersion` and `platform` options.
 */
export interface UsageReportFields {
  /** At most 40 characters. */
  appVersion?: string;
  /** At most 50 characters (also the device's platform on activation). */
  platform?: string;
}

export interface GetKeyInformationRequest extends UsageReportFields {
  key?: string;
  id?: string;
  /** List the key's devices too (`devices` in the reply). */
  includeDevices?: boolean;
}

export interface ActivateKeyRequest extends UsageReportFields {
  key?: string;
  id?: string;
  /** A stable id of the device or installation: the same fingerprint counts once (idempotent). */
  fingerprint?: string;
  /** Shown in the seller's dashboard. */
  deviceName?: string;
  platform?: string;
}

export interface DeactivateKeyRequest extends UsageReportFields {
  key?: string;
  id?: string;
  fingerprint?: string;
}

export interface HeartbeatRequest extends UsageReportFields {
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

export interface MarkKeyAsActiveRequest extends UsageReportFields {
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

/** The spec's five key fields only (the contract's heartbeat reply carries none of licensing's). */
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

export interface CheckoutLicenseRequest extends UsageReportFields {
  key?: string;
  id?: string;
  fingerprint: string;
  ttlSeconds?: number;
}

export interface CheckoutLicenseResponse {
  status: 'ok';
  certificate: string;
  license: LicensePayload;
}

/**
 * The server's error codes: every failure reply carries one as `code` beside `message`, and each code
 * always comes with the HTTP status given here. The exceptions are chosen by it (`exception.code`).
 * A closed list, written out like the shapes above (`wire-types.test.ts` keeps it equal to the
 * server's); a newer server may add codes, which reach you as a plain `RequestRefusedException`.
 */
export const ERROR_CODES = {
  invalid_input: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  unavailable: 503,
  api_key_required: 401,
  invalid_api_key: 401,
  api_key_expired: 401,
  no_plan: 403,
  publishable_key_not_allowed: 403,
  publishable_key_fingerprint_required: 403,
  key_not_found: 404,
  key_disabled: 409,
  activation_limit_reached: 409,
  no_activations: 409,
  device_not_activated: 409,
  // Licensing.
  key_expired: 409,
  trial_expired: 409,
  key_suspended: 409,
  product_not_found: 404,
  policy_not_found: 404,
  trial_not_offered: 404,
  trial_used: 409,
  not_a_trial: 409,
  key_not_renewable: 409,
  // Teams and trust (decision 033): dashboard refusals; the public REST never answers them.
  not_a_member: 403,
  role_not_allowed: 403,
  email_not_verified: 403,
  two_factor_required: 403,
  second_factor_required: 401,
  second_factor_invalid: 401,
  // Deals (decision 035): portal refusals; the public REST never answers them.
  quote_expired: 409,
  quote_not_open: 409,
  invoice_not_open: 409,
  project_payment_hold: 402,
  milestone_not_delivered: 409,
  milestone_approved: 409,
  // Licensee portal (decision 036): portal refusals; the public REST never answers them.
  portal_code_invalid: 401,
  portal_code_expired: 401,
  portal_attempt_spent: 401,
  portal_session_ended: 401,
  csrf_failed: 403,
  portal_action_off: 403,
  release_limit_reached: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The server's messages for refusals the SDK turns into their own exception classes: matched only
 * when a reply has no `code` (a server older than the codes).
 */
export const ACTIVATION_LIMIT_MESSAGE = 'Activation limit reached';
/** The device's slot is gone (deactivated, released, lease lapsed): activate again. */
export const FINGERPRINT_NOT_ACTIVATED_MESSAGE = 'This device is not activated for the key';
export const KEY_DISABLED_MESSAGE = 'Key is disabled';
/** 403 also answers publishable keys used for a secret key's operation, with other messages. */
export const NO_PLAN_MESSAGE = 'Activate a Key Manager plan first';
