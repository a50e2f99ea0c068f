import { z } from 'zod';
import { zCardExpiry } from './card-expiry.js';
import { ZPlan } from './catalog.js';
import { zIntId } from './integer-ids.js';
import { zNextCursor, zPageQuery } from './pagination.js';
import { ZRenewalInfo } from './renewal-info.js';
import { stripInvisibleCharacters } from './text-hygiene.js';

/**
 * Subscriptions, payments, receipts and plan upgrades (docs/product-contract.md §Entities, Receipt and
 * Upgrade request; §States, late payment and Payment; §Calls). Extensions beyond the contract are marked;
 * see docs/decisions/011.
 */
export const BILLING_PATHS = {
  subscriptionsGet: '/api/v1/subscriptions/get',
  receiptsGet: '/api/v1/user/payment-receipts/get',
  upgradeRequestsGet: '/api/v1/admin/plan-upgrade-requests/get',
  upgradeRequestsApprove: '/api/v1/admin/plan-upgrade-requests/approve',
  /** Extensions. */
  paymentStatus: '/api/v1/payments/status',
  pendingPayments: '/api/v1/payments/pending',
  payPending: '/api/v1/payments/pay',
  renew: '/api/v1/payments/renew',
  upgradeQuote: '/api/v1/product/saas-product/plans/quote',
  sandboxSession: '/api/v1/payments/sandbox/session',
  sandboxPay: '/api/v1/payments/sandbox/pay',
  sandboxCancel: '/api/v1/payments/sandbox/cancel',
  sandboxWebhook: '/api/v1/payments/webhook/sandbox',
  stripeWebhook: '/api/v1/payments/webhook/stripe',
} as const;

/**
 * docs/product-contract.md §States, §Constants: ten days of grace after a period ends, then backend features
 * are off until paid.
 */
export const GRACE_DAYS = 10;
/** Webhook timestamps older or newer than this are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export const UPGRADE_APPROVED_MESSAGE = 'Request marked as approved';
export const UPGRADE_REQUESTED_MESSAGE = 'Plan change requested. An admin will review it shortly.';
export const PAYMENT_STARTED_MESSAGE = 'Complete the payment in the payment window';
export const PAYMENT_CANCELED_MESSAGE = 'Payment Canceled!';
export const SUBSCRIPTION_SUSPENDED_MESSAGE =
  'Payment required: the Key Manager plan of this API key’s owner is suspended for late payment. Pay the renewal to restore access.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const CARD_DECLINED_MESSAGE = 'Your card was declined';
export const SUBSCRIPTION_ON_HOLD_MESSAGE =
  'This plan is on hold while a payment for it is disputed with your bank. It is restored if the dispute is resolved in your favour.';
/** The sandbox in production without ALLOW_TEST_PAYMENTS (403). */
export const TEST_PAYMENTS_OFF_MESSAGE =
  'This site does not accept test cards, and no card was charged. Contact us to complete your purchase.';
/** A checkout started with a provider that no longer takes payments here (409). */
export const PROVIDER_SWITCHED_MESSAGE =
  'This checkout can no longer be paid because payments now go through another provider. Start the payment again.';

/** Sandbox test cards: the first succeeds, the second is declined. */
export const SANDBOX_TEST_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export const ZSubscriptionState = z.enum(['active', 'grace', 'suspended']);
export type SubscriptionState = z.infer<typeof ZSubscriptionState>;

export const ZSubscription = z.object({
  id: z.string(),
  productID: z.number().int(),
  product: z.string(),
  plan: ZPlan,
  subscribedPlanID: z.number().int(),
  /** Derived from the dates and the clock: active, grace (past due, still working), suspended. */
  state: ZSubscriptionState,
  started_at: z.string(),
  period_end: z.string().nullable(),
  grace_ends_at: z.string().nullable(),
  /** Whole days of grace left while in grace; null otherwise. */
  grace_days_left: z.number().int().nullable(),
  /** Suspended because a payment for it is disputed (not late payment); lifted if the dispute is won. */
  on_hold: z.boolean(),
  hasAPI: z.boolean(),
  pendingUpgrade: z
    .object({ id: z.number().int(), targetPlan: z.string(), status: z.string(), amount: z.number().int() })
    .nullable(),
  /** Extension (decision 021): automatic renewal, cancel at period end, dunning. */
  renewal: ZRenewalInfo,
});
export type Subscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionsGetResponse = z.object({
  status: z.literal('ok'),
  subscriptions: z.array(ZSubscription),
});
export type SubscriptionsGetResponse = z.infer<typeof ZSubscriptionsGetResponse>;

