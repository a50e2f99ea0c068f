import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { LicensePayload } from '@app/contract';

/** A fresh Ed25519 pair as DER: SubjectPublicKeyInfo and PKCS#8. */
export function generateSigningPair(): { publicDer: Buffer; privateDer: Buffer } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicDer: publicKey.export({ type: 'spki', format: 'der' }),
    privateDer: privateKey.export({ type: 'pkcs8', format: 'der' }),
  };
}

/**
 * The key id (`kid`) of a public key: base64url of the first 12 bytes of SHA-256 over its SPKI DER.
 * Derived, not assigned, so an SDK given only the public key knows which certificates it verifies.
 */
export function signingKeyId(publicDer: Buffer): string {
  return createHash('sha256').update(publicDer).digest().subarray(0, 12).toString('base64url');
}

export function publicKeyPem(publicDer: Buffer): string {
  return createPublicKey({ key: publicDer, format: 'der', type: 'spki' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

/** `base64url(JSON) + "." + base64url(Ed25519 signature over the first part's ASCII bytes)`. */
export function signCertificate(payload: LicensePayload, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url');
  return `${body}.${signature}`;
}
