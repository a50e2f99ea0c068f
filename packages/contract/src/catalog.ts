import { z } from 'zod';
import { zIntId } from './integer-ids.js';

/**
 * SaaS products and plans (docs/product-contract.md §Entities, Plan; §Calls, Products, plans and payment).
 * Admin catalog calls are in catalog-admin.ts; payments, subscriptions and receipts in billing.ts.
 */
export const CATALOG_PATHS = {
  plansGet: '/api/v1/product/saas-product/plans/get',
  plansActivate: '/api/v1/product/saas-product/plans/activate',
  plansActivatedGet: '/api/v1/product/saas-product/plans/activated/get',
} as const;

/** docs/product-contract.md §Constants: calls per minute minimum 10. */
export const MIN_CALLS_PER_MINUTE = 10;

export const PLAN_NOT_FOUND_MESSAGE = 'Plan not found';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const PLAN_ALREADY_ACTIVE_MESSAGE = 'This plan is already active';
export const PLAN_ACTIVATED_MESSAGE = 'Plan activated';

export const ZPlanTerm = z.enum(['m', 'y']);
export type PlanTerm = z.infer<typeof ZPlanTerm>;

/**
 * docs/product-contract.md §Entities (Plan). `price` is integer cents in `currency`; `max_keys_allowed` 0
 * means unlimited.
 */
export const ZPlan = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  items: z.array(z.object({ item_id: z.number().int(), item: z.string() })),
  term: ZPlanTerm,
  is_recurring: z.boolean(),
  is_free: z.boolean(),
  hasAPI: z.boolean(),
  api_information: z.object({ calls_per_minute: z.number().int() }),
  max_keys_allowed: z.number().int(),
});
export type Plan = z.infer<typeof ZPlan>;

export const ZPlansGetRequest = z.strictObject({ product_id: zIntId('product_id') });
export type PlansGetRequest = z.input<typeof ZPlansGetRequest>;

/** `activePlanID` (extension): the caller's active plan of this product, or null. */
export const ZPlansGetResponse = z.object({
  status: z.literal('ok'),
  product: z.object({ id: z.number().int(), name: z.string() }),
  plans: z.array(ZPlan),
  activePlanID: z.number().int().nullable(),
});
export type PlansGetResponse = z.infer<typeof ZPlansGetResponse>;

export const ZPlansActivateRequest = z.strictObject({
  productID: zIntId('productID'),
  planID: zIntId('planID'),
  isUpgrade: z.boolean().default(false),
});
export type PlansActivateRequest = z.input<typeof ZPlansActivateRequest>;

/** Free plans: `launchPayment: false` at once. Paid plans: see `ZLaunchPaymentResponse` (billing.ts). */
export const ZPlansActivateResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  launchPayment: z.boolean(),
  paymentData: z.record(z.string(), z.unknown()).optional(),
});
export type PlansActivateResponse = z.infer<typeof ZPlansActivateResponse>;

export const ZSubscriptionStatus = z.enum(['active', 'canceled', 'expired']);

export const ZActivatedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  subscribedPlanID: z.number().int(),
  plan: ZPlan,
  subscription: z.object({
    status: ZSubscriptionStatus,
    started_at: z.string(),
    period_end: z.string().nullable(),
  }),
});
export type ActivatedProduct = z.infer<typeof ZActivatedProduct>;

export const ZPlansActivatedGetResponse = z.object({
  status: z.literal('ok'),
  products: z.array(ZActivatedProduct),
});
export type PlansActivatedGetResponse = z.infer<typeof ZPlansActivatedGetResponse>;
