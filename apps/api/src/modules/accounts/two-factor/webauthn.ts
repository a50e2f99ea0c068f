import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '@app/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type Config, publicUrl } from '../../../config.js';
import type { PasskeyRow } from './factor-store.js';

/**
 * The relying party passkeys are bound to: the host of PUBLIC_URL (`http://localhost:<PORT>` when
 * unset) and its origin. Browsers refuse an IP address as an RP id, so a site reached by IP has no
 * passkeys; tests name `http://127.0.0.1:<port>` as PUBLIC_URL and sign with a software key.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(config: Config): RelyingParty {
  const url = new URL(publicUrl(config));
  return { id: url.hostname, name: config.BRAND_NAME, origin: url.origin };
}

const transportsOf = (row: PasskeyRow) => row.transports;
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; firstName: string; lastName: string },
  existing: PasskeyRow[],
): Promise<PasskeyCreationOptions> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** The credential a registration created, or null when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  attestation: PasskeyAttestation,
): Promise<NewPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: attestation,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: base64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? attestation.response.transports ?? [],
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

export function authenticationOptions(rp: RelyingParty, keys: PasskeyRow[]): Promise<PasskeyRequestOptions> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
}

/** The authenticator's new signature counter when the assertion verifies, else null. */
export async function verifyAssertion(
  rp: RelyingParty,
  expectedChallenge: string,
  assertion: PasskeyAssertion,
  key: PasskeyRow,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: transportsOf(key),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
