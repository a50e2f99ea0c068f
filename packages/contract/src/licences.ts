import { z } from 'zod';
import { ZEntitlements } from './key-licensing.js';
import { KEY_LIMITS, keyOrIdIssue, keyRef, needsKeyOrId } from './key-manager.js';
import { usageReportFields } from './key-manager-devices.js';

/**
 * Signed offline licences (decision 024). `checkout-license` (public REST, secret or
 * publishable key) returns a certificate `base64url(payload JSON) + "." + base64url(Ed25519
 * signature of the first part's ASCII bytes)`, signed with the owner's current signing key. Apps
 * verify it offline with the owner's public key(s) (the SDKs' `verifyLicense`).
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';

export const LICENSE_PATHS = {
  /** GET: the owner's signing keys that verify certificates (the first call creates one). */
  signingKeys: `${DASHBOARD}/license-signing-keys`,
  /** POST: a new current signing key; the old one stops signing but stays listed until retired. */
  rotateSigningKey: `${DASHBOARD}/license-signing-keys/rotate`,
  /** POST: removes a previous signing key (its private half is deleted); certificates it signed stop verifying. */
  retireSigningKey: `${DASHBOARD}/license-signing-keys/:id/retire`,
  /** GET / PUT: the entitlements of one licence key, copied into every certificate. */
  entitlements: `${DASHBOARD}/keys/:id/entitlements`,
} as const;

/** A path with its `:id` filled in. */
export function licensePath(path: (typeof LICENSE_PATHS)[keyof typeof LICENSE_PATHS], id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

/** Certificate lifetimes: asked per checkout, bounded here. */
export const LICENSE_TTL = {
  minSeconds: 60,
  defaultSeconds: 7 * 86_400,
  maxSeconds: 30 * 86_400,
} as const;

/** A signing key is current (it signs) or previous (it only verifies until retired); at most this many. */
export const SIGNING_KEY_LIMIT = 5;
/** The format version inside every payload (`v`); verifiers refuse other versions. */
export const LICENSE_FORMAT_VERSION = 1;

export const ENTITLEMENTS_SAVED_MESSAGE = 'Entitlements saved';
export const SIGNING_KEY_ROTATED_MESSAGE =
  'New signing key created. Add its public key to your app; certificates signed with the previous one keep verifying until you retire it.';
export const SIGNING_KEY_RETIRED_MESSAGE = 'Signing key retired';
export const SIGNING_KEY_NOT_FOUND_MESSAGE = 'Signing key not found';
export const SIGNING_KEY_CURRENT_MESSAGE =
  'The current signing key cannot be retired. Rotate first, then retire the previous one.';
export const SIGNING_KEY_LIMIT_MESSAGE = `You can have at most ${SIGNING_KEY_LIMIT} signing keys. Retire a previous one first.`;
export const SIGNING_KEY_BUSY_MESSAGE = 'The signing key changed at the same moment. Try again.';
export const LICENSE_SIGNING_UNAVAILABLE_MESSAGE =
  'Licence signing is unavailable: the signing key cannot be read on this server. Ask the operator to check LICENSE_SECRET_KEY.';
export const LICENSE_FINGERPRINT_REQUIRED_MESSAGE =
  'Fingerprint is required: a certificate is for one device';

// ---- Public REST ----

export const ZCheckoutLicenseRequest = z
  .object({
    ...keyRef,
    fingerprint: z
      .string(LICENSE_FINGERPRINT_REQUIRED_MESSAGE)
      .trim()
      .min(1, LICENSE_FINGERPRINT_REQUIRED_MESSAGE)
      .max(KEY_LIMITS.fingerprintMax),
    ttlSeconds: z
      .number()
      .int('TTL seconds must be a whole number')
      .min(
        LICENSE_TTL.minSeconds,
        `TTL seconds must be between ${LICENSE_TTL.minSeconds} and ${LICENSE_TTL.maxSeconds}`,
      )
      .max(
        LICENSE_TTL.maxSeconds,
        `TTL seconds must be between ${LICENSE_TTL.minSeconds} and ${LICENSE_TTL.maxSeconds}`,
      )
      .default(LICENSE_TTL.defaultSeconds),
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type CheckoutLicenseRequest = z.input<typeof ZCheckoutLicenseRequest>;

/** What a certificate says. Times are Unix seconds. */
export const ZLicensePayload = z.object({
  v: z.literal(LICENSE_FORMAT_VERSION),
  /** The signing key's id (`kid`): which public key verifies it. */
  signingKeyId: z.string(),
  /** The licence key's id and value. */
  keyId: z.string(),
  key: z.string(),
  fingerprint: z.string(),
  /** 0 means unlimited. */
  maxActivations: z.number().int(),
  issuedAt: z.number().int(),
  expiresAt: z.number().int(),
  entitlements: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type LicensePayload = z.infer<typeof ZLicensePayload>;

export const ZCheckoutLicenseResponse = z.object({
  status: z.literal('ok'),
  /** Store it as it is; verify it with the SDK's `verifyLicense`. */
  certificate: z.string(),
  /** The certificate's payload, decoded, for convenience (trust only the verified certificate). */
  license: ZLicensePayload,
});
export type CheckoutLicenseResponse = z.infer<typeof ZCheckoutLicenseResponse>;

// ---- Dashboard ----

export const ZSigningKey = z.object({
  /** The `signingKeyId` of the certificates it signs: base64url of the first 12 bytes of SHA-256(SPKI DER). */
  id: z.string(),
  algorithm: z.literal('Ed25519'),
  /** `current` signs new certificates; `previous` only verifies the ones it signed, until retired. */
  state: z.enum(['current', 'previous']),
  /** SubjectPublicKeyInfo as PEM (Node, WebCrypto) and as base64 DER (Java `X509EncodedKeySpec`). */
  publicKeyPem: z.string(),
  publicKeyBase64: z.string(),
  createdAt: z.string(),
  /** When it stopped signing (rotation); null for the current key. */
  rotatedAt: z.string().nullable(),
});
export type SigningKey = z.infer<typeof ZSigningKey>;

export const ZSigningKeysResponse = z.object({ status: z.literal('ok'), signingKeys: z.array(ZSigningKey) });
export type SigningKeysResponse = z.infer<typeof ZSigningKeysResponse>;

export const ZRotateSigningKeyResponse = ZSigningKeysResponse.extend({ message: z.string() });
export type RotateSigningKeyResponse = z.infer<typeof ZRotateSigningKeyResponse>;

export const ZSigningKeyParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, SIGNING_KEY_NOT_FOUND_MESSAGE),
});
export const ZLicenceKeyParams = z.object({ id: z.uuid('ID is not a valid key ID') });

export const ZEntitlementsRequest = z.strictObject({ entitlements: ZEntitlements });
export type EntitlementsRequest = z.input<typeof ZEntitlementsRequest>;
export const ZEntitlementsResponse = z.object({
  status: z.literal('ok'),
  message: z.string().optional(),
  entitlements: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type EntitlementsResponse = z.infer<typeof ZEntitlementsResponse>;
