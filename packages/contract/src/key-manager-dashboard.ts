import { z } from 'zod';
import { fieldLabel } from './error-messages.js';
import {
  LICENSING_LIMITS,
  ZEntitlementMap,
  ZExpiryBehaviour,
  ZKeyStatus,
  ZMetadata,
  zCustomerFields,
} from './key-licensing.js';
import {
  CURRENT_OVER_MAX_MESSAGE,
  KEY_LIMITS,
  KEY_SEARCH_MIN,
  KEY_SEARCH_TOO_SHORT_MESSAGE,
  zKeyId,
  zLicenceKey,
} from './key-manager.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * The Key Manager dashboard's key calls (bearer access token): data, add-key, get-keys, change-key,
 * remove-key and activity. Paths are in KEY_MANAGER_PATHS (key-manager.ts), beside the public REST.
 */

const zActivationCount = (zeroMeans = '0') =>
  z
    .number()
    .int()
    .min(0, { error: (issue) => `${fieldLabel(issue.path)} must be ${zeroMeans} or more` })
    .max(KEY_LIMITS.maxActivationsMax);
const zOptionalText = (max: number) => z.string().trim().max(max).optional();

export const ZKeyManagerDataResponse = z.object({
  status: z.literal('ok'),
  planActivated: z.boolean(),
  /** `maxKeysAllowed` 0 means unlimited. Null without an activated plan. */
  planInfo: z.object({ planName: z.string(), maxKeysAllowed: z.number().int() }).nullable(),
  /** Extensions: the product (for its plans), the plan's rate limit and usage counters. */
  product: z.object({ id: z.number().int(), name: z.string() }),
  callsPerMinute: z.number().int().nullable(),
  usage: z.object({
    keys: z.number().int(),
    activeKeys: z.number().int(),
    activations: z.number().int(),
    apiKeys: z.number().int(),
    requestsMade: z.number().int(),
  }),
});
export type KeyManagerDataResponse = z.infer<typeof ZKeyManagerDataResponse>;

/** docs/product-contract.md §Entities (Digital key, dashboard), plus name, note and timestamps. */
export const ZDashboardKey = z.object({
  id: z.string(),
  key: z.string(),
  is_active: z.boolean(),
  max_activations: z.number().int(),
  current_activations: z.number().int(),
  name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // Licensing (decision 032).
  product_id: z.string(),
  policy_id: z.string().nullable(),
  status: ZKeyStatus,
  expires_at: z.string().nullable(),
  suspended: z.boolean(),
  trial: z.boolean(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_ref: z.string().nullable(),
});
export type DashboardKey = z.infer<typeof ZDashboardKey>;

/** A moment as ISO 8601 text ("2027-01-31T00:00:00Z"); null clears it where a field allows. */
export const zMoment = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: `${label} must be a date and time (ISO 8601, e.g. 2027-01-31T00:00:00Z)`,
  });

/**
 * The spec's fields plus licensing (decision 032): `policyId` issues the key from a policy (its
 * product, limits, duration, entitlements and metadata; `maxActivations` then overrides the policy's),
 * `productId` without a policy puts it in that product (else the default product).
 */
export const ZAddKeyRequest = z
  .strictObject({
    maxActivations: zActivationCount('0 (unlimited)').optional(),
    isActivated: z.boolean().default(true),
    name: zOptionalText(KEY_LIMITS.nameMax),
    note: zOptionalText(KEY_LIMITS.noteMax),
    productId: z.uuid('Product is not a valid product ID').optional(),
    policyId: z.uuid('Policy is not a valid policy ID').optional(),
    expiresAt: zMoment('Expires at').nullable().optional(),
    entitlements: ZEntitlementMap.optional(),
    metadata: ZMetadata.optional(),
    ...zCustomerFields,
  })
  .refine((b) => b.maxActivations !== undefined || b.policyId !== undefined, {
    message: 'Max activations is required (or issue the key from a policy)',
    path: ['maxActivations'],
  });
