import type { Quote } from '@app/contract';
import { Badge } from 'react-bootstrap';
import { recurringLabel } from '../../lib/deal-format';
import { formatMoney } from '../../lib/money';
import { formatDay } from '../../lib/project-format';
import { StackedTable } from '../stacked-table';

/**
 * What a quote offers (decision 035), as the client and the admin both read it: its lines, the one-off
 * total, the recurring part, the milestones that split the total with their due dates, its validity
 * and its terms.
 */
export function QuoteDetails({ quote }: { quote: Quote }) {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  const recurring = recurringLabel(quote.recurringPayment, quote.term, quote.currency);
  return (
    <div>
      <StackedTable size="sm" className="mb-2">
        <caption className="visually-hidden">Lines of quote revision {quote.revision}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lineItems.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a revision's lines never reorder
            <tr key={index}>
              <td>{line.description}</td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{money(line.unitAmount)}</td>
              <td className="text-end">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
      <dl className="row mb-3">
        <dt className="col-6 col-sm-4">One-off total</dt>
        <dd className="col-6 col-sm-8 mb-1 fw-semibold" data-testid="quote-total">
          {money(quote.total)}
        </dd>
        {recurring && (
          <>
            <dt className="col-6 col-sm-4">Recurring</dt>
            <dd className="col-6 col-sm-8 mb-1" data-testid="quote-recurring">
              {recurring}
            </dd>
          </>
        )}
        <dt className="col-6 col-sm-4">Valid until</dt>
        <dd className="col-6 col-sm-8 mb-1">
          {quote.validUntil ? formatDay(quote.validUntil) : 'No limit'}{' '}
          {quote.expired && <Badge bg="danger">Expired</Badge>}
        </dd>
      </dl>
      <h4 className="h6">Milestones</h4>
      <ol className="list-unstyled border-start border-2 ps-3 mb-3">
        {quote.milestones.map((milestone, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a revision's milestones never reorder
          <li key={index} className="mb-2">
            <div className="fw-semibold">{milestone.title}</div>
            <div className="small text-body-secondary">
              {money(milestone.amount)} · due {formatDay(milestone.dueDate)}
            </div>
          </li>
        ))}
      </ol>
      {quote.terms && (
        <>
          <h4 className="h6">Terms</h4>
          <p className="small" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.terms}
          </p>
        </>
      )}
    </div>
  );
}
