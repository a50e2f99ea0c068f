import type { ManagedProject, Quote } from '@app/contract';
import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../../components/form-dialog';
import { useToast } from '../../../../components/toast/toast-context';
import { useServerFieldError } from '../../../../lib/use-server-field-error';
import { useSaveQuote, useSendQuote } from './api';
import { LineItemsFields } from './line-items-fields';
import { MilestonesFields } from './milestones-fields';
import {
  type QuoteFormIssue,
  type QuoteFormValues,
  quoteFormDefaults,
  quoteFormField,
  toSaveQuoteRequest,
} from './quote-form';
import { QuoteInput } from './quote-input';

/** The server's `field` as an input of this form; list-wide refusals stay in the top alert. */
function serverField(apiField: string): Path<QuoteFormValues> | undefined {
  const field = quoteFormField(apiField);
  return field === 'lineItems' || field === 'milestones' ? undefined : field;
}

interface QuoteEditorProps {
  project: Pick<ManagedProject, 'id' | 'name' | 'totalPayment' | 'recurringPayment' | 'term'>;
  /** The newest revision: a draft is edited, anything else is the base of the next revision. */
  latest: Quote | undefined;
  onHide: () => void;
}

/**
 * The admin's quote editor (decision 035): lines, milestones that must add up to the lines' total,
 * an optional recurring part, currency, validity and terms. Save draft keeps it from the client;
 * Save and send sends it (a sent revision edited becomes a new draft revision on the server).
 */
export function QuoteEditor({ project, latest, onHide }: QuoteEditorProps) {
  const form = useForm<QuoteFormValues>({ defaultValues: quoteFormDefaults(project, latest) });
  const [listErrors, setListErrors] = useState<Partial<Record<'lineItems' | 'milestones', string>>>({});
  const [sendAfter, setSendAfter] = useState(false);
  const save = useSaveQuote();
  const toast = useToast();
  const send = useSendQuote();
  const shownOnField = useServerFieldError(save.error, form.setError, serverField);
  const currency = (useWatch({ control: form.control, name: 'currency' }) || 'USD').toUpperCase();

  function showIssues(issues: QuoteFormIssue[]) {
    const lists: Partial<Record<'lineItems' | 'milestones', string>> = {};
    issues.forEach((issue, index) => {
      if (issue.field === 'lineItems' || issue.field === 'milestones') lists[issue.field] = issue.message;
      else
        form.setError(
          issue.field,
          { type: 'validate', message: issue.message },
          { shouldFocus: index === 0 },
        );
    });
    setListErrors(lists);
  }

  const submit = (andSend: boolean) =>
    form.handleSubmit((values) => {
      form.clearErrors();
      const result = toSaveQuoteRequest(values, project.id);
      if (!result.ok) return showIssues(result.issues);
      setListErrors({});
      setSendAfter(andSend);
      save.mutate(result.request, {
        onSuccess: (reply) => {
          if (andSend) return send.mutate(reply.quote.id, { onSuccess: onHide });
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
      });
    });

  const errors = form.formState.errors;
  const pending = save.isPending || send.isPending;
  const revising = latest && latest.status !== 'draft';
  return (
    <FormDialog
      title={`Quote for ${project.name}`}
      formLabel="Quote editor"
      size="xl"
      onSubmit={(event) => void submit(false)(event)}
      onHide={onHide}
      error={(shownOnField ? null : save.error) ?? send.error}
      pending={pending && !sendAfter}
      submitDisabled={pending}
      submitLabel="Save draft"
      pendingLabel="Saving…"
      intro={
        revising && latest.status === 'sent' ? (
          <p className="small text-body-secondary">
            Revision {latest.revision} was sent to the client: saving makes a new draft revision and withdraws
            the sent one from the client.
          </p>
        ) : null
      }
      footerExtras={
        <Button variant="success" disabled={pending} onClick={() => void submit(true)()}>
          {pending && sendAfter ? 'Sending…' : 'Save and send to client'}
        </Button>
      }
    >
      <LineItemsFields form={form} currency={currency} />
      {listErrors.lineItems && (
        <div className="text-danger small mb-2" role="alert">
          {listErrors.lineItems}
        </div>
      )}
      <MilestonesFields form={form} currency={currency} listError={listErrors.milestones} />
      <fieldset className="mb-3">
        <legend className="h6">Recurring part (optional)</legend>
        <Row className="g-2">
          <Col xs={6} md={3}>
            <QuoteInput
              form={form}
              name="recurring"
              label={`Recurring amount (${currency})`}
              inputMode="decimal"
              placeholder="None"
              error={errors.recurring?.message}
            />
          </Col>
          <Col xs={6} md={3}>
            <Form.Group controlId="quote-term" className="mb-1">
              <Form.Label className="small mb-0">Term</Form.Label>
              <Form.Select
                size="sm"
                {...form.register('term')}
                isInvalid={Boolean(errors.term)}
                aria-invalid={errors.term ? true : undefined}
                aria-describedby={errors.term ? 'quote-term-error' : undefined}
              >
                <option value="">None</option>
                <option value="m">Monthly</option>
                <option value="y">Yearly</option>
              </Form.Select>
              <Form.Control.Feedback type="invalid" id="quote-term-error">
                {errors.term?.message}
              </Form.Control.Feedback>
            </Form.Group>
          </Col>
        </Row>
      </fieldset>
      <Row className="g-2 mb-2">
        <Col xs={6} md={3}>
          <QuoteInput
            form={form}
            name="currency"
            label="Currency"
            maxLength={3}
            autoCapitalize="characters"
            list="quote-currencies"
            error={errors.currency?.message}
          />
          <datalist id="quote-currencies">
            {['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF'].map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </Col>
        <Col xs={6} md={3}>
          <QuoteInput
            form={form}
            name="validUntil"
            label="Valid until"
            type="date"
            error={errors.validUntil?.message}
          />
        </Col>
      </Row>
      <QuoteInput
        form={form}
        name="terms"
        label="Terms"
        as="textarea"
        rows={4}
        error={errors.terms?.message}
      />
    </FormDialog>
  );
}
