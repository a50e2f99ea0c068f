import { Col, Row } from 'react-bootstrap';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { formatMoney } from '../../../../lib/money';
import { emptyMilestone, type QuoteFormValues, quoteTotals } from './quote-form';
import { QuoteInput } from './quote-input';
import { AddRowButton, RemoveRowButton } from './row-buttons';

/** "Milestones add up to X of Y": live while typing, green once they split the total exactly. */
function MilestonesCheck({ form, currency }: { form: UseFormReturn<QuoteFormValues>; currency: string }) {
  const [lineItems, milestones] = useWatch({ control: form.control, name: ['lineItems', 'milestones'] });
  const totals = quoteTotals({ lineItems, milestones });
  const exact = totals.total === totals.milestones;
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <p
      className={`small mb-2 ${exact ? 'text-success' : 'text-danger'}`}
      data-testid="milestones-check"
      aria-live="polite"
    >
      Milestones add up to {money(totals.milestones)} of {money(totals.total)}
      {!exact &&
        (totals.milestones < totals.total
          ? ` (${money(totals.total - totals.milestones)} left to assign)`
          : ` (${money(totals.milestones - totals.total)} too much)`)}
    </p>
  );
}

/** The milestones that split the quote's total: title, amount and due date; add and remove. */
export function MilestonesFields({
  form,
  currency,
  listError,
}: {
  form: UseFormReturn<QuoteFormValues>;
  currency: string;
  /** A refusal of the milestones as a whole (they do not add up to the total). */
  listError: string | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'milestones' });
  const errors = form.formState.errors.milestones;
  return (
    <fieldset className="mb-3" aria-describedby={listError ? 'quote-milestones-error' : undefined}>
      <legend className="h6">Milestones</legend>
      <MilestonesCheck form={form} currency={currency} />
      {listError && (
        <div className="text-danger small mb-2" id="quote-milestones-error" role="alert">
          {listError}
        </div>
      )}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-2 mb-2" aria-label={`Milestone ${index + 1}`}>
          <Row className="g-2 align-items-start">
            <Col xs={12} md={5}>
              <QuoteInput
                form={form}
                name={`milestones.${index}.title`}
                label="Title"
                error={errors?.[index]?.title?.message}
              />
            </Col>
            <Col xs={6} md={3}>
              <QuoteInput
                form={form}
                name={`milestones.${index}.amount`}
                label={`Amount (${currency})`}
                inputMode="decimal"
                error={errors?.[index]?.amount?.message}
              />
            </Col>
            <Col xs={6} md={3}>
              <QuoteInput
                form={form}
                name={`milestones.${index}.dueDate`}
                label="Due date"
                type="date"
                error={errors?.[index]?.dueDate?.message}
              />
            </Col>
            <Col xs={12} md={1}>
              <RemoveRowButton
                label={`milestone ${index + 1}`}
                onlyOne={fields.length === 1}
                onRemove={() => remove(index)}
              />
            </Col>
          </Row>
        </fieldset>
      ))}
      <AddRowButton label="Add milestone" full={fields.length >= 20} onAdd={() => append(emptyMilestone())} />
    </fieldset>
  );
}
