import {
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  type SandboxPayRequest,
  ZSandboxPayRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { ComboboxField } from '../../../components/combobox-field';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { useCountries } from '../../../lib/countries';
import { useSandboxCancel, useSandboxPay, useSandboxSession } from '../api';
import { CardFields } from '../components/card-fields';
import { formatMoney } from '../money';
import { useTellOpener } from '../payment-window';

/**
 * The sandbox provider's hosted test-card page, opened in the payment popup. The server's sandbox
 * processor turns the card into a signed webhook; this page then shows the status it produced.
 */
export function SandboxCheckoutPage() {
  const [params] = useSearchParams();
  const paymentID = params.get('payment');
  const session = useSandboxSession(paymentID);
  const pay = useSandboxPay();
  const cancel = useSandboxCancel();
  const navigate = useNavigate();
  const form = useForm<SandboxPayRequest>({
    resolver: zodResolver(ZSandboxPayRequest),
    defaultValues: {
      paymentID: paymentID ?? '',
      cardNumber: '',
      expiry: '',
      cvc: '',
      firstName: '',
      lastName: '',
      country: '',
    },
  });
  const errors = form.formState.errors;
  // After a declined card the page offers another one; the same payment is paid with it.
  const [retrying, setRetrying] = useState(false);
  useTellOpener(session.data?.payment);
  const countries = useCountries();
  const countryOptions = useMemo(
    () => countries.data?.map((c) => ({ value: c.id, label: c.name })) ?? [],
    [countries.data],
  );

  if (!paymentID)
    return (
      <Alert variant="danger" className="m-4">
        This payment link is incomplete.
      </Alert>
    );
  const payment = session.data?.payment;
  const refusal = session.data?.refusal ?? null;

  return (
    <Container className="py-4" style={{ maxWidth: 560 }}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">Test payment</h1>
        {/* The sandbox never charges a card: said where the card number is typed. */}
        <Badge bg="warning" text="dark" data-testid="test-mode-mark">
          Test mode — no real charge
        </Badge>
      </div>
      <p className="text-body-secondary small">
        Sandbox checkout: no real money moves. Use card <code>{SANDBOX_TEST_CARD}</code> (any future expiry
        and CVC) to pay, or <code>{SANDBOX_DECLINED_CARD}</code> to see a declined card.
      </p>
      <p className="text-body-secondary small">
        Recurring plans keep the card for their renewals; <code>{SANDBOX_RENEWAL_DECLINED_CARD}</code> pays
        now and declines every renewal, to see the retries and reminders.
      </p>
      <QueryState isPending={session.isPending} error={session.error} onRetry={() => session.refetch()} />
      {payment && (
        <Card className="mb-3">
          <Card.Body>
            <p className="mb-1">{payment.description}</p>
            <p className="fs-4 fw-semibold mb-0" data-testid="checkout-amount">
              {formatMoney(payment.amount, payment.currency)}
            </p>
          </Card.Body>
        </Card>
      )}
      {payment && payment.status === 'failed' && !retrying ? (
        <Alert variant="danger" role="alert">
          <p className="mb-2">
            <strong>Your card was declined.</strong> No money was taken. You can pay with another card.
          </p>
          <Button
            variant="primary"
            onClick={() => {
              pay.reset();
              form.resetField('cardNumber');
              form.resetField('expiry');
              form.resetField('cvc');
              setRetrying(true);
            }}
          >
            Try another card
          </Button>
        </Alert>
      ) : payment && payment.status !== 'pending' && payment.status !== 'failed' ? (
        <Alert variant={payment.status === 'paid' ? 'success' : 'warning'}>
          This payment is {payment.status}.{' '}
          <Alert.Link href={`/payment-status?payment=${payment.id}`}>See its status</Alert.Link>
        </Alert>
      ) : payment && refusal ? (
        <Alert variant="warning" role="alert">
          {refusal}
        </Alert>
      ) : (
        payment && (
          <form
            noValidate
            aria-label="Card payment"
            onSubmit={form.handleSubmit((values) =>
              pay.mutate(values, {
                onSuccess: () => navigate(`/payment-status?payment=${paymentID}`),
                // Declined: the session refetches as failed and the page offers another card.
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 402) setRetrying(false);
                },
              }),
            )}
          >
            <FormErrorAlert error={pay.error} />
            <CardFields idPrefix="card" register={(name) => form.register(name)} errors={errors} />
            <TextField
              controlId="card-address"
              label="Address (optional)"
              autoComplete="street-address"
              registration={form.register('address')}
            />
            <Row>
              <Col>
                <TextField
                  controlId="card-city"
                  label="City (optional)"
                  autoComplete="address-level2"
                  registration={form.register('city')}
                />
              </Col>
              <Col>
                {/* Any text is taken; the list of countries suggests as you type. */}
                <Controller
                  control={form.control}
                  name="country"
                  render={({ field }) => (
                    <ComboboxField
                      controlId="card-country"
                      label="Country (optional)"
                      className="mb-3"
                      options={countryOptions}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      freeText
                      autoComplete="country-name"
                    />
                  )}
                />
              </Col>
            </Row>
            <TextField
              controlId="card-phone"
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              registration={form.register('phone')}
            />
            <div className="d-flex gap-2">
              <SubmitButton pending={pay.isPending} pendingLabel="Paying…">
                Pay {formatMoney(payment.amount, payment.currency)}
              </SubmitButton>
              <Button
                variant="outline-secondary"
                disabled={cancel.isPending || pay.isPending}
                onClick={() =>
                  cancel.mutate(paymentID, {
                    onSettled: () => navigate(`/payment-canceled?payment=${paymentID}`),
                  })
                }
              >
                Cancel
              </Button>
            </div>
          </form>
        )
      )}
    </Container>
  );
}
