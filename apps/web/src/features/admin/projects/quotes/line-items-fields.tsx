import { Col, Row } from 'react-bootstrap';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { emptyLine, type QuoteFormValues } from './quote-form';
import { QuoteInput } from './quote-input';
import { AddRowButton, RemoveRowButton } from './row-buttons';

/** The quote's lines: description, quantity and unit price in the currency's units; add and remove. */
export function LineItemsFields({
  form,
  currency,
}: {
  form: UseFormReturn<QuoteFormValues>;
  currency: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lineItems' });
  const errors = form.formState.errors.lineItems;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Lines</legend>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-2 mb-2" aria-label={`Line ${index + 1}`}>
          <Row className="g-2 align-items-start">
            <Col xs={12} md={6}>
              <QuoteInput
                form={form}
                name={`lineItems.${index}.description`}
                label="Description"
                error={errors?.[index]?.description?.message}
              />
            </Col>
            <Col xs={4} md={2}>
              <QuoteInput
                form={form}
                name={`lineItems.${index}.quantity`}
                label="Qty"
                inputMode="numeric"
                error={errors?.[index]?.quantity?.message}
              />
            </Col>
            <Col xs={8} md={3}>
              <QuoteInput
                form={form}
                name={`lineItems.${index}.unitPrice`}
                label={`Unit price (${currency})`}
                inputMode="decimal"
                error={errors?.[index]?.unitPrice?.message}
              />
            </Col>
            <Col xs={12} md={1}>
              <RemoveRowButton
                label={`line ${index + 1}`}
                onlyOne={fields.length === 1}
                onRemove={() => remove(index)}
              />
            </Col>
          </Row>
        </fieldset>
      ))}
      <AddRowButton label="Add line" full={fields.length >= 50} onAdd={() => append(emptyLine())} />
    </fieldset>
  );
}
