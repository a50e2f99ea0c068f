/**
 * The owner's Ed25519 public keys (dashboard: Key Manager → Offline licences), read once for both
 * offline certificates (`offline-licence.ts`) and signed online replies (`signed-replies.ts`). Web
 * Crypto only, so it runs in Node 20+, current browsers, Deno and Bun.
 */

/** Web Crypto's key type, named without the DOM library's global `CryptoKey`. */
export type VerifyKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** A public key and its id (`signingKeyId`, also the `x-km-signing-key` of a signed reply). */
export interface ImportedPublicKey {
  id: string;
  key: VerifyKey;
}

/**
 * Reads a PEM or base64 SubjectPublicKeyInfo. Its id is what the server derives too: base64url of
 * the first 12 bytes of SHA-256 over the DER. Throws `TypeError` for anything but an Ed25519 key.
 */
export async function importPublicKey(publicKey: string): Promise<ImportedPublicKey> {
  if (typeof publicKey !== 'string' || publicKey.trim() === '') {
    throw new TypeError('a public key must be a PEM or base64 string');
  }
  const base64 = publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  let der: Uint8Array<ArrayBuffer>;
  let key: VerifyKey;
  try {
    der = fromBase64(base64);
    key = await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    throw new TypeError(`not an Ed25519 public key (PEM or base64 DER): ${String(error)}`);
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  return { id: toBase64Url(digest.subarray(0, 12)), key };
}

/** Every key of a list (or the one key given), in order. */
export function importPublicKeys(publicKeys: string | readonly string[]): Promise<ImportedPublicKey[]> {
  return Promise.all((typeof publicKeys === 'string' ? [publicKeys] : publicKeys).map(importPublicKey));
}

/** base64 or base64url, padded or not. Throws on characters outside both alphabets. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
