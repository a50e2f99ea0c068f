/**
 * Licensing's operations as the SDK offers them (validate-key, trials, convert, renew, suspend):
 * what a caller passes, what it gets back, and the checks made before any call. `KeyManager` sends
 * them; this module only shapes requests and reads replies.
 */

import { requireKeyInformation } from './key-information.js';
import type {
  ConvertTrialRequest,
  RenewKeyRequest,
  StartTrialRequest,
  SuspendKeyRequest,
  ValidateKeyRequest,
  ValidateKeyResponse,
  ValidationCode,
} from './licensing-wire-types.js';
import type { RateLimitInfo } from './replies.js';
import type { SignedReplyInfo } from './signed-replies.js';
import type { PublicKeyInformation } from './wire-types.js';

/** A licence key named by its value or by its id (the dashboard shows both). */
export type KeyReference = { key: string; id?: undefined } | { id: string; key?: undefined };

export type ValidateKeyInput = KeyReference & {
  /** This device's fingerprint: adds the device checks (NOT_ACTIVATED, TOO_MANY_DEVICES). */
  fingerprint?: string;
  /** The product code this app is: a key of another product answers PRODUCT_MISMATCH. */
  product?: string;
  /** Entitlement names this app needs: a key lacking one answers ENTITLEMENTS_MISSING. */
  entitlements?: readonly string[];
};

export interface SignedCallOptions {
  /**
   * Ask for a signed reply and verify it with the client's `licensePublicKeys` (a fresh nonce, the
   * signature, the time). Default: the client's `signReplies`.
   */
  signed?: boolean;
}

export interface ValidationResult {
  status: 'ok';
  /** May the app run now. */
  valid: boolean;
  /** Why, in one word: switch on it. */
  code: ValidationCode;
  /** The code as a sentence for a person. */
  message: string;
  /** The key's information; null with NOT_FOUND. */
  key: PublicKeyInformation | null;
  /** With ENTITLEMENTS_MISSING: the names asked for that the key lacks. */
  missingEntitlements?: string[];
  /** Only for a signed call: which key signed the reply, and when. */
  signature?: SignedReplyInfo;
  rateLimit: RateLimitInfo | null;
}

export type StartTrialInput = StartTrialRequest;

export type ConvertTrialInput = KeyReference & {
  /** The paid policy's id (else the product's first standard policy). */
  policyId?: string;
  customerName?: string;
  customerEmail?: string;
  customerRef?: string;
};

export type RenewKeyInput = KeyReference & {
  /** Set the expiry to this moment instead of extending it by the key's duration. */
  until?: Date | string;
};

export type SuspendKeyInput = KeyReference & {
  /** True suspends (refused like a disabled key), false reinstates. */
  suspended: boolean;
};

/** start-trial, convert-trial, renew-key and suspend-key: the server's message and the key's new state. */
export interface LicensingChangeResult {
  status: 'ok';
  message: string;
  keyInformation: PublicKeyInformation;
  rateLimit: RateLimitInfo | null;
}

export function validateKeyBody(input: ValidateKeyInput): ValidateKeyRequest {
  const body: ValidateKeyRequest = keyReference(input);
  if (input.fingerprint !== undefined) body.fingerprint = requireText(input.fingerprint, 'fingerprint');
  if (input.product !== undefined) body.product = requireText(input.product, 'product');
  if (input.entitlements !== undefined) {
    if (!Array.isArray(input.entitlements)) throw new TypeError('entitlements must be a list of names');
    body.entitlements = input.entitlements.map((name) => requireText(name, 'an entitlement name'));
  }
  return body;
}

export function startTrialBody(input: StartTrialInput): StartTrialRequest {
  const body: StartTrialRequest = {
    product: requireText(input?.product, 'product'),
    fingerprint: requireText(input.fingerprint, 'fingerprint'),
  };
  for (const name of ['email', 'name', 'deviceName', 'platform'] as const) {
    const value = input[name];
    if (typeof value === 'string' && value.trim() !== '') body[name] = value;
  }
  return body;
}

export function convertTrialBody(input: ConvertTrialInput): ConvertTrialRequest {
  const body: ConvertTrialRequest = keyReference(input);
  if (input.policyId !== undefined) body.policyId = requireText(input.policyId, 'policyId');
  // Empty text is sent: it clears that customer field.
  for (const name of ['customerName', 'customerEmail', 'customerRef'] as const) {
    const value = input[name];
    if (typeof value === 'string') body[name] = value;
  }
  return body;
}

export function renewKeyBody(input: RenewKeyInput): RenewKeyRequest {
  const body: RenewKeyRequest = keyReference(input);
  if (input.until !== undefined) {
    const until = input.until instanceof Date ? input.until : new Date(requireText(input.until, 'until'));
    if (!Number.isFinite(until.getTime())) throw new TypeError('until must be a date');
    body.until = input.until instanceof Date ? until.toISOString() : (input.until as string);
  }
  return body;
}

export function suspendKeyBody(input: SuspendKeyInput): SuspendKeyRequest {
  if (typeof input?.suspended !== 'boolean') throw new TypeError('suspended must be true or false');
  return { ...keyReference(input), suspended: input.suspended };
}

export function readValidation(
  reply: ValidateKeyResponse,
  rateLimit: RateLimitInfo | null,
  signature: SignedReplyInfo | null,
): ValidationResult {
  const result: ValidationResult = {
    status: 'ok',
    valid: reply.valid === true,
    code: reply.code,
    message: reply.message,
    key: reply.key === null ? null : requireKeyInformation(reply.key),
    rateLimit,
  };
  if (Array.isArray(reply.missingEntitlements)) result.missingEntitlements = reply.missingEntitlements;
  if (signature) result.signature = signature;
  return result;
}

export function readChange(
  reply: { message: string },
  rateLimit: RateLimitInfo | null,
): LicensingChangeResult {
  return { status: 'ok', message: reply.message, keyInformation: requireKeyInformation(reply), rateLimit };
}

function keyReference(input: KeyReference): { key?: string; id?: string } {
  if (typeof input !== 'object' || input === null) throw new TypeError('give the key or its id');
  if (input.key !== undefined && input.id !== undefined)
    throw new TypeError('give the key or its id, not both');
  if (input.id !== undefined) return { id: requireText(input.id, 'id') };
  return { key: requireText(input.key as string, 'key') };
}

export function requireText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${name} must not be empty`);
  return value;
}
