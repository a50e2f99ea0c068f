import { z } from 'zod';
import { MIN_CALLS_PER_MINUTE, ZPlan, ZPlanTerm } from './catalog.js';
import { zIntId } from './integer-ids.js';
import { stripInvisibleCharacters } from './text-hygiene.js';

/**
 * Products and the admin catalog calls (docs/product-contract.md §Calls, Products, plans and payment; Admin).
 * Paths, fields and messages exactly as the contract writes them.
 */
export const CATALOG_ADMIN_PATHS = {
  productsGetAll: '/api/v1/products/get/all',
  saasProductsGet: '/api/v1/product/saas-product/get',
  apisSubscribed: '/api/v1/apis/subscribed',
  productsAdd: '/api/v1/admin/products/add',
  productUpdateAdd: '/api/v1/admin/product/update/add',
  saasProductAdd: '/api/v1/admin/product/saas-product/add',
  plansAdd: '/api/v1/admin/product/saas-product/plans/add',
  plansUpdate: '/api/v1/admin/product/saas-product/plans/update',
  plansDelete: '/api/v1/admin/product/saas-product/plans/delete',
  plans: '/api/v1/admin/product/saas-product/plans',
  apiInfoGet: '/api/v1/admin/product/saas-product/api-info/get',
  apiInfoSet: '/api/v1/admin/product/saas-product/api-info/set',
} as const;

/** docs/product-contract.md §Messages. */
export const CHANGES_SAVED_MESSAGE = 'Changes saved!';
export const APPLYING_CHANGES_MESSAGE = 'Applying changes...';
export const CHANGES_ERROR_MESSAGE = 'Error occurred!';
export const PLAN_DELETED_MESSAGE = 'plan deleted successfully!';
export const API_INFO_SET_MESSAGE = 'Added api information successfully!';
export const PRODUCT_ADDED_MESSAGE = 'Product added successfully!';
export const PRODUCT_UPDATE_ADDED_MESSAGE = 'Product update added successfully!';
export const SAAS_PRODUCT_ADDED_MESSAGE = 'SaaS product added successfully!';
export const PLAN_ADDED_MESSAGE = 'Plan added successfully!';

/** docs/product-contract.md §Constants: up to 4 media files per product. */
export const PRODUCT_MEDIA_MAX = 4;

