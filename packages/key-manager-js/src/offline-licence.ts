/**
 * Offline verification of signed licence certificates (`checkout-license`, docs/api.md "Offline
 * licences"). Web Crypto only (Ed25519, SHA-256), so it runs with no network and no dependency in
 * Node 20+, current browsers, Deno and Bun.
 *
 * A certificate is `base64url(payload JSON) + "." + base64url(Ed25519 signature of the first part's
 * ASCII bytes)`, signed with the owner's current signing key; `payload.signingKeyId` names the key.
 */

import type { ClockGuard } from './clock-guard.js';
import { fromBase64, importPublicKeys } from './public-keys.js';

/** What a certificate says. Times are Unix seconds. */
export interface LicensePayload {
  /** Format version; this SDK reads 1. */
  v: 1;
  /** Which of the owner's public keys verifies it (derived from that key, see `signingKeyIdOf`). */
  signingKeyId: string;
  /** The licence key's id and value. */
  keyId: string;
  key: string;
  /** The device it was checked out for. */
  fingerprint: string;
  /** 0 means unlimited. */
  maxActivations: number;
  issuedAt: number;
  expiresAt: number;
  /** Owner-defined, set per key in the dashboard. */
  entitlements: Record<string, string | number | boolean>;
}

/** Allowance for a device clock that is off a little (either way). Default 5 minutes. */
export const DEFAULT_CLOCK_SKEW_SECONDS = 300;

export interface VerifyLicenseOptions {
  /** This device's fingerprint: a certificate of another device is refused. */
  fingerprint: string;
  /** Default `DEFAULT_CLOCK_SKEW_SECONDS`. */
  clockSkewSeconds?: number;
  /** Unix seconds; default the device clock. */
  nowSeconds?: number;
  /**
   * The last-seen-time guard (`keyManager.clockGuard`, or your own restored from storage): a clock
   * behind a time already proved is refused (`LicenseClockTamperedError`), and a certificate that
   * verifies advances it to its `issuedAt`.
   */
  clockGuard?: ClockGuard;
}

/** Why a certificate was refused; `code` tells the cases apart, as does the subclass. */
export type LicenseErrorCode =
  | 'malformed'
  | 'unknown_signing_key'
  | 'bad_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_fingerprint'
  | 'clock_tampered';

export class LicenseVerificationError extends Error {
  readonly code: LicenseErrorCode;

