import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/contract';

// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten random codes of 10 characters (about 49 bits each), shown once as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A code as stored: SHA-256 of its normalised form (no dash, lower case). The codes are random and
 * long enough that a fast hash is as good as a slow one; the contract normalises input the same way.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');
}
