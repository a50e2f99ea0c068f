/**
 * Signed online replies (licensing): the client sends a fresh random nonce in `x-km-nonce`; the
 * server signs `signedReplyMessage(signedAt, nonce, path, body)` with the owner's current licence
 * signing key (the key pair behind offline certificates) and sends the signature, the key's id and
 * the time. Checking all of it here means a proxy, a patched hosts file or a replayed answer cannot
 * tell the app "valid". Web Crypto only.
 */

import type { ClockGuard } from './clock-guard.js';
import { KeyManagerException } from './errors.js';
import { NONCE_PATTERN, SIGNED_REPLY_HEADERS, SIGNED_REPLY_VERSION } from './licensing-wire-types.js';
import { fromBase64, type ImportedPublicKey, toBase64Url } from './public-keys.js';

/** Why a reply was not accepted as the owner's answer to this request. The SDK's codes, not the server's. */
export type ReplyVerificationCode =
  | 'reply_unsigned'
  | 'reply_unknown_signing_key'
  | 'reply_bad_signature'
  | 'reply_nonce_mismatch'
  | 'reply_stale'
  | 'clock_tampered';

/**
 * A reply that asked to be signed and could not be trusted. `statusCode` is the reply's HTTP status;
 * `code` one of `ReplyVerificationCode`. Treat it as no answer at all: never as "valid".
 */
export class ReplyVerificationException extends KeyManagerException {
  declare readonly code: ReplyVerificationCode;

  constructor(code: ReplyVerificationCode, message: string, statusCode: number) {
    super(message, statusCode, { code });
  }
}

/** The reply carried no signature (a server without signed replies, or a proxy that answered). */
export class ReplyUnsignedException extends ReplyVerificationException {
  constructor(statusCode: number) {
    super('reply_unsigned', 'The reply is not signed', statusCode);
  }
}

/** Signed with a key not among the public keys given (rotated after this build, or not the owner's). */
export class ReplyUnknownSigningKeyException extends ReplyVerificationException {
  constructor(
    readonly signingKeyId: string,
    statusCode: number,
  ) {
    super('reply_unknown_signing_key', `No public key given for signing key ${signingKeyId}`, statusCode);
  }
}

/** The signature does not match the reply: altered on the way, or forged. */
export class ReplySignatureException extends ReplyVerificationException {
  constructor(statusCode: number, detail = 'The reply signature is not valid') {
    super('reply_bad_signature', detail, statusCode);
  }
}

/** The reply answers another request (its nonce is not the one sent): a replayed answer. */
export class ReplyNonceMismatchException extends ReplyVerificationException {
  constructor(statusCode: number) {
    super('reply_nonce_mismatch', 'The reply answers another request (nonce mismatch)', statusCode);
  }
}

/** Signed further from this device's clock than the tolerance allows (a delayed reply, or a clock far ahead). */
export class ReplyStaleException extends ReplyVerificationException {
  constructor(
    readonly signedAt: Date,
    statusCode: number,
  ) {
    super(
      'reply_stale',
      `The reply was signed at ${signedAt.toISOString()}, too far from this clock`,
      statusCode,
    );
  }
}

/** This device's clock is behind a time the owner's signatures already proved: it was turned back. */
export class ClockTamperedException extends ReplyVerificationException {
  constructor(
    readonly lastSeenAt: Date,
    statusCode: number,
  ) {
    super(
      'clock_tampered',
      `The device clock is behind ${lastSeenAt.toISOString()}, a time already seen: it was turned back`,
      statusCode,
    );
  }
}

/** What a verified reply says about its signature. */
export interface SignedReplyInfo {
  /** The id of the public key that verified it. */
  signingKeyId: string;
  /** When the server signed it (its clock). */
  signedAt: Date;
}

/** A fresh nonce: 32 random bytes as base64url (43 characters). */
export function newNonce(): string {
  const nonce = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  if (!NONCE_PATTERN.test(nonce)) throw new Error('nonce generation failed');
  return nonce;
}

export interface SignedReplyCheck {
  publicKeys: readonly ImportedPublicKey[];
  /** The nonce this request sent. */
  nonce: string;
  /** The operation's URL path, e.g. `/api/v1/saas-platform/key-manager/validate-key`. */
  path: string;
  status: number;
  headers: Headers;
  /** The reply body exactly as received. */
  body: Uint8Array;
  nowMs: number;
  toleranceSeconds: number;
  clockGuard: ClockGuard;
}

const encoder = new TextEncoder();

/**
 * Accepts a reply as the owner's answer to this very request, or throws the reason. In order: the
 * headers are there, the nonce echoed (if any) is ours, the key is known, the signature covers this
 * time, our nonce, this path and these bytes; then (the time being proved) the guard records it,
 * refuses a clock turned back, and refuses a time further from the clock than the tolerance.
 */
export async function verifySignedReply(check: SignedReplyCheck): Promise<SignedReplyInfo> {
  const { headers, status } = check;
  const signature = headers.get(SIGNED_REPLY_HEADERS.signature);
  const signingKeyId = headers.get(SIGNED_REPLY_HEADERS.signingKeyId);
  const signedAtText = headers.get(SIGNED_REPLY_HEADERS.signedAt);
  if (!signature || !signingKeyId || !signedAtText) throw new ReplyUnsignedException(status);
  const echoed = headers.get(SIGNED_REPLY_HEADERS.nonce);
  if (echoed !== null && echoed !== check.nonce) throw new ReplyNonceMismatchException(status);
  const signer = check.publicKeys.find((key) => key.id === signingKeyId);
  if (!signer) throw new ReplyUnknownSigningKeyException(signingKeyId, status);

  let signatureBytes: Uint8Array<ArrayBuffer>;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(signature)) throw new Error('not base64url');
    signatureBytes = fromBase64(signature);
  } catch {
    throw new ReplySignatureException(status, 'The reply signature is not base64url');
  }
  // Our nonce, never the echoed one: a reply to another request cannot verify.
  const head = encoder.encode(`${SIGNED_REPLY_VERSION}\n${signedAtText}\n${check.nonce}\n${check.path}\n`);
  const message = new Uint8Array(head.length + check.body.length);
  message.set(head, 0);
  message.set(check.body, head.length);
  const valid = await crypto.subtle.verify('Ed25519', signer.key, signatureBytes, message);
  if (!valid) throw new ReplySignatureException(status);

  const signedAt = new Date(signedAtText);
  if (!Number.isFinite(signedAt.getTime())) {
    throw new ReplySignatureException(status, `The reply's signing time is not a time: ${signedAtText}`);
  }
  // Signed over our fresh nonce, this time really passed on the server: a lower bound of real time.
  check.clockGuard.observe(signedAt);
  const lastSeenAt = check.clockGuard.lastSeenAt;
  if (lastSeenAt && check.clockGuard.isTurnedBack(check.nowMs)) {
    throw new ClockTamperedException(lastSeenAt, status);
  }
  if (Math.abs(signedAt.getTime() - check.nowMs) > check.toleranceSeconds * 1000) {
    throw new ReplyStaleException(signedAt, status);
  }
  return { signingKeyId, signedAt };
}