  constructor(code: LicenseErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Not a certificate (wrong shape, not base64url JSON, unknown format version). */
export class LicenseMalformedError extends LicenseVerificationError {
  constructor(message: string) {
    super('malformed', message);
  }
}

/** Signed with a key not among the public keys given (rotated after this build, or retired). */
export class LicenseUnknownSigningKeyError extends LicenseVerificationError {
  constructor(readonly signingKeyId: string) {
    super('unknown_signing_key', `No public key given for signing key ${signingKeyId}`);
  }
}

/** The signature does not match: the certificate was altered, or signed by someone else. */
export class LicenseSignatureError extends LicenseVerificationError {
  constructor() {
    super('bad_signature', 'The licence signature is not valid');
  }
}

/** Past `expiresAt` (plus the clock-skew allowance): check out a new one when online. */
export class LicenseExpiredError extends LicenseVerificationError {
  constructor(readonly expiresAt: number) {
    super('expired', `The licence expired at ${new Date(expiresAt * 1000).toISOString()}`);
  }
}

/** Issued in the future (beyond the allowance): the device clock is far behind, or was turned back. */
export class LicenseNotYetValidError extends LicenseVerificationError {
  constructor(readonly issuedAt: number) {
    super('not_yet_valid', `The licence is dated ${new Date(issuedAt * 1000).toISOString()}, in the future`);
  }
}

/** Checked out for another device. */
export class LicenseFingerprintMismatchError extends LicenseVerificationError {
  constructor() {
    super('wrong_fingerprint', 'The licence was issued for another device');
  }
}

/**
 * The device clock is behind a time the owner's signatures already proved (`clockGuard`): it was
 * turned back, most likely to keep this certificate from expiring.
 */
export class LicenseClockTamperedError extends LicenseVerificationError {
  constructor(readonly lastSeenAt: Date) {
    super('clock_tampered', `The device clock is behind ${lastSeenAt.toISOString()}, a time already seen`);
  }
}

const encoder = new TextEncoder();

/**
 * Verifies `certificate` offline and returns its payload, or throws a `LicenseVerificationError`
 * subclass. `publicKeys`: the owner's public key(s) from the dashboard (PEM or base64 DER), the
 * current one and any previous one not yet retired; the right one is chosen by `signingKeyId`.
 * Checks, in order: shape, signing key, signature, fingerprint, issue date, expiry.
 */
export async function verifyLicense(
  certificate: string,
  publicKeys: string | readonly string[],
  options: VerifyLicenseOptions,
): Promise<LicensePayload> {
  if (typeof options?.fingerprint !== 'string' || options.fingerprint.trim() === '') {
    throw new TypeError('fingerprint must not be empty');
  }
  const skew = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
  if (!(skew >= 0)) throw new TypeError('clockSkewSeconds must be 0 or more');
  const { body, signature, payload } = parse(certificate);

  const keys = await importPublicKeys(publicKeys);
  const signer = keys.find((key) => key.id === payload.signingKeyId);
  if (!signer) throw new LicenseUnknownSigningKeyError(payload.signingKeyId);
  const valid = await crypto.subtle.verify('Ed25519', signer.key, signature, encoder.encode(body));
  if (!valid) throw new LicenseSignatureError();

  if (payload.fingerprint !== options.fingerprint.trim()) throw new LicenseFingerprintMismatchError();
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const guard = options.clockGuard;
  const lastSeenAt = guard?.lastSeenAt;
  if (lastSeenAt && guard?.isTurnedBack(now * 1000)) throw new LicenseClockTamperedError(lastSeenAt);
  if (payload.issuedAt > now + skew) throw new LicenseNotYetValidError(payload.issuedAt);
  if (now > payload.expiresAt + skew) throw new LicenseExpiredError(payload.expiresAt);
  // Signed by the owner, so this moment really passed: a lower bound of real time from now on.
  guard?.observe(new Date(payload.issuedAt * 1000));
  return payload;
}

/** Reads a certificate's payload WITHOUT verifying it (to show it, or pick a key); never trust it. */
export function decodeLicense(certificate: string): LicensePayload {
  return parse(certificate).payload;
}

/**
 * The id the server gives a public key (and puts in `signingKeyId`): base64url of the first 12
 * bytes of SHA-256 over the key's SubjectPublicKeyInfo DER.
 */
export async function signingKeyIdOf(publicKey: string): Promise<string> {
  const [imported] = await importPublicKeys(publicKey);
  if (!imported) throw new TypeError('a public key must be a PEM or base64 string');
  return imported.id;
}

function parse(certificate: string): {
  body: string;
  signature: Uint8Array<ArrayBuffer>;
  payload: LicensePayload;
} {
  if (typeof certificate !== 'string') throw new LicenseMalformedError('The licence is not a string');
  const parts = certificate.trim().split('.');
  const [body, signature] = parts;
  if (parts.length !== 2 || !body || !signature || !/^[A-Za-z0-9_-]+$/.test(body + signature)) {
    throw new LicenseMalformedError('The licence is not two base64url parts joined by "."');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(body)));
  } catch {
    throw new LicenseMalformedError('The licence payload is not JSON');
  }
  if (!isPayload(payload)) throw new LicenseMalformedError('The licence payload is not a version 1 licence');
  return { body, signature: fromBase64(signature), payload };
}

function isPayload(value: unknown): value is LicensePayload {
  const p = value as Partial<LicensePayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    p.v === 1 &&
    typeof p.signingKeyId === 'string' &&
    typeof p.keyId === 'string' &&
    typeof p.key === 'string' &&
    typeof p.fingerprint === 'string' &&
    Number.isInteger(p.maxActivations) &&
    Number.isInteger(p.issuedAt) &&
    Number.isInteger(p.expiresAt) &&
    typeof p.entitlements === 'object' &&
    p.entitlements !== null
  );
}
