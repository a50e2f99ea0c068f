import { type Invoice, ZRecordPaymentRequest } from '@app/contract';
import { useState } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { FormDialog } from '../../../../components/form-dialog';
import { ApiError } from '../../../../lib/api-error';
import { centsInput, parseCents } from '../../../../lib/money';
import { formatMoney } from '../../money';
import { useRecordPayment } from './api';

type Field = 'amount' | 'note';

/**
 * Money received outside the product (a bank transfer, the project's payment link): the admin records
 * it against the invoice, in part or in full.
 */
export function RecordPaymentDialog({ invoice, onHide }: { invoice: Invoice; onHide: () => void }) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState(centsInput(invoice.balance));
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const server = record.error instanceof ApiError ? record.error : null;
  const serverField = server?.field === 'amount' || server?.field === 'note' ? server.field : null;
  const errors: Partial<Record<Field, string>> = {
    ...(serverField && server ? { [serverField]: server.message } : {}),
    ...invalid,
  };

  function submit() {
    const cents = parseCents(amount);
    if (cents === null) return setInvalid({ amount: 'Enter an amount such as 250 or 99.50' });
    if (cents > invoice.balance)
      return setInvalid({
        amount: `At most ${formatMoney(invoice.balance, invoice.currency)} is left to pay`,
      });
    const parsed = ZRecordPaymentRequest.safeParse({ invoiceID: invoice.id, amount: cents, note });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setInvalid({ [issue?.path[0] === 'note' ? 'note' : 'amount']: issue?.message });
    }
    setInvalid({});
    record.mutate(parsed.data, { onSuccess: onHide });
  }

  const currency = invoice.currency.toUpperCase();
  return (
    <FormDialog
      title={`Record a payment of ${invoice.number}`}
      formLabel="Record payment"
      onSubmit={submit}
      onHide={onHide}
      error={serverField ? null : record.error}
      pending={record.isPending}
      submitLabel="Record payment"
      pendingLabel="Recording…"
      intro={
        <p className="small text-body-secondary">
          {invoice.client.name} · {invoice.projectName} · {formatMoney(invoice.balance, invoice.currency)}{' '}
          left of {formatMoney(invoice.total, invoice.currency)}
        </p>
      }
    >
      <Form.Group className="mb-3" controlId="record-payment-amount">
        <Form.Label>Amount received</Form.Label>
        <InputGroup hasValidation>
          <InputGroup.Text>{currency}</InputGroup.Text>
          <Form.Control
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            isInvalid={Boolean(errors.amount)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'record-payment-amount-error' : undefined}
          />
          <Form.Control.Feedback type="invalid" id="record-payment-amount-error">
            {errors.amount}
          </Form.Control.Feedback>
        </InputGroup>
      </Form.Group>
      <Form.Group controlId="record-payment-note">
        <Form.Label>Note (optional)</Form.Label>
        <Form.Control
          value={note}
          maxLength={200}
          placeholder="Bank transfer of March 3"
          onChange={(event) => setNote(event.target.value)}
          isInvalid={Boolean(errors.note)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'record-payment-note-error' : undefined}
        />
        <Form.Control.Feedback type="invalid" id="record-payment-note-error">
          {errors.note}
        </Form.Control.Feedback>
      </Form.Group>
    </FormDialog>
  );
}
