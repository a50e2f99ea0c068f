import type { Milestone } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { MilestoneStatusBadge } from '../../../../components/deals/deal-badges';
import { QueryState } from '../../../../components/query-state';
import { StackedTable } from '../../../../components/stacked-table';
import { formatMoney } from '../../../../lib/money';
import { formatDay } from '../../../../lib/project-format';
import { useAdminMilestones } from './api';
import { IssueInvoiceDialog } from './issue-invoice-dialog';

type Issuing = { milestone: Milestone } | { whole: true };

/** A milestone still to bill: none yet, or its invoice was voided. */
const billable = (milestone: Milestone) => !milestone.invoice || milestone.invoice.status === 'void';

/**
 * An accepted quote's milestones (decision 035), each with its invoice or "Issue invoice"; "Invoice
 * the whole quote" while none is billed yet.
 */
export function MilestoneInvoicing({
  projectID,
  total,
  currency,
}: {
  projectID: string;
  total: number;
  currency: string;
}) {
  const milestones = useAdminMilestones(projectID, true);
  const [issuing, setIssuing] = useState<Issuing | null>(null);
  const rows = milestones.data;
  if (!rows) {
    return (
      <QueryState
        isPending={milestones.isPending}
        error={milestones.error}
        onRetry={() => void milestones.refetch()}
      />
    );
  }
  const noneBilled = rows.every(billable);
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h5 className="h6 mb-0 me-auto">Milestones</h5>
        {noneBilled && rows.length > 1 && (
          <Button size="sm" variant="outline-primary" onClick={() => setIssuing({ whole: true })}>
            Invoice the whole quote
          </Button>
        )}
      </div>
      <StackedTable size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">Milestone</th>
            <th scope="col">Due</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((milestone) => (
            <tr key={milestone.id}>
              <td>{milestone.title}</td>
              <td>{formatDay(milestone.dueDate)}</td>
              <td>{formatMoney(milestone.amount, milestone.currency)}</td>
              <td>
                <MilestoneStatusBadge status={milestone.status} />
              </td>
              <td>
                {milestone.invoice && (
                  <span className="me-2 text-nowrap">
                    {milestone.invoice.number} ({milestone.invoice.status})
                  </span>
                )}
                {billable(milestone) && (
                  <Button size="sm" variant="primary" onClick={() => setIssuing({ milestone })}>
                    Issue invoice<span className="visually-hidden"> for {milestone.title}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
      {issuing && (
        <IssueInvoiceDialog
          target={'whole' in issuing ? { projectID } : { milestoneID: issuing.milestone.id }}
          what={
            'whole' in issuing
              ? `The whole quote: ${formatMoney(total, currency)}`
              : `${issuing.milestone.title}: ${formatMoney(issuing.milestone.amount, issuing.milestone.currency)}`
          }
          onHide={() => setIssuing(null)}
        />
      )}
    </div>
  );
}
