import { hash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyType } from '@app/contract';

// Crockford base32 without I, L, O, U: keys are read aloud and typed by people.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A licence key like `7GQ2M-X9K3D-...` : 5 groups of 5 characters, 125 random bits. */
export function generateLicenceKey(): string {
  const bytes = randomBytes(25);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let i = 0; i < 25; i += 5) groups.push(chars.slice(i, i + 5).join(''));
  return groups.join('-');
}

export interface GeneratedApiKey {
  key: string;
  hash: string;
  prefix: string;
  lastFour: string;
}

/**
 * A manager API key (`km_live_…` secret, `km_pub_…` publishable): shown once; only its SHA-256 hash
 * is stored (256 random bits need no slow hash). The type is stored too, not read from the prefix.
 */
export function generateApiKey(type: ApiKeyType): GeneratedApiKey {
  const prefix = API_KEY_PREFIXES[type];
  const key = `${prefix}${randomBytes(32).toString('base64url')}`;
  return {
    key,
    hash: hashApiKey(key),
    prefix: key.slice(0, prefix.length + 4),
    lastFour: key.slice(-4),
  };
}

/** SHA-256, hex. Every public REST call hashes its key: the one-shot `hash` costs less than half of
 * `createHash().update().digest()` (no Hash object per call; decision 028). */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function maskApiKey(prefix: string, lastFour: string): string {
  return `${prefix}…${lastFour}`;
}
