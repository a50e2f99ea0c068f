import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { sellerOf } from '../../../config.js';
import type { PaymentService } from '../payments.js';
import { defineApprovedMilestoneInvoice } from './approved-milestone-invoice.js';
import { InvoiceIssuer, taxOf } from './invoice-issuer.js';
import { InvoiceNotices } from './invoice-notices.js';
import { InvoiceQueries } from './invoice-queries.js';
import { invoiceRoutes } from './invoice-routes.js';
import { defineInvoiceSweep } from './invoice-sweep.js';

/** The agency's invoices (decision 035): issued from accepted quotes, paid through billing's providers. */
export function invoiceFeatureRoutes(
  deps: AppDeps,
  payments: PaymentService,
  emailOf: (userId: string) => Promise<string>,
): FastifyPluginAsyncZod {
  const db = deps.database.db;
  const notices = new InvoiceNotices(deps.notifications, deps.clock);
  payments.onInvoicePaid((tx, payment) => notices.paid(tx, payment));
  const issuer = new InvoiceIssuer(db, deps.clock, taxOf(deps.config), notices);
  const queries = new InvoiceQueries(db, deps.clock, sellerOf(deps.config));
  defineInvoiceSweep(deps, issuer, notices);
  defineApprovedMilestoneInvoice(deps, issuer);
  return invoiceRoutes(deps, issuer, queries, payments, emailOf);
}
