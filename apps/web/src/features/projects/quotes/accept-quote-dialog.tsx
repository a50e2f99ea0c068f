import { type Quote, ZAcceptQuoteRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { formatMoney } from '../../../lib/money';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useAcceptQuote } from './api';

type Values = z.input<typeof ZAcceptQuoteRequest>;
const acceptField = (apiField: string) => (apiField === 'name' ? 'name' : undefined);

/**
 * Accepting a quote is a signature: the client types their full name, and the server records it with
 * the time and their IP address and freezes the quote as a PDF (decision 035). Expired or already
 * decided quotes are refused by the server; its sentence shows here.
 */
export function AcceptQuoteDialog({ quote, onHide }: { quote: Quote; onHide: () => void }) {
  const accept = useAcceptQuote();
  const form = useForm<Values, unknown, z.output<typeof ZAcceptQuoteRequest>>({
    resolver: zodResolver(ZAcceptQuoteRequest),
    defaultValues: { quoteID: quote.id, name: '' },
  });
  const shownOnField = useServerFieldError(accept.error, form.setError, acceptField);
  const submit = form.handleSubmit((values) => accept.mutate(values, { onSuccess: onHide }));
  return (
    <FormDialog
      title={`Accept quote for ${quote.projectName}`}
      formLabel="Accept quote"
      onSubmit={(event) => void submit(event)}
      onHide={onHide}
      error={shownOnField ? null : accept.error}
      pending={accept.isPending}
      submitLabel="Accept quote"
      pendingLabel="Accepting…"
      intro={
        <p>
          You are accepting revision {quote.revision}: {formatMoney(quote.total, quote.currency)}, paid in{' '}
          {quote.milestones.length} milestone{quote.milestones.length === 1 ? '' : 's'}.
        </p>
      }
    >
      <TextField
        controlId={`accept-name-${quote.id}`}
        label="Your full name"
        autoComplete="name"
        registration={form.register('name')}
        error={form.formState.errors.name?.message}
      />
      <p className="small text-body-secondary mb-0" id={`accept-binding-${quote.id}`}>
        Typing your name and pressing Accept quote is a binding acceptance of this quote and its terms on
        behalf of your account. We record your name, the time and your IP address with it, and keep the quote
        as a PDF you can download.
      </p>
    </FormDialog>
  );
}
