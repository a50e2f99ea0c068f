import { type Quote, ZDeclineQuoteRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useDeclineQuote } from './api';

type Values = z.input<typeof ZDeclineQuoteRequest>;
const declineField = (apiField: string) => (apiField === 'reason' ? 'reason' : undefined);

/** Declining a quote, with an optional reason the agency reads before a new revision. */
export function DeclineQuoteDialog({ quote, onHide }: { quote: Quote; onHide: () => void }) {
  const decline = useDeclineQuote();
  const form = useForm<Values, unknown, z.output<typeof ZDeclineQuoteRequest>>({
    resolver: zodResolver(ZDeclineQuoteRequest),
    defaultValues: { quoteID: quote.id, reason: '' },
  });
  const shownOnField = useServerFieldError(decline.error, form.setError, declineField);
  const submit = form.handleSubmit((values) => decline.mutate(values, { onSuccess: onHide }));
  const error = form.formState.errors.reason?.message;
  const controlId = `decline-reason-${quote.id}`;
  return (
    <FormDialog
      title={`Decline quote for ${quote.projectName}`}
      formLabel="Decline quote"
      onSubmit={(event) => void submit(event)}
      onHide={onHide}
      error={shownOnField ? null : decline.error}
      pending={decline.isPending}
      submitLabel="Decline quote"
      pendingLabel="Declining…"
    >
      <Form.Group controlId={controlId}>
        <Form.Label>Reason (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          {...form.register('reason')}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${controlId}-error` : `${controlId}-hint`}
        />
        <Form.Text id={`${controlId}-hint`} muted>
          Tell us what to change; we can send a new revision.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
