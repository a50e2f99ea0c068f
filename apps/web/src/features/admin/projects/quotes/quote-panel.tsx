import { type ManagedProject, QUOTE_PATHS, type Quote } from '@app/contract';
import { useState } from 'react';
import { Accordion, Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { QuoteStatusBadge } from '../../../../components/deals/deal-badges';
import { QuoteDetails } from '../../../../components/deals/quote-details';
import { DownloadButton } from '../../../../components/download-button';
import { FormErrorAlert } from '../../../../components/form-error-alert';
import { QueryState } from '../../../../components/query-state';
import { formatMoment } from '../../../../lib/project-format';
import { withQuery } from '../../../../lib/with-query';
import { useAdminProjectQuotes, useSendQuote, useWithdrawQuote } from './api';
import { MilestoneInvoicing } from './milestone-invoicing';
import { QuoteEditor } from './quote-editor';
import { QuoteRevisions } from './quote-revisions';

const EDITOR_LABELS: Partial<Record<Quote['status'], string>> = {
  draft: 'Edit quote…',
  sent: 'Revise quote…',
  declined: 'New revision…',
  withdrawn: 'New revision…',
};

/** Where the current revision stands, in a sentence. */
function standing(quote: Quote): string {
  if (quote.status === 'draft')
    return `Revision ${quote.revision} is a draft: the client does not see it yet.`;
  if (quote.status === 'sent')
    return `Revision ${quote.revision} was sent ${quote.sentAt ? formatMoment(quote.sentAt) : ''}${quote.expired ? ' and has expired' : ''}; waiting for the client.`;
  if (quote.status === 'accepted')
    return `Accepted by ${quote.acceptedName ?? quote.decidedBy ?? 'the client'}${quote.decidedAt ? ` on ${formatMoment(quote.decidedAt)}` : ''}.`;
  if (quote.status === 'declined')
    return `Declined${quote.decidedAt ? ` on ${formatMoment(quote.decidedAt)}` : ''}${quote.declineReason ? `: “${quote.declineReason}”` : '.'}`;
  return `Revision ${quote.revision} is ${quote.status}.`;
}

/**
 * A project's quote in the admin panel (decision 035): the current revision, Quote… (the editor),
 * Send to client, Withdraw, the PDF, every revision's history, and, once accepted, its milestones to
 * invoice.
 */
export function QuotePanel({ project }: { project: ManagedProject }) {
  const quotes = useAdminProjectQuotes(project.id);
  const send = useSendQuote();
  const withdraw = useWithdrawQuote();
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  if (!quotes.data) {
    return (
      <QueryState isPending={quotes.isPending} error={quotes.error} onRetry={() => void quotes.refetch()} />
    );
  }
  const latest = quotes.data[0];
  const accepted = quotes.data.find((quote) => quote.status === 'accepted');
  const current = accepted ?? latest;
  return (
    <div>
      {current ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <QuoteStatusBadge status={current.status} />
          <span className="small me-auto" data-testid="admin-quote-standing">
            {standing(current)}
          </span>
        </div>
      ) : (
        <p className="small text-body-secondary">No quote yet. Draft one from the request’s details.</p>
      )}
      {!accepted && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button size="sm" onClick={() => setEditing(true)}>
            {(latest && EDITOR_LABELS[latest.status]) ?? 'Quote…'}
          </Button>
          {latest?.status === 'draft' && (
            <Button
              size="sm"
              variant="success"
              disabled={send.isPending}
              onClick={() => send.mutate(latest.id)}
            >
              Send to client
            </Button>
          )}
          {latest && (latest.status === 'draft' || latest.status === 'sent') && (
            <Button size="sm" variant="outline-danger" onClick={() => setWithdrawing(true)}>
              Withdraw
            </Button>
          )}
        </div>
      )}
      {current && (
        <Accordion className="mb-3">
          <Accordion.Item eventKey="details">
            <Accordion.Header>Revision {current.revision} in full</Accordion.Header>
            <Accordion.Body>
              <QuoteDetails quote={current} />
              <DownloadButton
                size="sm"
                path={withQuery(QUOTE_PATHS.pdf, { quoteID: current.id })}
                fileName={`quote-${current.projectName}-r${current.revision}.pdf`}
                hiddenLabel={` of quote revision ${current.revision}`}
                failure="The quote could not be downloaded. Try again."
              >
                PDF
              </DownloadButton>
            </Accordion.Body>
          </Accordion.Item>
          <Accordion.Item eventKey="history">
            <Accordion.Header>Revisions ({quotes.data.length})</Accordion.Header>
            <Accordion.Body>
              <QuoteRevisions quotes={quotes.data} />
            </Accordion.Body>
          </Accordion.Item>
        </Accordion>
      )}
      <FormErrorAlert error={send.error} />
      {accepted && (
        <MilestoneInvoicing projectID={project.id} total={accepted.total} currency={accepted.currency} />
      )}
      {editing && <QuoteEditor project={project} latest={latest} onHide={() => setEditing(false)} />}
      {withdrawing && latest && (
        <ConfirmDialog
          title="Withdraw quote"
          confirmLabel="Withdraw"
          pending={withdraw.isPending}
          error={withdraw.error}
          onConfirm={() => withdraw.mutate(latest.id, { onSuccess: () => setWithdrawing(false) })}
          onHide={() => setWithdrawing(false)}
        >
          Withdraw revision {latest.revision}?{' '}
          {latest.status === 'sent' ? 'The client can no longer accept it.' : ''}
        </ConfirmDialog>
      )}
    </div>
  );
}
