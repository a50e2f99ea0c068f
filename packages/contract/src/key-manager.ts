import { z } from 'zod';
import { SUBSCRIPTION_SUSPENDED_MESSAGE } from './billing.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { licensingInformationFields } from './key-licensing.js';
import {
  DEVICE_LIMITS,
  deviceDetailFields,
  usageReportFields,
  ZDevice,
  ZTransferInformation,
} from './key-manager-devices.js';

/**
 * Key Manager (docs/product-contract.md §Screens, §Entities, §Calls). Two audiences share the
 * `/api/v1/saas-platform/key-manager/` prefix: the dashboard (bearer access token) and the public REST
 * interface (bearer manager API key), which third-party applications, the Java library and
 * `@northwind/key-manager` call.
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';
const API_KEYS = '/api/v1/api-keys/key-manager';

export const KEY_MANAGER_PATHS = {
  // Dashboard (bearer access token): docs/product-contract.md §Calls (Key Manager dashboard).
  data: `${DASHBOARD}/data`,
  addKey: `${DASHBOARD}/add-key`,
  getKeys: `${DASHBOARD}/get-keys`,
  changeKey: `${DASHBOARD}/change-key`,
  /** Extension: delete a licence key from the dashboard by id. */
  removeKey: `${DASHBOARD}/remove-key`,
  /** Extension: activations and deactivations per day from the event log (dashboard chart). */
  activity: `${DASHBOARD}/activity`,
  generateApiKey: `${API_KEYS}/generate-api-key`,
  getApiKeys: `${API_KEYS}/get-api-keys`,
  /** Extension: revoke a manager API key. */
  revokeApiKey: `${API_KEYS}/revoke-api-key`,
  /** Extension: make one API key answer 402, 403 or a low rate limit for a while (key-manager-simulation.ts). */
  simulateApiKey: `${API_KEYS}/simulate-api-key`,
  /** Extension (decision 037): a new key like this one; the old one keeps working for the overlap. */
  rollApiKey: `${API_KEYS}/roll-api-key`,
  // Public REST (bearer manager API key): docs/product-contract.md §Calls (Key Manager public REST
  // interface).
  getKeyInformation: `${DASHBOARD}/get-key-information`,
  activateKey: `${DASHBOARD}/activate-key`,
  deactivateKey: `${DASHBOARD}/deactivate-key`,
  markKeyAsActive: `${DASHBOARD}/mark-key-as-active`,
  deleteKey: `${DASHBOARD}/delete-key`,
  /** Extension (decision 024): a signed offline licence certificate for one device (licences.ts). */
  checkoutLicense: `${DASHBOARD}/checkout-license`,
  /** Extension (decision 023): a device's lease heartbeat. */
  heartbeat: `${DASHBOARD}/heartbeat`,
  // Licensing (decision 032): one validation call, trials, renewal, suspension.
  validateKey: `${DASHBOARD}/validate-key`,
  startTrial: `${DASHBOARD}/start-trial`,
  convertTrial: `${DASHBOARD}/convert-trial`,
  renewKey: `${DASHBOARD}/renew-key`,
  suspendKey: `${DASHBOARD}/suspend-key`,
  /** Extension (decision 037): the owner's usage counts per hour or day (secret API key only). */
  getUsage: `${DASHBOARD}/usage`,
  // Dashboard extensions (decision 023): a key's devices and the device policies.
  getDevices: `${DASHBOARD}/get-devices`,
  releaseDevice: `${DASHBOARD}/release-device`,
  getDevicePolicy: `${DASHBOARD}/get-device-policy`,
  setDevicePolicy: `${DASHBOARD}/set-device-policy`,
  setKeyDevicePolicy: `${DASHBOARD}/set-key-device-policy`,
} as const;