/** docs/product-contract.md §Entities (Receipt), every field. Money in integer cents. */
export const ZReceipt = z.object({
  id: z.number().int(),
  order_id: z.string(),
  date: z.string(),
  method: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  items: z.array(z.string()),
  duration: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  status_message: z.string(),
  /** Extensions (decision 022): the number printed on the receipt, never repeated; what went back. */
  number: z.number().int(),
  refunded_amount: z.number().int(),
});
export type Receipt = z.infer<typeof ZReceipt>;
/**
 * GET payment-receipts/get: newest first, in keyset pages (decision 030); `receipt` asks for that one
 * receipt (the receipt mail's link). No parameters: the first 50.
 */
export const ZReceiptsGetQuery = z.strictObject({
  receipt: zIntId('receipt', { coerce: true }).optional(),
  ...zPageQuery,
});
export type ReceiptsGetQuery = z.infer<typeof ZReceiptsGetQuery>;
export const ZReceiptsGetResponse = z.object({
  status: z.literal('ok'),
  receipts: z.array(ZReceipt),
  nextCursor: zNextCursor,
});
export type ReceiptsGetResponse = z.infer<typeof ZReceiptsGetResponse>;

/** What the client needs to open the provider's popup. */
export const ZPaymentData = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  paymentID: z.string(),
  url: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
});
export type PaymentData = z.infer<typeof ZPaymentData>;

/** `refunded`: the money went back (a full refund or a lost dispute) and the access it bought ended. */
export const ZPaymentStatus = z.enum(['pending', 'paid', 'canceled', 'failed', 'refunded']);
export const ZPaymentSummary = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'renewal', 'upgrade', 'invoice']),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: ZPaymentStatus,
  status_message: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof ZPaymentSummary>;

/** `paymentID` omitted: the caller's latest payment. */
export const ZPaymentStatusRequest = z.strictObject({
  paymentID: z.uuid('Payment ID is not valid').optional(),
});
export const ZPaymentStatusResponse = z.object({
  status: z.literal('ok'),
  payment: ZPaymentSummary.nullable(),
});

/** Dashboard "pending payment": the sum of what is due, or null (shown as None). */
export const ZPendingPaymentsResponse = z.object({
  status: z.literal('ok'),
  total: z.number().int().nullable(),
  currency: z.string(),
  items: z.array(
    z.object({
      kind: z.enum(['payment', 'renewal', 'upgrade', 'project', 'invoice']),
      description: z.string(),
      amount: z.number().int(),
      paymentID: z.string().nullable(),
      productID: z.number().int().nullable(),
      requestID: z.number().int().nullable(),
      /** kind 'project': the project, and the link the admin added where it is paid (Pay Now). */
      projectID: z.string().optional(),
      paymentLink: z.string().optional(),
      /** kind 'invoice' (decision 035): the open invoice; Pay Now opens its checkout. */
      invoiceID: z.string().optional(),
    }),
  ),
});
export type PendingPaymentsResponse = z.infer<typeof ZPendingPaymentsResponse>;

export const ZLaunchPaymentResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  launchPayment: z.boolean(),
  paymentData: ZPaymentData.optional(),
});
export type LaunchPaymentResponse = z.infer<typeof ZLaunchPaymentResponse>;
export const ZPayPendingRequest = z.union([
  z.strictObject({ paymentID: z.uuid('Payment ID is not valid') }),
  z.strictObject({ requestID: zIntId('requestID') }),
]);
export const ZRenewRequest = z.strictObject({ productID: zIntId('productID') });

