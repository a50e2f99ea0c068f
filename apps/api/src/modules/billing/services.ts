import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl, sellerOf } from '../../config.js';
import { subscriptionRenewals, users } from '../../db/schema/index.js';
import { stripeKeyRefusal } from '../../go-live-checks.js';
import { runtimeOf } from '../../runtime-mode.js';
import { AccountBilling } from './account-billing.js';
import { Activation } from './activation.js';
import { PaymentMails } from './payment-mails.js';
import { CompletionPolicy } from './payment-policy.js';
import { PaymentService } from './payments.js';
import type { PaymentProvider } from './providers/provider.js';
import { SandboxProvider } from './providers/sandbox-provider.js';
import { StripeProvider } from './providers/stripe-provider.js';
import { ReceiptDocuments } from './receipt-documents.js';
import { RefundService } from './refunds.js';
import { RenewalActions } from './renewal-actions.js';
import { SandboxRenewalCharges } from './renewal-charges.js';
import { RenewalWebhooks } from './renewal-webhooks.js';
import { UpgradeService } from './upgrades.js';

/** Ends a Stripe subscription whose access ended here (refund, lost dispute): off the webhook's path. */
export const STRIPE_CANCEL_JOB = 'billing.stripe-cancel';
/** Refunds a renewal paid for a period another payment had already paid (decision 021). */
export const REFUND_PAID_TWICE_JOB = 'billing.refund-paid-twice';

export interface BillingServices {
  sandbox: SandboxProvider;
  payments: PaymentService;
  upgrades: UpgradeService;
  activation: Activation;
  account: AccountBilling;
  /** Automatic renewals (decision 021). */
  renewals: RenewalActions;
  renewalCharges: SandboxRenewalCharges;
  /** The dunning mails' link: the Subscriptions tab, where the card is updated. */
  updateCardUrl: string;
  refunds: RefundService;
  receiptDocuments: ReceiptDocuments;
  emailOf(userId: string): Promise<string>;
}

/**
 * Builds billing once. The sandbox verifies with SANDBOX_WEBHOOK_SECRET, or a per-process random
 * secret (its processor delivers to the same process). Stripe takes over new checkouts when
 * STRIPE_SECRET_KEY is set; from then on earlier sandbox checkouts can no longer be paid
 * (CompletionPolicy). Test cards and Stripe test keys need test payments allowed (runtime-mode.ts).
 */
export function createBillingServices(deps: AppDeps): BillingServices {
  const { config, clock, catalog } = deps;
  const db = deps.database.db;
  // Production without Stripe or test payments: go-live-checks.ts warns at start.
  const runtime = runtimeOf(config);
  const sandbox = new SandboxProvider(
    config.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    clock,
  );
  const providers = new Map<string, PaymentProvider>([['sandbox', sandbox]]);
  let checkoutProvider: PaymentProvider = sandbox;
  let stripe: StripeProvider | null = null;
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET)
      throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
    const keyRefusal = stripeKeyRefusal(config, runtime);
    if (keyRefusal) throw new Error(keyRefusal);
    stripe = new StripeProvider(
      {
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
      },
      clock,
    );
    checkoutProvider = stripe;
    providers.set('stripe', stripe);
  }
  const paymentMails = new PaymentMails(deps.mailer, config.BRAND_NAME, publicUrl(config));
  const payments = new PaymentService(
    db,
    clock,
    catalog,
    checkoutProvider,
    providers,
    deps.log,
    publicUrl(config),
    new CompletionPolicy(checkoutProvider.name, runtime.testPayments),
    paymentMails,
  );
  const subscriptionsTab = `${publicUrl(config).replace(/\/$/, '')}/profile?tab=subscriptions`;
  const stripeForJobs = stripe;
  if (stripeForJobs) {
    deps.jobs.define<{ subscription: string }>({
      name: STRIPE_CANCEL_JOB,
      retryLimit: 8,
      retryDelaySeconds: 60,
      retryBackoff: true,
      handle: (job) => stripeForJobs.cancelSubscription(job.data.subscription),
    });
  }
  const refunds = new RefundService(db, providers, payments, clock, deps.log);
  deps.jobs.define<{ payment: string }>({
    name: REFUND_PAID_TWICE_JOB,
    retryLimit: 8,
    retryDelaySeconds: 60,
    retryBackoff: true,
    handle: (job) => refunds.refundPaidTwice(job.data.payment),
  });
  payments.useLifecycle(
    new RenewalWebhooks(
      deps.mailer,
      paymentMails,
      subscriptionsTab,
      stripe
        ? async (tx, subscription) => {
            await deps.jobs.enqueue(STRIPE_CANCEL_JOB, { subscription }, { db: tx });
          }
        : null,
      async (tx, payment) => {
        await deps.jobs.enqueue(REFUND_PAID_TWICE_JOB, { payment }, { db: tx });
      },
    ),
  );
  const seller = sellerOf(config);
  const upgrades = new UpgradeService(db, clock, catalog);
  const account = new AccountBilling(db, clock, catalog, upgrades);
  const renewalCharges = new SandboxRenewalCharges(db, clock, payments, sandbox, deps.log);
  return {
    sandbox,
    payments,
    upgrades,
    activation: new Activation(catalog, payments, upgrades, async (subscriptionId) => {
      const [row] = await db
        .select({ status: subscriptionRenewals.status })
        .from(subscriptionRenewals)
        .where(
          and(
            eq(subscriptionRenewals.subscriptionId, subscriptionId),
            eq(subscriptionRenewals.provider, 'stripe'),
            ne(subscriptionRenewals.status, 'off'),
          ),
        )
        .limit(1);
      return row !== undefined;
    }),
    account,
    renewals: new RenewalActions(
      db,
      clock,
      catalog,
      account,
      payments,
      renewalCharges,
      stripe,
      subscriptionsTab,
    ),
    renewalCharges,
    updateCardUrl: subscriptionsTab,
    refunds,
    receiptDocuments: new ReceiptDocuments(db, seller),
    async emailOf(userId) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? '';
    },
  };
}