/** The public REST operations, in the order of the spec's table. */
export const KEY_MANAGER_PUBLIC_OPERATIONS = [
  'getKeyInformation',
  'activateKey',
  'deactivateKey',
  'markKeyAsActive',
  'deleteKey',
  'heartbeat',
  'checkoutLicense',
  'validateKey',
  'startTrial',
  'convertTrial',
  'renewKey',
  'suspendKey',
  'getUsage',
] as const;
export type KeyManagerPublicOperation = (typeof KEY_MANAGER_PUBLIC_OPERATIONS)[number];

/**
 * Manager API key types. A secret key (`km_live_…`) stays on the developer's server and may call
 * every public operation. A publishable key (`km_pub_…`) may be shipped inside an app or a web page:
 * it may only call the operations below — the ones an installed copy of the app needs for itself.
 * Deactivating with a publishable key needs a `fingerprint` (the caller's own device); a deactivation
 * without one (any anonymous slot) needs the secret key. Later device operations (heartbeat, licence
 * checkout) are added to this list, and nowhere else: the REST docs' key table is generated from it.
 */
export const API_KEY_TYPES = ['secret', 'publishable'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];
export const ZApiKeyType = z.enum(API_KEY_TYPES);
export const API_KEY_PREFIXES: Readonly<Record<ApiKeyType, string>> = {
  secret: 'km_live_',
  publishable: 'km_pub_',
};
export const PUBLISHABLE_KEY_OPERATIONS: readonly KeyManagerPublicOperation[] = [
  'getKeyInformation',
  'activateKey',
  'deactivateKey',
  'heartbeat',
  'checkoutLicense',
  'validateKey',
  'startTrial',
];
/** Of those, the ones a publishable key may call only for a device it names by `fingerprint` (403 otherwise). */
export const PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS: readonly KeyManagerPublicOperation[] = [
  'activateKey',
  'deactivateKey',
];

// ---- Messages: the SDKs, the Java library and the docs use these exact strings. ----
export const INVALID_KEY_MESSAGE = 'Invalid Key Provided';
export const KEY_DISABLED_MESSAGE = 'Key is disabled';
export const ACTIVATION_LIMIT_MESSAGE = 'Activation limit reached';
export const NO_ACTIVATIONS_MESSAGE = 'Key has no activations to deactivate';
export const FINGERPRINT_NOT_ACTIVATED_MESSAGE = 'This device is not activated for the key';
export const API_KEY_REQUIRED_MESSAGE = 'API key required';
export const INVALID_API_KEY_MESSAGE = 'Invalid API key';
export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded';
export const PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE =
  'A publishable key (km_pub_…) may only get key information, validate a key, start a trial, activate, deactivate and heartbeat a device, and check out its licence. Call this from your server with a secret key (km_live_…).';
export const PUBLISHABLE_KEY_FINGERPRINT_MESSAGE =
  'A publishable key (km_pub_…) activates and deactivates only a device: send the device’s fingerprint, or use a secret key (km_live_…).';
export const KEY_ACTIVATED_MESSAGE = 'Key activated';
export const KEY_ALREADY_ACTIVATED_MESSAGE = 'Key already activated on this device';
export const KEY_DEACTIVATED_MESSAGE = 'Key deactivated';
export const KEY_ENABLED_MESSAGE = 'Key enabled';
export const KEY_DISABLED_NOW_MESSAGE = 'Key disabled';
export const KEY_DELETED_MESSAGE = 'Key deleted';
export const KEY_EXPIRED_MESSAGE = 'Key has expired';
export const TRIAL_EXPIRED_MESSAGE = 'Trial has ended';
export const KEY_SUSPENDED_MESSAGE = 'Key is suspended';
// Dashboard messages.
export const NO_PLAN_MESSAGE = 'Activate a Key Manager plan first';
export const keyLimitMessage = (maxKeysAllowed: number) =>
  `Your plan allows ${maxKeysAllowed} key${maxKeysAllowed === 1 ? '' : 's'}. Delete a key or upgrade your plan.`;
