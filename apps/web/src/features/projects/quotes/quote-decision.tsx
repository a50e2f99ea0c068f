import { QUOTE_PATHS, type Quote } from '@app/contract';
import { Alert } from 'react-bootstrap';
import { DownloadButton } from '../../../components/download-button';
import { formatMoment } from '../../../lib/project-format';
import { withQuery } from '../../../lib/with-query';

export const quotePdfPath = (quote: Quote) => withQuery(QUOTE_PATHS.pdf, { quoteID: quote.id });
export const quotePdfName = (quote: Quote) => `quote-${quote.projectName}-r${quote.revision}.pdf`;

/** Who decided a quote and when; an accepted quote's frozen PDF. */
export function QuoteDecision({ quote }: { quote: Quote }) {
  if (quote.status === 'accepted') {
    return (
      <Alert variant="success" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto" data-testid="quote-accepted-by">
          Accepted by {quote.acceptedName ?? quote.decidedBy}
          {quote.decidedBy && quote.acceptedName && quote.decidedBy !== quote.acceptedName
            ? ` (signed in as ${quote.decidedBy})`
            : ''}
          {quote.decidedAt ? ` on ${formatMoment(quote.decidedAt)}` : ''}
        </span>
        <DownloadButton
          path={quotePdfPath(quote)}
          fileName={quotePdfName(quote)}
          size="sm"
          hiddenLabel={` of the accepted quote, revision ${quote.revision}`}
          failure="The quote could not be downloaded. Try again."
        >
          Download PDF
        </DownloadButton>
      </Alert>
    );
  }
  if (quote.status === 'declined') {
    return (
      <Alert variant="secondary">
        Declined{quote.decidedBy ? ` by ${quote.decidedBy}` : ''}
        {quote.decidedAt ? ` on ${formatMoment(quote.decidedAt)}` : ''}
        {quote.declineReason ? `: “${quote.declineReason}”` : '.'}
      </Alert>
    );
  }
  return null;
}