// Messages not given here come from error-messages.ts, named after the field ("Date must be a date
// (YYYY-MM-DD)"); the envelope's `field` carries the raw name for developers.
const zDate = z.iso.date();
const zName = (label: string) =>
  z
    .string(`${label} is required`)
    .overwrite(stripInvisibleCharacters)
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} is too long`);
const zPriceCents = z
  .number('Price must be a number')
  .int('Price must be a whole number of cents')
  .min(0, 'Price must be 0 or more')
  .max(100_000_000, 'Price is too large');
const zItem = z.string().trim().min(1, 'A feature cannot be empty').max(200, 'A feature is too long');

/** Multipart text fields of products/add (files: applicationExecutable, media-1…media-4). */
export const ZProductAddFields = z.strictObject({
  applicationName: zName('Application name'),
  applicationPrice: z.coerce
    .number('Application price must be a number')
    .int('Application price must be a whole number of cents')
    .min(0, 'Application price must be 0 or more')
    .max(100_000_000, 'Application price is too large'),
  applicationDescription: z.string().trim().max(5000).default(''),
  dependencies: z.string().trim().max(2000).default(''),
});
export type ProductAddFields = z.input<typeof ZProductAddFields>;

/** Multipart text fields of product/update/add (file: file). */
export const ZProductUpdateFields = z.strictObject({
  productID: zIntId('productID', { coerce: true }),
  date: zDate,
  dependencies: z.string().trim().max(2000).default(''),
});

export const ZProductUpdate = z.object({
  id: z.number().int(),
  date: z.string(),
  dependencies: z.string(),
  file: z.object({ id: z.string(), name: z.string(), size: z.number() }).nullable(),
});

/**
 * docs/product-contract.md §Entities (Product): id, name, price, plans (products are sold once, so `plans`
 * stays empty).
 */
export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  description: z.string(),
  dependencies: z.string(),
  plans: z.array(ZPlan),
  media: z.array(z.object({ id: z.string(), url: z.string(), mimeType: z.string() })),
  executable: z.object({ id: z.string(), name: z.string(), size: z.number() }).nullable(),
  updates: z.array(ZProductUpdate),
  created_at: z.string(),
});
export type Product = z.infer<typeof ZProduct>;

/** docs/product-contract.md §Entities (SaaS product): id, name, plans. */
export const ZSaasProduct = z.object({
  id: z.number().int(),
  /** Built-in products only (e.g. `key-manager`, which has its own page); null for admin-made ones. */
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  date: z.string(),
  plans: z.array(ZPlan),
});
export type SaasProduct = z.infer<typeof ZSaasProduct>;

export const ZProductsGetAllResponse = z.object({
  status: z.literal('ok'),
  data: z.array(ZProduct),
  sassProducts: z.array(ZSaasProduct),
});
export type ProductsGetAllResponse = z.infer<typeof ZProductsGetAllResponse>;

export const ZSaasProductsGetResponse = z.object({
  status: z.literal('ok'),
  products: z.array(ZSaasProduct),
});

export const ZSaasProductAddRequest = z.strictObject({
  date: zDate,
  name: zName('Name'),
  description: z.string().trim().max(5000).default(''),
});
export type SaasProductAddRequest = z.input<typeof ZSaasProductAddRequest>;

const zPlanFields = {
  name: zName('Name'),
  price: zPriceCents,
  term: ZPlanTerm.default('m'),
  is_recurring: z.boolean().default(true),
  productID: zIntId('productID'),
  isFree: z.boolean().default(false),
  callsPerMinute: z
    .number()
    .int()
    .min(MIN_CALLS_PER_MINUTE, `Calls per minute must be at least ${MIN_CALLS_PER_MINUTE}`)
    .max(100_000)
    .optional(),
  maxKeysAllowed: z
    .number()
    .int()
    .min(0, 'Maximum keys allowed must be 0 (unlimited) or more')
    .max(1_000_000)
    .optional(),
};

/** Free disables recurrence and term (docs/product-contract.md §States); a free plan costs 0. */
function checkFree(plan: { isFree: boolean; price: number }, ctx: z.RefinementCtx) {
  if (plan.isFree && plan.price !== 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'A free plan costs 0' });
}

export const ZPlanAddRequest = z
  .strictObject({ ...zPlanFields, items: z.array(zItem).max(30, 'At most 30 features').default([]) })
  .superRefine(checkFree);
export type PlanAddRequest = z.input<typeof ZPlanAddRequest>;

export const ZPlanUpdateRequest = z
  .strictObject({
    ...zPlanFields,
    selectedPlanID: zIntId('selectedPlanID'),
    items: z.array(zItem).max(30).optional(),
    newFeaturesToAdd: z.array(zItem).max(30, 'At most 30 features').default([]),
    featuresToDelete: z.array(zIntId('featuresToDelete')).max(100).default([]),
  })
  .superRefine(checkFree);
export type PlanUpdateRequest = z.input<typeof ZPlanUpdateRequest>;

export const ZPlanDeleteRequest = z.strictObject({
  productID: zIntId('productID'),
  planID: zIntId('planID'),
});

export const ZAdminPlansRequest = z.strictObject({
  productID: zIntId('productID'),
  planID: zIntId('planID').optional(),
});

export const ZApiInfo = z.object({
  productID: z.number().int(),
  product: z.string(),
  planID: z.number().int(),
  plan: z.string(),
  calls_per_minute: z.number().int(),
  hasAPI: z.boolean(),
});
export type ApiInfo = z.infer<typeof ZApiInfo>;

export const ZAdminPlansResponse = z.object({
  status: z.literal('ok'),
  plans: z.array(ZPlan),
  apiInfo: z.array(ZApiInfo),
});

export const ZApiInfoGetRequest = z.strictObject({ productID: zIntId('productID').optional() });
export const ZApiInfoGetResponse = z.object({ status: z.literal('ok'), information: z.array(ZApiInfo) });

export const ZApiInfoSetRequest = z.strictObject({
  productID: zIntId('productID'),
  planID: zIntId('planID'),
  callsPerMinute: z
    .number()
    .int()
    .min(MIN_CALLS_PER_MINUTE, `Calls per minute must be at least ${MIN_CALLS_PER_MINUTE}`)
    .max(100_000),
});
export type ApiInfoSetRequest = z.input<typeof ZApiInfoSetRequest>;

/** docs/product-contract.md §Entities (Subscribed API): product name, api_information, subscribedPlanID. */
export const ZSubscribedApi = z.object({
  productID: z.number().int(),
  product: z.string(),
  plan: z.string(),
  api_information: z.object({ calls_per_minute: z.number().int() }),
  subscribedPlanID: z.number().int(),
  state: z.string(),
});
export const ZApisSubscribedResponse = z.object({ status: z.literal('ok'), data: z.array(ZSubscribedApi) });

export const ZCatalogMessageResponse = z.object({ status: z.literal('ok'), message: z.string() });
export const ZProductAddResponse = ZCatalogMessageResponse.extend({ product: ZProduct });
export const ZSaasProductAddResponse = ZCatalogMessageResponse.extend({ product: ZSaasProduct });
export const ZPlanSaveResponse = ZCatalogMessageResponse.extend({ plan: ZPlan });

/** POST calls the spec lists without a body: nothing, or `{}`. */
export const ZNoBody = z.strictObject({}).optional();
