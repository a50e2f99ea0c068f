import type { ProjectSupport } from '@app/contract';
import { type ComponentType, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { QuoteStatusBadge } from '../../../components/deals/deal-badges';
import { useAreaAccess } from '../../../lib/account-context';
import { recurringLabel } from '../../../lib/deal-format';
import { formatMoney } from '../../../lib/money';
import { formatDay } from '../../../lib/project-format';
import { useProjectQuotes } from './api';
import { QuoteDialog } from './quote-dialog';

/**
 * A project card's quote (decision 035): the latest revision the client was sent, in one line, and a
 * button that opens it in full to accept or decline it. Nothing while no quote was sent. Once accepted,
 * its recurring part is a support plan the client starts with `SupportOffer` (billing's, given by the
 * page's composition).
 */
export function QuoteSection({
  projectID,
  SupportOffer,
}: {
  projectID: string;
  SupportOffer?: ComponentType<{ support: ProjectSupport }> | undefined;
}) {
  const quotes = useProjectQuotes(projectID);
  const canDecide = useAreaAccess('billing', 'write') === true;
  const [open, setOpen] = useState(false);
  const current = quotes.data?.quotes[0];
  const support = quotes.data?.support;
  if (!current) return null;
  const awaiting = current.status === 'sent' && !current.expired;
  const recurring = recurringLabel(current.recurringPayment, current.term, current.currency);
  return (
    <section className="border rounded p-2 mb-2 small" aria-label="Quote">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h4 className="h6 mb-0">Quote</h4>
        <QuoteStatusBadge status={current.status} />
        {current.status === 'sent' && current.expired && <Badge bg="danger">Expired</Badge>}
      </div>
      <div>
        {formatMoney(current.total, current.currency)}
        {recurring && ` + ${recurring}`}
      </div>
      {current.status === 'superseded' && (
        <div className="text-body-secondary">A new revision is on its way to you.</div>
      )}
      {current.status === 'withdrawn' && <div className="text-body-secondary">This quote was withdrawn.</div>}
      {current.status === 'sent' && current.validUntil && (
        <div className="text-body-secondary">Valid until {formatDay(current.validUntil)}</div>
      )}
      <Button
        className="mt-2"
        size="sm"
        variant={awaiting && canDecide ? 'primary' : 'outline-primary'}
        onClick={() => setOpen(true)}
      >
        {awaiting && canDecide ? 'Review and accept' : 'View quote'}
      </Button>
      {current.status === 'accepted' && support && SupportOffer && <SupportOffer support={support} />}
      {open && quotes.data && (
        <QuoteDialog quotes={quotes.data.quotes} canDecide={canDecide} onHide={() => setOpen(false)} />
      )}
    </section>
  );
}
