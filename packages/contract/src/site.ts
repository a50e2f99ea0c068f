import { z } from 'zod';
import { LIMITS, zEmail } from './common.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';
import { stripInvisibleCharacters } from './text-hygiene.js';

/**
 * Public site calls: the newsletter (docs/product-contract.md §Calls) and the CRM page's lead form, plus
 * their admin lists.
 */
export const SITE_PATHS = {
  subscribe: '/api/v1/anonymous/subscribe-to-newsletter',
  confirmSubscription: '/api/v1/anonymous/newsletter/confirm',
  unsubscribe: '/api/v1/anonymous/newsletter/unsubscribe',
  /** RFC 8058 target of the List-Unsubscribe header (form-encoded POST from mail clients). */
  oneClickUnsubscribe: '/api/v1/anonymous/newsletter/one-click-unsubscribe',
  crmLead: '/api/v1/anonymous/crm-leads',
  adminSubscribers: '/api/v1/admin/newsletter/subscribers',
  adminLeads: '/api/v1/admin/crm-leads',
} as const;

/** docs/product-contract.md §Messages: the exact success message the newsletter box shows. */
export const NEWSLETTER_SUCCESS_MESSAGE = 'Subscription successful!';

/** docs/product-contract.md §Constants: the CRM founder's lifetime price, one-time, in US cents. */
export const CRM_FOUNDER_PRICE_CENTS = 14_900;

export const ZSubscribeRequest = z.strictObject({ email: zEmail });
export type SubscribeRequest = z.input<typeof ZSubscribeRequest>;

/** Confirm and unsubscribe links carry a random token; only its hash is stored. */
const zToken = z
  .string()
  .trim()
  .min(20, 'The link is incomplete; open it again from the email')
  .max(200, 'The link is not valid');
export const ZNewsletterTokenRequest = z.strictObject({ token: zToken });
export type NewsletterTokenRequest = z.input<typeof ZNewsletterTokenRequest>;
/** RFC 8058 one-click unsubscribe: the token travels in the query string of List-Unsubscribe. */
export const ZOneClickQuery = z.strictObject({ token: zToken });
/** Mail clients post `List-Unsubscribe=One-Click` form-encoded; other fields are tolerated. */
export const ZOneClickBody = z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).nullish();

export const ZSiteMessageResponse = z.object({ status: z.literal('ok'), message: z.string() });
export type SiteMessageResponse = z.infer<typeof ZSiteMessageResponse>;

export const ZSubscriber = z.object({ email: z.string(), confirmedAt: z.string() });
export type Subscriber = z.infer<typeof ZSubscriber>;
/**
 * Admin subscriber list (decision 026): keyset pages, newest confirmation first; `search` matches the email.
 */
export const ZAdminSubscribersQuery = z.strictObject({ search: zListSearch, ...zPageQuery });
export type AdminSubscribersQuery = z.infer<typeof ZAdminSubscribersQuery>;
export const ZSubscribersResponse = z.object({
  status: z.literal('ok'),
  subscribers: z.array(ZSubscriber),
  /** The cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
  /** Confirmed subscribers in all (a maintained count, whatever the search). */
  total: z.number().int(),
});
export type SubscribersResponse = z.infer<typeof ZSubscribersResponse>;

/**
 * Which CRM-page button opened the form (docs/product-contract.md §Product: early access, demo, reserve a
 * spot).
 */
export const LEAD_INTENTS = ['early-access', 'demo', 'reserve-spot'] as const;
export const ZLeadIntent = z.enum(LEAD_INTENTS, 'Choose early access, a demo or a reserved spot');
export type LeadIntent = z.infer<typeof ZLeadIntent>;

export const LEAD_LIMITS = { companyMax: 120, messageMax: 1000 } as const;

export const ZCreateLeadRequest = z.strictObject({
  name: z
    .string()
    .overwrite(stripInvisibleCharacters)
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`),
  email: zEmail,
  company: z
    .string()
    .trim()
    .max(LEAD_LIMITS.companyMax, `Company must be at most ${LEAD_LIMITS.companyMax} characters`)
    .default(''),
  intent: ZLeadIntent,
  message: z
    .string()
    .trim()
    .max(LEAD_LIMITS.messageMax, `Message must be at most ${LEAD_LIMITS.messageMax} characters`)
    .default(''),
});
export type CreateLeadRequest = z.input<typeof ZCreateLeadRequest>;

export const ZLead = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  intent: ZLeadIntent,
  message: z.string(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof ZLead>;
/** Admin Leads (decision 026): keyset pages, newest first; `search` matches name, email or company. */
export const ZAdminLeadsQuery = z.strictObject({
  search: zListSearch,
  intent: ZLeadIntent.optional(),
  ...zPageQuery,
});
export type AdminLeadsQuery = z.infer<typeof ZAdminLeadsQuery>;
export const ZLeadsResponse = z.object({
  status: z.literal('ok'),
  leads: z.array(ZLead),
  /** The cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
});
export type LeadsResponse = z.infer<typeof ZLeadsResponse>;

export { PUBLIC_PAGES } from './public-pages.js';
export { WEB_NOT_FOUND_PAGE, WEB_ROUTE_MANIFEST, type WebRouteManifest } from './web-routes.js';
