import { z } from 'zod';
import { ZSandboxPayRequest, ZSubscription } from './billing.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/** Automatic renewals, cancel at period end, saved cards and dunning (extensions; decision 021). */
export const RENEWAL_PATHS = {
  cancel: '/api/v1/subscriptions/cancel',
  resume: '/api/v1/subscriptions/resume',
  sandboxCard: '/api/v1/payments/sandbox/card',
  billingPortal: '/api/v1/payments/billing-portal',
  adminPastDue: '/api/v1/admin/subscriptions/past-due',
} as const;

/** Like Stripe's test card: attaches and pays at checkout, then every off-session renewal is declined. */
export const SANDBOX_RENEWAL_DECLINED_CARD = '4000000000000341';
/** A failed automatic renewal is retried this many days after the first failure; then the grace runs. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

export const SUBSCRIPTION_CANCELED_MESSAGE =
  'Your plan will end at the end of the paid period and will not be charged again';
export const SUBSCRIPTION_RESUMED_MESSAGE = 'Your plan will renew automatically again';
export const CANCEL_NOT_POSSIBLE_MESSAGE =
  'Only a recurring plan in a paid period can be canceled at its end';
export const RESUME_NOT_POSSIBLE_MESSAGE = 'This plan is not set to end, or its period is already over';
export const CARD_SAVED_MESSAGE = 'Card saved: your plan renews with it';
export const CARD_SAVED_RENEWAL_PAID_MESSAGE =
  'Card saved and the overdue renewal paid: your plan is active again';
export const CARD_SAVED_RENEWAL_DECLINED_MESSAGE =
  'Card saved, but it declined the overdue renewal: try another card';
export const NO_BILLING_ACCOUNT_MESSAGE = 'You have no card saved with the payment provider yet';
export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found';

export const ZSubscriptionActionRequest = z.strictObject({
  subscriptionID: z.uuid('Subscription ID is not valid'),
});
export const ZSubscriptionActionResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  subscription: ZSubscription,
});
export type SubscriptionActionResponse = z.infer<typeof ZSubscriptionActionResponse>;

/** The sandbox's "update card" form: the checkout's card fields, for a subscription. */
export const ZSandboxCardRequest = ZSandboxPayRequest.omit({ paymentID: true }).extend({
  subscriptionID: z.uuid('Subscription ID is not valid'),
});
export type SandboxCardRequest = z.input<typeof ZSandboxCardRequest>;

export const ZBillingPortalResponse = z.object({ status: z.literal('ok'), url: z.string() });

export const ZPastDueQuery = z.strictObject({ ...zPageQuery });
export const ZPastDueSubscription = z.object({
  subscriptionID: z.string(),
  email: z.string(),
  name: z.string(),
  product: z.string(),
  plan: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  period_end: z.string().nullable(),
  past_due_since: z.string().nullable(),
  failed_attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  /** When backend features stop (or stopped): the last retry plus the 10-day grace. */
  access_ends_at: z.string().nullable(),
  state: z.enum(['active', 'grace', 'suspended']),
  last_error: z.string().nullable(),
});
export type PastDueSubscription = z.infer<typeof ZPastDueSubscription>;
export const ZPastDueResponse = z.object({
  status: z.literal('ok'),
  items: z.array(ZPastDueSubscription),
  nextCursor: zNextCursor,
});
