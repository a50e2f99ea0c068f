import type { AppDeps } from '../../../app-deps.js';
import type { AppError } from '../../../platform/http/errors.js';
import type { InvoiceIssuer } from './invoice-issuer.js';

/**
 * The job a client's approval of a milestone enqueues in its own transaction (decision 035, amended
 * 2026-11-28): billing issues the milestone's invoice. The projects feature knows only this name and
 * its data (billing's index.ts exports them), never the issuer.
 */
export const APPROVED_MILESTONE_INVOICE_JOB = 'billing.approved-milestone-invoice';

export interface ApprovedMilestoneInvoiceJob {
  milestoneId: string;
}

export function defineApprovedMilestoneInvoice(deps: AppDeps, issuer: InvoiceIssuer): void {
  deps.jobs.define<ApprovedMilestoneInvoiceJob>({
    name: APPROVED_MILESTONE_INVOICE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    async handle(job) {
      try {
        await issuer.issueForMilestone(job.data.milestoneId, undefined, null);
      } catch (error) {
        // Already billed (the admin, the due-date sweep or the whole quote's invoice was first), or
        // the milestone is gone: nothing is left to do, and once is the rule (the issuer's lock and
        // the partial unique index hold it).
        const status = (error as AppError).statusCode;
        if (status !== 409 && status !== 404) throw error;
      }
    },
  });
}
