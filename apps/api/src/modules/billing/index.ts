import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { billingAdminRoutes } from './admin-routes.js';
import { billingClientRoutes } from './client-routes.js';
import { invoiceFeatureRoutes } from './invoices/index.js';
import { refundRoutes } from './refund-routes.js';
import { defineBillingReminders } from './reminders.js';
import { renewalRoutes } from './renewal-routes.js';
import { defineRenewalSweep } from './renewal-sweep.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { createBillingServices } from './services.js';
import { webhookRoutes } from './webhook-routes.js';

// What other features enqueue for billing: a client's approval of a milestone invoices it.
export {
  APPROVED_MILESTONE_INVOICE_JOB,
  type ApprovedMilestoneInvoiceJob,
} from './invoices/approved-milestone-invoice.js';

/** Subscriptions, payments (sandbox / Stripe), receipts and plan upgrades. */
export const billingFeature =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const services = createBillingServices(deps);
    defineBillingReminders(deps);
    defineRenewalSweep(deps, services.renewalCharges, services.updateCardUrl);
    await app.register(billingClientRoutes(deps, services));
    await app.register(sandboxRoutes(deps, services));
    await app.register(webhookRoutes(services.payments));
    await app.register(billingAdminRoutes(deps, services.upgrades));
    await app.register(renewalRoutes(deps, services.renewals));
    await app.register(refundRoutes(deps, services.refunds, services.receiptDocuments));
    await app.register(invoiceFeatureRoutes(deps, services.payments, services.emailOf));
  };
