import type { AdminPayment } from '@app/contract';
import { useState } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { formatMoney } from '../money';
import { useRefund } from './api';

/** "12.50" → 1250 cents; null when it is not an amount with at most two decimals. */
export function parseCents(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Refund a payment in full or in part. The form sends what it showed as already refunded, so a
 * second submit (or another admin's refund meanwhile) is refused instead of refunding twice.
 */
export function RefundDialog({ payment, onHide }: { payment: AdminPayment; onHide: () => void }) {
  const left = payment.amount - payment.refunded;
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amountText, setAmountText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const refund = useRefund();
  const toast = useToast();

  function submit() {
    let amount: number | undefined;
    if (mode === 'part') {
      const cents = parseCents(amountText);
      if (cents === null || cents <= 0) return setInvalid('Enter an amount such as 5 or 12.50');
      if (cents > left) return setInvalid(`At most ${formatMoney(left, payment.currency)} can be refunded`);
      amount = cents;
    }
    setInvalid(null);
    refund.mutate(
      { paymentID: payment.id, amount, refundedBefore: payment.refunded },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
      },
    );
  }

  return (
    <FormDialog
      onHide={onHide}
      title="Refund payment"
      onSubmit={submit}
      intro={
        <>
          <p className="mb-1">{payment.description}</p>
          <p className="small text-body-secondary">
            {payment.email} · paid {formatMoney(payment.amount, payment.currency)} via {payment.provider}
            {payment.refunded > 0 && ` · ${formatMoney(payment.refunded, payment.currency)} refunded already`}
          </p>
        </>
      }
      error={refund.error}
      pending={refund.isPending}
      submitLabel="Refund"
      pendingLabel="Refunding…"
    >
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">How much</legend>
        <Form.Check
          type="radio"
          id="refund-full"
          name="refund-mode"
          label={`All that is left: ${formatMoney(left, payment.currency)} (ends the access it bought)`}
          checked={mode === 'full'}
          onChange={() => setMode('full')}
        />
        <Form.Check
          type="radio"
          id="refund-part"
          name="refund-mode"
          label="Part of it (access continues)"
          checked={mode === 'part'}
          onChange={() => setMode('part')}
        />
      </fieldset>
      {mode === 'part' && (
        <Form.Group controlId="refund-amount">
          <Form.Label>Amount to refund</Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text>{payment.currency.toUpperCase()}</InputGroup.Text>
            <Form.Control
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              isInvalid={invalid !== null}
              aria-invalid={invalid !== null ? true : undefined}
              aria-describedby={invalid ? 'refund-amount-error' : undefined}
            />
            <Form.Control.Feedback type="invalid" id="refund-amount-error">
              {invalid}
            </Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      )}
    </FormDialog>
  );
}
