import { z } from 'zod';

/**
 * Licensing (decision 032): what every licence key carries beyond the spec's counts — its product,
 * its expiry and status, entitlements, metadata and licensee. Self-contained (no import of
 * key-manager.ts) so that file can build its replies on these schemas.
 */

/**
 * A key's state at the moment of the reply, most serious first: `disabled` (the owner's switch),
 * `suspended` (e.g. unpaid, reversible), `expired` (past `expiresAt`), `trial`, `active`.
 */
export const KEY_STATUSES = ['active', 'trial', 'expired', 'suspended', 'disabled'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];
export const ZKeyStatus = z.enum(KEY_STATUSES);

/** What a key's expiry does: `refuse` activations, heartbeats, checkouts and validation; or `allow` while reporting expired. */
export const EXPIRY_BEHAVIOURS = ['refuse', 'allow'] as const;
export type ExpiryBehaviour = (typeof EXPIRY_BEHAVIOURS)[number];
export const ZExpiryBehaviour = z.enum(EXPIRY_BEHAVIOURS);

/** What starts a policy's clock: the key's issue, or its first activation. */
export const CLOCK_STARTS = ['issue', 'activation'] as const;
export type ClockStart = (typeof CLOCK_STARTS)[number];
export const ZClockStart = z.enum(CLOCK_STARTS);

export const DURATION_UNITS = ['day', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const LICENSING_LIMITS = {
  durationCountMax: 100,
  graceDaysMax: 365,
  metadataBytes: 4096,
  metadataDepth: 4,
  customerNameMax: 200,
  customerEmailMax: 254,
  customerRefMax: 100,
  productCodeMax: 40,
  productNameMax: 100,
  policyNameMax: 100,
  productsPerOwner: 100,
  policiesPerProduct: 50,
  /** Days before expiry that `key.expiring` is sent (owner setting). */
  expiringNoticeDaysMax: 90,
} as const;

/** A licence's length: `{count: 1, unit: 'year'}`; null in a policy means perpetual. */
export const ZDuration = z.strictObject({
  count: z
    .number('Duration must be a number')
    .int('Duration must be a whole number')
    .min(1, 'Duration must be at least 1')
    .max(LICENSING_LIMITS.durationCountMax, `Duration must be at most ${LICENSING_LIMITS.durationCountMax}`),
  unit: z.enum(DURATION_UNITS, 'Duration unit must be day, month or year'),
});
export type Duration = z.infer<typeof ZDuration>;

/** ISO 8601 for a duration ("P1Y", "P14D"), as the database stores it (PostgreSQL reads it as an interval). */
export function durationToIso(duration: Duration): string {
  const letter = { day: 'D', month: 'M', year: 'Y' }[duration.unit];
  return `P${duration.count}${letter}`;
}

/** The reverse of durationToIso; null for anything else. */
export function durationFromIso(iso: string | null): Duration | null {
  const match = iso ? /^P(\d+)([DMY])$/.exec(iso) : null;
  if (!match) return null;
  const unit = ({ D: 'day', M: 'month', Y: 'year' } as const)[match[2] as 'D' | 'M' | 'Y'];
  return { count: Number(match[1]), unit };
}

/** Adds a duration to a moment in UTC calendar terms (as PostgreSQL's `timestamptz + interval` does). */
export function addDuration(from: Date, duration: Duration): Date {
  const next = new Date(from.getTime());
  if (duration.unit === 'day') next.setUTCDate(next.getUTCDate() + duration.count);
  else if (duration.unit === 'month') next.setUTCMonth(next.getUTCMonth() + duration.count);
  else next.setUTCFullYear(next.getUTCFullYear() + duration.count);
  return next;
}

export const METADATA_TOO_LARGE_MESSAGE = `Metadata must be at most ${LICENSING_LIMITS.metadataBytes} bytes of JSON`;
export const METADATA_TOO_DEEP_MESSAGE = `Metadata may nest at most ${LICENSING_LIMITS.metadataDepth} levels`;

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** The developer's own JSON about a key (an order number, a plan name): an object, bounded in size and depth. */
export const ZMetadata = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).length <= LICENSING_LIMITS.metadataBytes,
    METADATA_TOO_LARGE_MESSAGE,
  )
  .refine((value) => depthOf(value) <= LICENSING_LIMITS.metadataDepth, METADATA_TOO_DEEP_MESSAGE);
export type Metadata = z.infer<typeof ZMetadata>;

/** Entitlements are a small flat JSON map, copied into every certificate. */
export const ENTITLEMENT_LIMITS = { entries: 32, nameMax: 64, textMax: 200, bytes: 2048 } as const;
export const ENTITLEMENT_NAME_MESSAGE =
  'Entitlement names use letters, digits, dot, dash and underscore (up to 64 characters)';
export const ENTITLEMENTS_TOO_MANY_MESSAGE = `At most ${ENTITLEMENT_LIMITS.entries} entitlements per key`;
export const ENTITLEMENTS_TOO_LARGE_MESSAGE = `Entitlements must be at most ${ENTITLEMENT_LIMITS.bytes} bytes of JSON`;
const ENTITLEMENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const zEntitlementValue = z.union([
  z
    .string()
    .max(
      ENTITLEMENT_LIMITS.textMax,
      `Entitlement text must be at most ${ENTITLEMENT_LIMITS.textMax} characters`,
    ),
  z.number().finite(),
  z.boolean(),
]);

