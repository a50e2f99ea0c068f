import type { Quote } from '@app/contract';
import { QuoteStatusBadge } from '../../../../components/deals/deal-badges';
import { StackedTable } from '../../../../components/stacked-table';
import { recurringLabel } from '../../../../lib/deal-format';
import { formatMoney } from '../../../../lib/money';
import { formatMoment } from '../../../../lib/project-format';

/** Every revision of a project's quote, newest first, with what became of it. */
export function QuoteRevisions({ quotes }: { quotes: readonly Quote[] }) {
  return (
    <StackedTable size="sm" className="mb-0">
      <caption className="visually-hidden">Quote revisions, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Revision</th>
          <th scope="col">Status</th>
          <th scope="col">Total</th>
          <th scope="col">Created</th>
          <th scope="col">Sent</th>
          <th scope="col">Decided</th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((quote) => {
          const recurring = recurringLabel(quote.recurringPayment, quote.term, quote.currency);
          return (
            <tr key={quote.id}>
              <td>{quote.revision}</td>
              <td>
                <QuoteStatusBadge status={quote.status} />
                {quote.status === 'sent' && quote.expired && (
                  <span className="small text-danger ms-1">expired</span>
                )}
              </td>
              <td>
                {formatMoney(quote.total, quote.currency)}
                {recurring && <div className="small text-body-secondary">+ {recurring}</div>}
              </td>
              <td>{formatMoment(quote.createdAt)}</td>
              <td>{quote.sentAt ? formatMoment(quote.sentAt) : '—'}</td>
              <td>
                {quote.decidedAt ? formatMoment(quote.decidedAt) : '—'}
                {quote.acceptedName && <div className="small">by {quote.acceptedName}</div>}
                {quote.declineReason && (
                  <div className="small text-body-secondary">“{quote.declineReason}”</div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </StackedTable>
  );
}
