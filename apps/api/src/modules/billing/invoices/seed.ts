import { and, eq, lte, notExists } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { invoices, projectMilestones, projectOrders, projects } from '../../../db/schema/index.js';
import type { SeedStep } from '../../../platform/seed/seed.js';
import { DEMO_ACCOUNTS } from '../../accounts/index.js';
import { InvoiceIssuer, taxOf } from './invoice-issuer.js';
import { InvoiceNotices } from './invoice-notices.js';

/**
 * The demo client's invoices (README): what the hourly sweep would do at once, so a trial shows them
 * without waiting: each of the client's milestones that is due is invoiced, through the same issuer
 * (numbered, taxed as configured, in the project's activity list; no mail or notification: seeds run
 * before the job queue starts, and demo accounts get no mail). Runs after the quotes step; idempotent.
 */
export function invoiceSeed(deps: Pick<AppDeps, 'accounts' | 'clock' | 'config'>): SeedStep {
  return {
    name: 'demo-invoices',
    async run({ db }) {
      const clientAccount = DEMO_ACCOUNTS[0];
      const client = clientAccount ? await deps.accounts.findByEmail(clientAccount.email) : null;
      if (!client) return;
      const today = deps.clock.now().toISOString().slice(0, 10);
      const due = await db
        .select({ id: projectMilestones.id })
        .from(projectMilestones)
        .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
        .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
        .where(
          and(
            eq(projectOrders.clientId, client.id),
            lte(projectMilestones.dueDate, today),
            notExists(
              db
                .select({ id: invoices.id })
                .from(invoices)
                .where(eq(invoices.milestoneId, projectMilestones.id)),
            ),
          ),
        );
      const issuer = new InvoiceIssuer(db, deps.clock, taxOf(deps.config), InvoiceNotices.silent(deps.clock));
      for (const milestone of due) await issuer.issueForMilestone(milestone.id, undefined, null);
    },
  };
}