/** `{ "seats": 5, "pro": true, "edition": "studio" }`: names as below, values string/number/boolean. */
export const ZEntitlements = z
  .record(z.string(), zEntitlementValue)
  .refine((map) => Object.keys(map).every((name) => ENTITLEMENT_NAME.test(name)), ENTITLEMENT_NAME_MESSAGE)
  .refine((map) => Object.keys(map).length <= ENTITLEMENT_LIMITS.entries, ENTITLEMENTS_TOO_MANY_MESSAGE)
  .refine(
    (map) => new TextEncoder().encode(JSON.stringify(map)).length <= ENTITLEMENT_LIMITS.bytes,
    ENTITLEMENTS_TOO_LARGE_MESSAGE,
  );
export type Entitlements = z.infer<typeof ZEntitlements>;

/** A reply's entitlements: names to string, number or boolean values (limits: licences.ts `ZEntitlements`). */
export const ZEntitlementMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** The licensee a key is issued to: any of a name, an email and the developer's own customer id. */
export const ZCustomer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  ref: z.string().nullable(),
});
export type Customer = z.infer<typeof ZCustomer>;

/** What every public reply about a key adds to the spec's five fields (get-key-information, heartbeat, …). */
export const licensingInformationFields = {
  /** The state now: active, trial, expired, suspended or disabled (`status` is the reply's own 'ok'). */
  keyStatus: ZKeyStatus,
  /** ISO 8601; null: never expires (or the clock starts at the first activation). */
  expiresAt: z.string().nullable(),
  /** The product's code. */
  product: z.string(),
  trial: z.boolean(),
  entitlements: ZEntitlementMap,
  metadata: z.record(z.string(), z.unknown()),
  /** Only in replies to a secret API key (and in webhooks): the licensee. */
  customer: ZCustomer.optional(),
};

const zOptionalCustomerText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Customer fields as requests send them (empty text clears one). */
export const zCustomerFields = {
  customerName: zOptionalCustomerText('Customer name', LICENSING_LIMITS.customerNameMax),
  customerEmail: z
    .string()
    .trim()
    .max(LICENSING_LIMITS.customerEmailMax, 'Customer email is too long')
    .refine((text) => text === '' || z.email().safeParse(text).success, 'Customer email is not a valid email')
    .transform((text) => text.toLowerCase())
    .optional(),
  customerRef: zOptionalCustomerText('Customer ID', LICENSING_LIMITS.customerRefMax),
};

/** A product's code: what an app names when it validates (`product`), unique per owner. */
export const PRODUCT_CODE_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const PRODUCT_CODE_MESSAGE =
  'Product code uses lowercase letters, digits, dot, dash and underscore, starting with a letter or digit';
export const zProductCode = z
  .string('Product code is required')
  .trim()
  .min(1, 'Product code is required')
  .max(
    LICENSING_LIMITS.productCodeMax,
    `Product code must be at most ${LICENSING_LIMITS.productCodeMax} characters`,
  )
  .regex(PRODUCT_CODE_PATTERN, PRODUCT_CODE_MESSAGE);
/** Every owner's keys made before products existed, and keys made without naming one, belong here. */
export const DEFAULT_PRODUCT = { code: 'default', name: 'Default product' } as const;

/**
 * validate-key's answer in one word (decision 032). `valid` says whether the app may run now; the code
 * says why. EXPIRED and TRIAL_EXPIRED come with `valid: true` while a grace period runs or when the
 * policy allows running after expiry.
 */
export const VALIDATION_CODES = {
  VALID: 'The key is valid.',
  NOT_FOUND: 'No such key (for this API key).',
  DISABLED: 'The key is disabled.',
  SUSPENDED: 'The key is suspended.',
  EXPIRED: 'The key has expired.',
  TRIAL_EXPIRED: 'The trial has ended.',
  PRODUCT_MISMATCH: 'The key belongs to another product.',
  NOT_ACTIVATED: 'This device is not activated for the key.',
  TOO_MANY_DEVICES: 'This device is not activated and the key has no free activation.',
  ENTITLEMENTS_MISSING: 'The key lacks an entitlement the app asked for.',
} as const;
export type ValidationCode = keyof typeof VALIDATION_CODES;
export const VALIDATION_CODE_NAMES = Object.keys(VALIDATION_CODES) as [ValidationCode, ...ValidationCode[]];
export const ZValidationCode = z.enum(VALIDATION_CODE_NAMES);

/**
 * Signed online replies (decision 032). A client sends a fresh random nonce in the request header;
 * the reply then carries the Ed25519 signature (owner's current licence signing key) over
 * `km-reply-v1\n<signedAt>\n<nonce>\n<request path>\n<body>` (UTF-8), the signing key's id and the
 * signing time (ISO 8601). SDKs verify all of it and compare the nonce with the one they sent.
 */
export const SIGNED_REPLY_HEADERS = {
  nonce: 'x-km-nonce',
  signature: 'x-km-signature',
  signingKeyId: 'x-km-signing-key',
  signedAt: 'x-km-signed-at',
} as const;
export const SIGNED_REPLY_VERSION = 'km-reply-v1';
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** The text a signed reply's signature covers. */
export function signedReplyMessage(signedAt: string, nonce: string, path: string, body: string): string {
  return `${SIGNED_REPLY_VERSION}\n${signedAt}\n${nonce}\n${path}\n${body}`;
}
