/**
 * The wire shapes of licensing's public operations (validate-key, trials, renew, convert, suspend)
 * and of signed replies, written out like `wire-types.ts` so the published package imports nothing
 * from the monorepo; `wire-types.test.ts` fails the typecheck if they drift from the contract.
 */

import type { PublicKeyInformation, UsageReportFields } from './wire-types.js';

/**
 * validate-key's answer in one word, with the server's sentence for each. `valid` says whether the
 * app may run now; the code says why. `EXPIRED` and `TRIAL_EXPIRED` come with `valid: true` while a
 * grace period runs, or when the key's policy allows running after expiry.
 */
export const VALIDATION_CODES = {
  VALID: 'The key is valid.',
  NOT_FOUND: 'No such key (for this API key).',
  DISABLED: 'The key is disabled.',
  SUSPENDED: 'The key is suspended.',
  EXPIRED: 'The key has expired.',
  TRIAL_EXPIRED: 'The trial has ended.',
  PRODUCT_MISMATCH: 'The key belongs to another product.',
  NOT_ACTIVATED: 'This device is not activated for the key.',
  TOO_MANY_DEVICES: 'This device is not activated and the key has no free activation.',
  ENTITLEMENTS_MISSING: 'The key lacks an entitlement the app asked for.',
} as const;
export type ValidationCode = keyof typeof VALIDATION_CODES;

export interface ValidateKeyRequest extends UsageReportFields {
  key?: string;
  id?: string;
  /** This device: without one, the device checks (NOT_ACTIVATED, TOO_MANY_DEVICES) are skipped. */
  fingerprint?: string;
  /** The product code the app is: a key of another product answers PRODUCT_MISMATCH. */
  product?: string;
  /** Entitlement names the app needs: a key lacking one answers ENTITLEMENTS_MISSING. */
  entitlements?: string[];
}

export interface ValidateKeyResponse {
  status: 'ok';
  valid: boolean;
  code: ValidationCode;
  message: string;
  /** The key's information; null with NOT_FOUND. */
  key: PublicKeyInformation | null;
  /** With ENTITLEMENTS_MISSING: the names asked for that the key lacks. */
  missingEntitlements?: string[];
}

export interface StartTrialRequest extends UsageReportFields {
  /** The product's code. */
  product: string;
  fingerprint: string;
  email?: string;
  name?: string;
  deviceName?: string;
  platform?: string;
}

export interface StartTrialResponse extends PublicKeyInformation {
  status: 'ok';
  message: string;
}

export interface ConvertTrialRequest extends UsageReportFields {
  key?: string;
  id?: string;
  /** The paid policy (else the product's first standard policy). */
  policyId?: string;
  customerName?: string;
  customerEmail?: string;
  customerRef?: string;
}

export interface RenewKeyRequest extends UsageReportFields {
  key?: string;
  id?: string;
  /** ISO 8601: set the expiry to this moment instead of extending by the key's duration. */
  until?: string;
}

export interface SuspendKeyRequest extends UsageReportFields {
  key?: string;
  id?: string;
  suspended: boolean;
}

/** convert-trial, renew-key and suspend-key answer a message and the key's new state. */
export interface LicensingChangeResponse extends PublicKeyInformation {
  status: 'ok';
  message: string;
}

/**
 * Signed online replies: the request carries a fresh random nonce; the reply carries the owner's
 * Ed25519 signature over `signedReplyMessage(...)`, the signing key's id and the signing time.
 */
export const SIGNED_REPLY_HEADERS = {
  nonce: 'x-km-nonce',
  signature: 'x-km-signature',
  signingKeyId: 'x-km-signing-key',
  signedAt: 'x-km-signed-at',
} as const;
export const SIGNED_REPLY_VERSION = 'km-reply-v1';
/** What a nonce looks like: 16 to 128 characters of base64url's alphabet. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The text a signed reply's signature covers (UTF-8): version, time, nonce, request path, body. */
export function signedReplyMessage(signedAt: string, nonce: string, path: string, body: string): string {
  return `${SIGNED_REPLY_VERSION}\n${signedAt}\n${nonce}\n${path}\n${body}`;
}
