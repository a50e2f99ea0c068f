import { INVOICE_DUE_DAYS, ZIssueInvoiceRequest } from '@app/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormDialog } from '../../../../components/form-dialog';
import { ApiError } from '../../../../lib/api-error';
import { today } from '../../../../lib/deal-format';
import { useIssueInvoice } from './api';

interface IssueInvoiceDialogProps {
  /** A milestone's invoice, or the whole accepted quote's (the project's). */
  target: { milestoneID: string } | { projectID: string };
  /** What is invoiced, as the admin reads it ("Design — $1,500.00"). */
  what: string;
  onHide: () => void;
}

/** Issues an invoice now (numbered by the server), due on a chosen day or INVOICE_DUE_DAYS later. */
export function IssueInvoiceDialog({ target, what, onHide }: IssueInvoiceDialogProps) {
  const issue = useIssueInvoice();
  const [dueDate, setDueDate] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const serverDueError =
    issue.error instanceof ApiError && issue.error.field === 'dueDate' ? issue.error.message : null;
  const dueError = invalid ?? serverDueError;

  function submit() {
    const parsed = ZIssueInvoiceRequest.safeParse({ ...target, ...(dueDate ? { dueDate } : {}) });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the due date');
    setInvalid(null);
    issue.mutate(parsed.data, { onSuccess: onHide });
  }

  return (
    <FormDialog
      title="Issue invoice"
      formLabel="Issue invoice"
      onSubmit={submit}
      onHide={onHide}
      error={serverDueError ? null : issue.error}
      pending={issue.isPending}
      submitLabel="Issue invoice"
      pendingLabel="Issuing…"
      intro={<p>{what}</p>}
    >
      <Form.Group controlId="issue-invoice-due">
        <Form.Label>Due date (optional)</Form.Label>
        <Form.Control
          type="date"
          min={today()}
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
          isInvalid={dueError !== null}
          aria-invalid={dueError !== null ? true : undefined}
          aria-describedby={dueError ? 'issue-invoice-due-error' : 'issue-invoice-due-hint'}
        />
        <Form.Text id="issue-invoice-due-hint" muted>
          Empty: due {INVOICE_DUE_DAYS} days after today. The client gets a mail with the invoice.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id="issue-invoice-due-error">
          {dueError}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