export type AddKeyRequest = z.input<typeof ZAddKeyRequest>;
export const ZAddKeyResponse = z.object({ status: z.literal('ok'), message: z.string(), key: ZDashboardKey });
export type AddKeyResponse = z.infer<typeof ZAddKeyResponse>;

/**
 * Extension (decision 025): get-keys is paged on the server. Every field is optional, so the contract's
 * body-less call still works and answers the first page (newest first) with `nextCursor`.
 * `search` matches a substring (3+ characters; empty means none) of the key, the name, or the
 * licensee's name or email (decision 032),
 * case-insensitive; `key` one exact key;
 * `is_active` the switch; `at_limit` keys whose activations reached a non-zero maximum.
 */
export const ZGetKeysRequest = z.strictObject({
  ...zPageQuery,
  search: z
    .string()
    .trim()
    .max(KEY_LIMITS.searchMax)
    .refine((text) => text.length === 0 || text.length >= KEY_SEARCH_MIN, KEY_SEARCH_TOO_SHORT_MESSAGE)
    .optional(),
  key: zLicenceKey.optional(),
  is_active: z.boolean().optional(),
  at_limit: z.boolean().optional(),
  /** Licensing (decision 032): keys of one product; of one licensee (exact email or customer ID). */
  product_id: z.uuid('Product is not a valid product ID').optional(),
  customer: z.string().trim().min(1).max(LICENSING_LIMITS.customerEmailMax).optional(),
});
export type GetKeysRequest = z.input<typeof ZGetKeysRequest>;
export const ZGetKeysResponse = z.object({
  status: z.literal('ok'),
  keys: z.array(ZDashboardKey),
  /** Extension: the cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
});
export type GetKeysResponse = z.infer<typeof ZGetKeysResponse>;

/**
 * docs/product-contract.md §Calls fields; each besides `id` may be left out to keep its value, so the active
 * switch sends only `{id, is_active}` and never overwrites a count that changed through the REST API
 * meanwhile.
 */
export const ZChangeKeyRequest = z
  .strictObject({
    id: zKeyId,
    max_activations: zActivationCount('0 (unlimited)').optional(),
    current_activations: zActivationCount().optional(),
    is_active: z.boolean().optional(),
    name: zOptionalText(KEY_LIMITS.nameMax),
    note: zOptionalText(KEY_LIMITS.noteMax),
    // Licensing (decision 032); left out keeps the value.
    expires_at: zMoment('Expires at').nullable().optional(),
    suspended: z.boolean().optional(),
    expiry_behaviour: ZExpiryBehaviour.optional(),
    grace_days: z.number().int().min(0).max(LICENSING_LIMITS.graceDaysMax).optional(),
    metadata: ZMetadata.optional(),
    customer_name: zCustomerFields.customerName,
    customer_email: zCustomerFields.customerEmail,
    customer_ref: zCustomerFields.customerRef,
  })
  .refine(
    (b) =>
      b.max_activations === undefined ||
      b.current_activations === undefined ||
      b.max_activations === 0 ||
      b.current_activations <= b.max_activations,
    {
      message: CURRENT_OVER_MAX_MESSAGE,
      path: ['current_activations'],
    },
  );
export type ChangeKeyRequest = z.input<typeof ZChangeKeyRequest>;
export const ZChangeKeyResponse = ZAddKeyResponse;
export type ChangeKeyResponse = AddKeyResponse;

export const ZRemoveKeyRequest = z.strictObject({ id: zKeyId });
export type RemoveKeyRequest = z.input<typeof ZRemoveKeyRequest>;

export const ZActivityRequest = z.strictObject({
  days: z
    .number()
    .int()
    .min(1, 'Days must be between 1 and 90')
    .max(90, 'Days must be between 1 and 90')
    .default(14),
});
export type ActivityRequest = z.input<typeof ZActivityRequest>;
export const ZActivityResponse = z.object({
  status: z.literal('ok'),
  /** One entry per UTC day, oldest first, days without events included with zeros. */
  days: z.array(
    z.object({ date: z.string(), activations: z.number().int(), deactivations: z.number().int() }),
  ),
});
export type ActivityResponse = z.infer<typeof ZActivityResponse>;
