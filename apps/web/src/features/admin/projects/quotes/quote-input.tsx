import type { ComponentProps } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import type { QuoteFormField, QuoteFormValues } from './quote-form';

interface QuoteInputProps
  extends Omit<ComponentProps<'input'>, 'size' | 'id' | 'name' | 'form' | 'value' | 'defaultValue'> {
  form: UseFormReturn<QuoteFormValues>;
  name: QuoteFormField;
  label: string;
  error: string | undefined;
  as?: 'textarea';
  rows?: number;
}

/**
 * One labelled input of the quote editor, its error under it and announced (ids from the field's
 * path, unique per line and milestone).
 */
export function QuoteInput({ form, name, label, error, as, rows, ...inputProps }: QuoteInputProps) {
  const id = `quote-${name.replaceAll('.', '-')}`;
  return (
    <Form.Group controlId={id} className="mb-1">
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        {...inputProps}
        as={as}
        rows={rows}
        size="sm"
        {...form.register(name)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