export const CURRENT_OVER_MAX_MESSAGE = 'Current activations cannot exceed max activations';
export const KEY_CREATED_MESSAGE = 'Key created';
export const KEY_SAVED_MESSAGE = 'Key saved';
export const API_KEY_CREATED_MESSAGE = 'API key created. Copy it now: it is shown only once.';
export const API_KEY_REVOKED_MESSAGE = 'API key revoked';
export const API_KEY_NOT_FOUND_MESSAGE = 'API key not found';
export const API_KEY_LIMIT = 10;
/** Substring search needs three characters: the trigram index cannot narrow fewer (decision 025). */
export const KEY_SEARCH_MIN = 3;
export const KEY_SEARCH_TOO_SHORT_MESSAGE = `Type at least ${KEY_SEARCH_MIN} characters to search`;
export const API_KEY_LIMIT_MESSAGE = `You can have at most ${API_KEY_LIMIT} active API keys. Revoke one first.`;

/** A public REST refusal: its code, the HTTP status that code always has, and its message. */
const refusal = <C extends ErrorCode, M extends string>(code: C, message: M) =>
  ({ code, httpStatus: ERROR_CODES[code], message }) as const;

/** Code, HTTP status and message of every public REST failure, for the server, SDKs and docs. */
export const KEY_MANAGER_ERRORS = {
  apiKeyRequired: refusal('api_key_required', API_KEY_REQUIRED_MESSAGE),
  invalidApiKey: refusal('invalid_api_key', INVALID_API_KEY_MESSAGE),
  /** A rolled key past its overlap (decision 037); the server's message names the time it stopped. */
  apiKeyExpired: refusal(
    'api_key_expired',
    'This API key was replaced and has stopped working; use the new key.',
  ),
  paymentRequired: refusal('payment_required', SUBSCRIPTION_SUSPENDED_MESSAGE),
  noPlan: refusal('no_plan', NO_PLAN_MESSAGE),
  publishableKeyNotAllowed: refusal('publishable_key_not_allowed', PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE),
  publishableKeyFingerprint: refusal(
    'publishable_key_fingerprint_required',
    PUBLISHABLE_KEY_FINGERPRINT_MESSAGE,
  ),
  invalidKey: refusal('key_not_found', INVALID_KEY_MESSAGE),
  keyDisabled: refusal('key_disabled', KEY_DISABLED_MESSAGE),
  activationLimit: refusal('activation_limit_reached', ACTIVATION_LIMIT_MESSAGE),
  noActivations: refusal('no_activations', NO_ACTIVATIONS_MESSAGE),
  fingerprintNotActivated: refusal('device_not_activated', FINGERPRINT_NOT_ACTIVATED_MESSAGE),
  rateLimited: refusal('rate_limited', RATE_LIMITED_MESSAGE),
  keyExpired: refusal('key_expired', KEY_EXPIRED_MESSAGE),
  trialExpired: refusal('trial_expired', TRIAL_EXPIRED_MESSAGE),
  keySuspended: refusal('key_suspended', KEY_SUSPENDED_MESSAGE),
  productNotFound: refusal('product_not_found', 'No product with that code'),
  trialNotOffered: refusal('trial_not_offered', 'This product offers no trial'),
  trialUsed: refusal('trial_used', 'This device (or email) has already had a trial of this product'),
  notATrial: refusal('not_a_trial', 'This key is not a trial'),
  keyNotRenewable: refusal(
    'key_not_renewable',
    'This key has no duration to renew by: give `until` (a date) to set its expiry',
  ),
  policyNotFound: refusal('policy_not_found', 'No such policy for this product'),
} as const;
export type KeyManagerRefusal = (typeof KEY_MANAGER_ERRORS)[keyof typeof KEY_MANAGER_ERRORS];

/** Response headers on every public REST reply (429 adds `Retry-After`). */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

export const KEY_LIMITS = {
  keyMax: 128,
  maxActivationsMax: 1_000_000,
  nameMax: 100,
  noteMax: 1000,
  fingerprintMax: DEVICE_LIMITS.fingerprintMax,
  searchMax: 100,
} as const;

