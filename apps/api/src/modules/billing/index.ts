import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { billingAdminRoutes } from './admin-routes.js';
import { billingClientRoutes } from './client-routes.js';
import { refundRoutes } from './refund-routes.js';
import { defineBillingReminders } from './reminders.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { createBillingServices } from './services.js';
import { webhookRoutes } from './webhook-routes.js';

/** Subscriptions, payments (sandbox / Stripe), receipts and plan upgrades. */
export const billingFeature =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const services = createBillingServices(deps);
    defineBillingReminders(deps);
    await app.register(billingClientRoutes(deps, services));
    await app.register(sandboxRoutes(deps, services));
    await app.register(webhookRoutes(services.payments));
    await app.register(billingAdminRoutes(deps, services.upgrades));
    await app.register(refundRoutes(deps, services.refunds, services.receiptDocuments));
  };
