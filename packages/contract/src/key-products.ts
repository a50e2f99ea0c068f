import { z } from 'zod';
import {
  LICENSING_LIMITS,
  ZClockStart,
  ZDuration,
  ZEntitlements,
  ZExpiryBehaviour,
  ZMetadata,
  zProductCode,
} from './key-licensing.js';
import { ZDashboardKey } from './key-manager-dashboard.js';
import { ZKeyDevicePolicy } from './key-manager-devices.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Products and policies of the Key Manager dashboard (decision 032). A product names what an owner
 * sells (its `code` is what apps validate against); a policy is the template a new key copies:
 * limits, device rules, duration, expiry behaviour, grace, trial, entitlements and metadata. A key
 * issued from a policy copies its values at issue time and may override any of them; editing a
 * policy changes the keys issued after it, not those already sold.
 */
const DASHBOARD = '/api/v1/saas-platform/key-manager';

export const KEY_PRODUCT_PATHS = {
  /** GET: the owner's products (paged). POST: a new product. */
  products: `${DASHBOARD}/products`,
  /** PATCH: rename. DELETE: only a product without keys (and never the default product). */
  product: `${DASHBOARD}/products/:id`,
  /** GET `?productId=`: a product's policies (paged). POST: a new policy. */
  policies: `${DASHBOARD}/policies`,
  /** PATCH: change any field (keys already issued keep theirs). DELETE: keys keep their values. */
  policy: `${DASHBOARD}/policies/:id`,
  /** GET / PUT: owner settings of licensing (days of the `key.expiring` notice). */
  settings: `${DASHBOARD}/licensing-settings`,
} as const;

export function keyProductPath(
  path: (typeof KEY_PRODUCT_PATHS)[keyof typeof KEY_PRODUCT_PATHS],
  id: string,
): string {
  return path.replace(':id', encodeURIComponent(id));
}

export const PRODUCT_CREATED_MESSAGE = 'Product created';
export const PRODUCT_SAVED_MESSAGE = 'Product saved';
export const PRODUCT_DELETED_MESSAGE = 'Product deleted';
export const KEY_PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const PRODUCT_CODE_TAKEN_MESSAGE = 'You already have a product with that code';
export const PRODUCT_HAS_KEYS_MESSAGE = 'This product still has keys. Delete them first.';
export const DEFAULT_PRODUCT_DELETE_MESSAGE = 'The default product cannot be deleted';
export const PRODUCT_LIMIT_MESSAGE = `You can have at most ${LICENSING_LIMITS.productsPerOwner} products`;
export const POLICY_CREATED_MESSAGE = 'Policy created';
export const POLICY_SAVED_MESSAGE = 'Policy saved';
export const POLICY_DELETED_MESSAGE = 'Policy deleted';
export const POLICY_NOT_FOUND_MESSAGE = 'Policy not found';
export const POLICY_LIMIT_MESSAGE = `A product can have at most ${LICENSING_LIMITS.policiesPerProduct} policies`;
export const TRIAL_POLICY_TAKEN_MESSAGE = 'This product already has a trial policy';
export const TRIAL_NEEDS_DURATION_MESSAGE = 'A trial policy needs a duration';
export const LICENSING_SETTINGS_SAVED_MESSAGE = 'Licensing settings saved';

export const ZKeyProduct = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type KeyProduct = z.infer<typeof ZKeyProduct>;

const zProductName = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(LICENSING_LIMITS.productNameMax, `Name must be at most ${LICENSING_LIMITS.productNameMax} characters`);

export const ZCreateProductRequest = z.strictObject({ code: zProductCode, name: zProductName });
export type CreateProductRequest = z.input<typeof ZCreateProductRequest>;
export const ZUpdateProductRequest = z.strictObject({ name: zProductName });
export type UpdateProductRequest = z.input<typeof ZUpdateProductRequest>;
export const ZProductResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  product: ZKeyProduct,
});
export type ProductResponse = z.infer<typeof ZProductResponse>;
export const ZGetProductsRequest = z.strictObject({ ...zPageQuery });
export const ZGetProductsResponse = z.object({
  status: z.literal('ok'),
  products: z.array(ZKeyProduct),
  nextCursor: zNextCursor,
});
export type GetProductsResponse = z.infer<typeof ZGetProductsResponse>;