// Messages not given here come from error-messages.ts, named after the field ("Max activations must
// be a number"); the envelope's `field` carries the raw name for developers.
export const zLicenceKey = z.string().trim().min(1, 'Key is required').max(KEY_LIMITS.keyMax);
export const zKeyId = z.uuid('ID is not a valid key ID');
/** Extension: a device id; activating the same fingerprint twice counts once. */
const zFingerprint = z
  .string()
  .trim()
  .min(1, 'Fingerprint must not be empty')
  .max(KEY_LIMITS.fingerprintMax)
  .optional();

// ---- Public REST (bearer API key). Bodies are `z.object`: third parties may send extra fields. ----

/** The spec's docs say a key can be addressed by its value or its id. */
export const keyRef = { key: zLicenceKey.optional(), id: zKeyId.optional() };
export const needsKeyOrId = (b: { key?: string; id?: string }) => b.key !== undefined || b.id !== undefined;
export const keyOrIdIssue = { message: 'Key is required', path: ['key'] };

export const ZGetKeyInformationRequest = z
  .object({
    ...keyRef,
    /** Extension (decision 023): list the key's devices too (`devices` in the reply). */
    includeDevices: z.boolean().optional(),
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type GetKeyInformationRequest = z.input<typeof ZGetKeyInformationRequest>;

export const ZPublicKeyInformation = z.object({
  id: z.string(),
  key: z.string(),
  maxActivations: z.number().int(),
  currentActivations: z.number().int(),
  isActive: z.boolean(),
  // Licensing (decision 032): added fields; the spec's five above are unchanged.
  ...licensingInformationFields,
});
export type PublicKeyInformation = z.infer<typeof ZPublicKeyInformation>;

export const ZGetKeyInformationResponse = ZPublicKeyInformation.extend({
  status: z.literal('ok'),
  /** Only with `includeDevices: true`: up to 100 devices, most recently seen first. */
  devices: z.array(ZDevice).optional(),
});
export type GetKeyInformationResponse = z.infer<typeof ZGetKeyInformationResponse>;

export const ZActivateKeyRequest = z
  .object({
    ...keyRef,
    fingerprint: zFingerprint,
    ...deviceDetailFields,
    appVersion: usageReportFields.appVersion,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type ActivateKeyRequest = z.input<typeof ZActivateKeyRequest>;
export const ZDeactivateKeyRequest = z
  .object({ ...keyRef, fingerprint: zFingerprint, ...usageReportFields })
  .refine(needsKeyOrId, keyOrIdIssue);
export type DeactivateKeyRequest = z.input<typeof ZDeactivateKeyRequest>;

/** Activate, deactivate and mark-key-as-active answer a message and the key's new state. */
export const ZKeyManipulationResponse = ZPublicKeyInformation.extend({
  status: z.literal('ok'),
  message: z.string(),
});
export type KeyManipulationResponse = z.infer<typeof ZKeyManipulationResponse>;
/** Activation: with `transfer` when the least recently used device was released to make room. */
export const ZActivateKeyResponse = ZKeyManipulationResponse.extend({
  transfer: ZTransferInformation.optional(),
});
export type ActivateKeyResponse = z.infer<typeof ZActivateKeyResponse>;

/** The spec gives two readings: `isActive` (example) and `isActivated` (field table). Both work. */
export const ZMarkKeyAsActiveRequest = z
  .object({
    ...keyRef,
    isActive: z.boolean().optional(),
    isActivated: z.boolean().optional(),
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue)
  .refine((b) => b.isActive !== undefined || b.isActivated !== undefined, {
    message: 'Say whether the key is active (true or false)',
    path: ['isActive'],
  });
export type MarkKeyAsActiveRequest = z.input<typeof ZMarkKeyAsActiveRequest>;

export const ZDeleteKeyRequest = z
  .object({ ...keyRef, ...usageReportFields })
  .refine(needsKeyOrId, keyOrIdIssue);
export type DeleteKeyRequest = z.input<typeof ZDeleteKeyRequest>;
export const ZDeleteKeyResponse = z.object({ status: z.literal('ok'), message: z.string() });
export type DeleteKeyResponse = z.infer<typeof ZDeleteKeyResponse>;
