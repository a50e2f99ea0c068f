import { type PaymentDetailsRequest, PROJECT_PATHS } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useProjectAction } from './api';

interface Current {
  totalPayment: number | null;
  recurringPayment: number | null;
  term: string | null;
  paymentInformation: string | null;
}

const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value) * 100));
const toDollars = (cents: number | null) => (cents === null ? '' : String(cents / 100));

/** Payment boxes the client sees: total, recurring amount, term and free-text information. */
export function PaymentDetailsForm({ projectId, current }: { projectId: string; current: Current }) {
  const mutation = useProjectAction<PaymentDetailsRequest>(PROJECT_PATHS.adminPaymentDetails);
  const [total, setTotal] = useState(toDollars(current.totalPayment));
  const [recurring, setRecurring] = useState(toDollars(current.recurringPayment));
  const [term, setTerm] = useState(current.term ?? '');
  const [info, setInfo] = useState(current.paymentInformation ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const totalPayment = toCents(total);
    const recurringPayment = toCents(recurring);
    const bad = [totalPayment, recurringPayment].some((v) => v !== null && (!Number.isFinite(v) || v < 0));
    setInvalid(bad ? 'Amounts must be positive numbers of dollars.' : null);
    if (bad) return;
    mutation.mutate({
      projectID: projectId,
      totalPayment,
      recurringPayment,
      term: term === 'm' || term === 'y' ? term : null,
      paymentInformation: info.trim() || null,
    });
  };
  const id = (name: string) => `${name}-${projectId}`;
  return (
    <Form noValidate onSubmit={submit} aria-label="Payment details">
      <FormErrorAlert error={mutation.error} />
      <Row xs={1} sm={3} className="g-2 mb-2">
        <Col>
          <Form.Group controlId={id('total')}>
            <Form.Label className="small">Total ($)</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step="0.01"
              value={total}
              onChange={(e) => setTotal(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId={id('recurring')}>
            <Form.Label className="small">Recurring ($)</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step="0.01"
              value={recurring}
              onChange={(e) => setRecurring(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId={id('term')}>
            <Form.Label className="small">Term</Form.Label>
            <Form.Select value={term} onChange={(e) => setTerm(e.target.value)}>
              <option value="">None</option>
              <option value="m">Monthly</option>
              <option value="y">Yearly</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Form.Group controlId={id('info')} className="mb-2">
        <Form.Label className="small">Payment information</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={2000}
          value={info}
          onChange={(e) => setInfo(e.target.value)}
        />
      </Form.Group>
      {invalid && (
        <p className="text-danger small" role="alert">
          {invalid}
        </p>
      )}
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        Save payment details
      </SubmitButton>
    </Form>
  );
}