export const POLICY_KINDS = ['standard', 'trial'] as const;
export const ZPolicyKind = z.enum(POLICY_KINDS);
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** A policy's fields (all but the product and name have defaults). */
const policyFields = {
  name: z
    .string('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(LICENSING_LIMITS.policyNameMax, `Name must be at most ${LICENSING_LIMITS.policyNameMax} characters`),
  kind: ZPolicyKind,
  /** 0 means unlimited; a trial policy's 0 gives its trial keys one device. */
  maxActivations: z.number().int().min(0).max(1_000_000),
  /** null: perpetual. */
  duration: ZDuration.nullable(),
  clockStarts: ZClockStart,
  expiryBehaviour: ZExpiryBehaviour,
  graceDays: z
    .number()
    .int()
    .min(0, 'Grace days must be 0 or more')
    .max(LICENSING_LIMITS.graceDaysMax, `Grace days must be at most ${LICENSING_LIMITS.graceDaysMax}`),
  /** null: the owner's device policy applies. */
  leaseSeconds: ZKeyDevicePolicy.shape.leaseSeconds,
  transfersPer30Days: ZKeyDevicePolicy.shape.transfersPer30Days,
  transferIdleSeconds: ZKeyDevicePolicy.shape.transferIdleSeconds,
  entitlements: ZEntitlements,
  metadata: ZMetadata,
};

export const ZPolicy = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  kind: ZPolicyKind,
  maxActivations: z.number().int(),
  duration: ZDuration.nullable(),
  clockStarts: ZClockStart,
  expiryBehaviour: ZExpiryBehaviour,
  graceDays: z.number().int(),
  leaseSeconds: z.number().int().nullable(),
  transfersPer30Days: z.number().int().nullable(),
  transferIdleSeconds: z.number().int().nullable(),
  entitlements: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Policy = z.infer<typeof ZPolicy>;

export const ZCreatePolicyRequest = z
  .strictObject({
    productId: z.uuid('Product is not a valid product ID'),
    name: policyFields.name,
    kind: policyFields.kind.default('standard'),
    maxActivations: policyFields.maxActivations.default(0),
    duration: policyFields.duration.default(null),
    clockStarts: policyFields.clockStarts.default('issue'),
    expiryBehaviour: policyFields.expiryBehaviour.default('refuse'),
    graceDays: policyFields.graceDays.default(0),
    leaseSeconds: policyFields.leaseSeconds.default(null),
    transfersPer30Days: policyFields.transfersPer30Days.default(null),
    transferIdleSeconds: policyFields.transferIdleSeconds.default(null),
    entitlements: policyFields.entitlements.default({}),
    metadata: policyFields.metadata.default({}),
  })
  .refine((b) => b.kind !== 'trial' || b.duration !== null, {
    message: TRIAL_NEEDS_DURATION_MESSAGE,
    path: ['duration'],
  });
export type CreatePolicyRequest = z.input<typeof ZCreatePolicyRequest>;

export const ZUpdatePolicyRequest = z.strictObject({
  name: policyFields.name.optional(),
  maxActivations: policyFields.maxActivations.optional(),
  duration: policyFields.duration.optional(),
  clockStarts: policyFields.clockStarts.optional(),
  expiryBehaviour: policyFields.expiryBehaviour.optional(),
  graceDays: policyFields.graceDays.optional(),
  leaseSeconds: policyFields.leaseSeconds.optional(),
  transfersPer30Days: policyFields.transfersPer30Days.optional(),
  transferIdleSeconds: policyFields.transferIdleSeconds.optional(),
  entitlements: policyFields.entitlements.optional(),
  metadata: policyFields.metadata.optional(),
});
export type UpdatePolicyRequest = z.input<typeof ZUpdatePolicyRequest>;
export const ZPolicyResponse = z.object({ status: z.literal('ok'), message: z.string(), policy: ZPolicy });
export type PolicyResponse = z.infer<typeof ZPolicyResponse>;
export const ZGetPoliciesRequest = z.strictObject({
  ...zPageQuery,
  productId: z.uuid('Product is not a valid product ID').optional(),
});
export type GetPoliciesRequest = z.input<typeof ZGetPoliciesRequest>;
export const ZGetPoliciesResponse = z.object({
  status: z.literal('ok'),
  policies: z.array(ZPolicy),
  nextCursor: zNextCursor,
});
export type GetPoliciesResponse = z.infer<typeof ZGetPoliciesResponse>;

export const ZLicensingSettings = z.strictObject({
  expiringNoticeDays: z
    .number()
    .int()
    .min(1, 'Notice days must be at least 1')
    .max(
      LICENSING_LIMITS.expiringNoticeDaysMax,
      `Notice days must be at most ${LICENSING_LIMITS.expiringNoticeDaysMax}`,
    ),
});
export type LicensingSettings = z.infer<typeof ZLicensingSettings>;
export const DEFAULT_LICENSING_SETTINGS: LicensingSettings = { expiringNoticeDays: 7 };
export const ZLicensingSettingsResponse = z.object({
  status: z.literal('ok'),
  message: z.string().optional(),
  settings: ZLicensingSettings,
});

/** The key page (dashboard): one key with everything it carries. Devices and history have their own paged calls. */
export const KEY_PAGE_PATHS = {
  /** GET: one key's details. */
  key: `${DASHBOARD}/keys/:id`,
  /** GET: the key's event history, newest first (paged). */
  history: `${DASHBOARD}/keys/:id/history`,
} as const;

export const ZKeyHistoryEntry = z.object({
  id: z.string(),
  action: z.string(),
  delta: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The member who acted on the dashboard (decision 033); null for an application's call. */
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type KeyHistoryEntry = z.infer<typeof ZKeyHistoryEntry>;
export const ZKeyHistoryRequest = z.strictObject({ ...zPageQuery });
export const ZKeyHistoryResponse = z.object({
  status: z.literal('ok'),
  events: z.array(ZKeyHistoryEntry),
  nextCursor: zNextCursor,
});
export type KeyHistoryResponse = z.infer<typeof ZKeyHistoryResponse>;

/** The key page's key: the list's fields plus what it was issued with. */
export const ZKeyDetail = ZDashboardKey.extend({
  product: ZKeyProduct,
  policy_name: z.string().nullable(),
  duration: ZDuration.nullable(),
  expiry_behaviour: ZExpiryBehaviour,
  grace_days: z.number().int(),
  entitlements: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  metadata: z.record(z.string(), z.unknown()),
});
export type KeyDetail = z.infer<typeof ZKeyDetail>;
export const ZKeyDetailResponse = z.object({ status: z.literal('ok'), key: ZKeyDetail });
export type KeyDetailResponse = z.infer<typeof ZKeyDetailResponse>;