export const ZUpgradeQuoteRequest = z.strictObject({
  productID: zIntId('productID'),
  planID: zIntId('planID'),
});
export const ZUpgradeQuoteResponse = z.object({
  status: z.literal('ok'),
  amount: z.number().int(),
  currency: z.string(),
  period_end: z.string().nullable(),
  needsApproval: z.boolean(),
  explanation: z.string(),
});
export type UpgradeQuoteResponse = z.infer<typeof ZUpgradeQuoteResponse>;

/**
 * docs/product-contract.md §Entities (Upgrade request): id, user, product, targetProduct, currentPlan,
 * subscriptionPlan, datetime.
 */
export const ZUpgradeRequest = z.object({
  id: z.number().int(),
  user: z.string(),
  email: z.string(),
  product: z.string(),
  targetProduct: z.string(),
  currentPlan: z.string(),
  subscriptionPlan: z.string(),
  datetime: z.string(),
  status: z.enum(['pending', 'approved', 'completed', 'canceled']),
  amount: z.number().int(),
});
export type UpgradeRequest = z.infer<typeof ZUpgradeRequest>;
export const ZUpgradeRequestsGetResponse = z.object({
  status: z.literal('ok'),
  requests: z.array(ZUpgradeRequest),
});
export const ZUpgradeApproveRequest = z.strictObject({ requestID: zIntId('requestID') });
export const ZBillingMessageResponse = z.object({ status: z.literal('ok'), message: z.string() });

/** The sandbox's hosted test-card page. */
export const ZSandboxSessionRequest = z.strictObject({ paymentID: z.uuid('Payment ID is not valid') });
export const ZSandboxSessionResponse = z.object({
  status: z.literal('ok'),
  payment: ZPaymentSummary,
  /** Why this page cannot take a test card now (test payments off, provider switched); null if it can. */
  refusal: z.string().nullable(),
});
export const ZSandboxPayRequest = z.strictObject({
  paymentID: z.uuid('Payment ID is not valid'),
  cardNumber: z
    .string('Card number is required')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  expiry: zCardExpiry,
  cvc: z.string('CVC is required').regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  firstName: z.string().overwrite(stripInvisibleCharacters).trim().min(1, 'First name is required').max(80),
  lastName: z.string().overwrite(stripInvisibleCharacters).trim().min(1, 'Last name is required').max(80),
  phone: z.string().trim().max(40).default(''),
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  country: z.string().trim().max(100).default(''),
});
export type SandboxPayRequest = z.input<typeof ZSandboxPayRequest>;
export const ZSandboxPayResponse = z.object({ status: z.literal('ok'), payment: ZPaymentSummary });

/**
 * The sandbox provider's webhook event (signed over `timestamp.body`). Its processor sends the
 * checkout events; refunds and disputes can be sent by hand with `SANDBOX_WEBHOOK_SECRET` to try
 * what they do (the same rules as Stripe's `charge.refunded` and `charge.dispute.*`).
 */
export const ZSandboxEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum([
    'checkout.completed',
    'checkout.canceled',
    'checkout.failed',
    'payment.refunded',
    'payment.dispute.opened',
    'payment.dispute.won',
    'payment.dispute.lost',
  ]),
  created: z.number().int(),
  data: z.object({
    paymentID: z.string(),
    /** What was paid (checkout.completed), checked against the payment when present. */
    amount: z.number().int().nonnegative().optional(),
    currency: z.string().min(3).max(3).optional(),
    /** payment.refunded: the total refunded so far (all of it when omitted). */
    amountRefunded: z.number().int().positive().optional(),
    billing: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        phone: z.string(),
        address: z.string(),
        city: z.string(),
        country: z.string(),
        last4: z.string(),
      })
      .partial()
      .optional(),
    /** The card the processor saved for off-session renewals (recurring plans; decision 021). */
    savedCard: z
      .object({
        last4: z.string().regex(/^\d{4}$/),
        expiry: z.string().max(5),
        declinesRenewals: z.boolean(),
      })
      .optional(),
  }),
});
export type SandboxEvent = z.infer<typeof ZSandboxEvent>;
export const ZWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
