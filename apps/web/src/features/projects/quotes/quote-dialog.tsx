import type { Quote } from '@app/contract';
import { useId, useState } from 'react';
import { Accordion, Alert, Button, Modal } from 'react-bootstrap';
import { QuoteStatusBadge } from '../../../components/deals/deal-badges';
import { QuoteDetails } from '../../../components/deals/quote-details';
import { DownloadButton } from '../../../components/download-button';
import { formatMoment } from '../../../lib/project-format';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { DeclineQuoteDialog } from './decline-quote-dialog';
import { QuoteDecision, quotePdfName, quotePdfPath } from './quote-decision';

interface QuoteDialogProps {
  /** Newest first; the first is the one on offer (or decided). */
  quotes: readonly Quote[];
  /** The session's role may accept or decline (billing write); the server checks again. */
  canDecide: boolean;
  onHide: () => void;
}

/**
 * The client's view of a project's quote (decision 035): what it offers, Accept / Decline while it is
 * open, who decided once it is decided, and the earlier revisions under History.
 */
export function QuoteDialog({ quotes, canDecide, onHide }: QuoteDialogProps) {
  const [current, ...earlier] = quotes;
  const [deciding, setDeciding] = useState<'accept' | 'decline' | null>(null);
  const titleId = useId();
  if (!current) return null;
  const open = current.status === 'sent';
  return (
    <>
      <Modal show={deciding === null} onHide={onHide} size="lg" aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} className="d-flex flex-wrap align-items-center gap-2">
            Quote for {current.projectName} <QuoteStatusBadge status={current.status} />
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Revision {current.revision}
            {current.sentAt && ` · sent ${formatMoment(current.sentAt)}`}
          </p>
          <QuoteDecision quote={current} />
          {open && current.expired && (
            <Alert variant="warning">
              This quote expired and can no longer be accepted. Message us for a new revision.
            </Alert>
          )}
          <QuoteDetails quote={current} />
          {open && !canDecide && (
            <p className="small text-body-secondary">
              Only the account’s owner, admins and billing members can accept or decline a quote.
            </p>
          )}
          {earlier.length > 0 && (
            <Accordion className="mt-3">
              <Accordion.Item eventKey="history">
                <Accordion.Header>History ({earlier.length} earlier)</Accordion.Header>
                <Accordion.Body>
                  {earlier.map((quote) => (
                    <section key={quote.id} className="mb-4" aria-label={`Revision ${quote.revision}`}>
                      <h4 className="h6 d-flex align-items-center gap-2">
                        Revision {quote.revision} <QuoteStatusBadge status={quote.status} />
                      </h4>
                      <QuoteDecision quote={quote} />
                      <QuoteDetails quote={quote} />
                    </section>
                  ))}
                </Accordion.Body>
              </Accordion.Item>
            </Accordion>
          )}
        </Modal.Body>
        <Modal.Footer>
          {current.status !== 'accepted' && (
            <DownloadButton
              path={quotePdfPath(current)}
              fileName={quotePdfName(current)}
              hiddenLabel={`, quote revision ${current.revision}`}
              failure="The quote could not be downloaded. Try again."
            >
              PDF
            </DownloadButton>
          )}
          {open && canDecide && (
            <Button variant="outline-danger" onClick={() => setDeciding('decline')}>
              Decline
            </Button>
          )}
          {open && canDecide && !current.expired && (
            <Button variant="success" onClick={() => setDeciding('accept')}>
              Accept
            </Button>
          )}
          <Button variant="outline-secondary" onClick={onHide}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
      {deciding === 'accept' && <AcceptQuoteDialog quote={current} onHide={() => setDeciding(null)} />}
      {deciding === 'decline' && <DeclineQuoteDialog quote={current} onHide={() => setDeciding(null)} />}
    </>
  );
}
