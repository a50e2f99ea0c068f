import { PAYMENT_CANCELED_MESSAGE, type PaymentSummary } from '@app/contract';
import { Alert, Badge, Button, Card, Container } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { usePaymentStatus } from '../api';
import { formatDate, formatMoney } from '../money';
import { useTellOpener } from '../payment-window';

const VARIANT = {
  paid: 'success',
  pending: 'warning',
  canceled: 'secondary',
  failed: 'danger',
  refunded: 'secondary',
} as const;

/** In the payment popup, a way back; in a full tab, the profile. */
function Done() {
  if (window.opener) {
    return (
      <Button variant="outline-primary" onClick={() => window.close()}>
        Close this window
      </Button>
    );
  }
  return <LinkButton to="/profile?tab=subscriptions">Go to my subscriptions</LinkButton>;
}

/**
 * /payment-status (docs/product-contract.md §Routes: 'Payment Status:'), with the payment's real state
 * as the server's webhook left it (polled while pending): the browser's return here grants nothing by
 * itself.
 */
export function PaymentStatusPage() {
  const [params] = useSearchParams();
  const payment = usePaymentStatus(params.get('payment'));
  const data = payment.data;
  // In the popup: the window that opened it shows the result at once.
  useTellOpener(params.get('payment') ? data : null);
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3">
        Payment Status:{' '}
        {data && (
          <Badge bg={VARIANT[data.status]} data-testid="payment-status">
            {data.status}
          </Badge>
        )}
      </h1>
      <QueryState isPending={payment.isPending} error={payment.error} onRetry={() => payment.refetch()} />
      {payment.isSuccess && !data && <Alert variant="info">You have not made any payment yet.</Alert>}
      {data && (
        <Card className="my-3">
          <Card.Body>
            <p className="mb-1">{data.description}</p>
            <p className="fs-4 fw-semibold">{formatMoney(data.amount, data.currency)}</p>
            <p className="mb-1" role="status">
              {data.status === 'pending'
                ? 'Waiting for the payment provider to confirm…'
                : data.status_message}
            </p>
            <p className="small text-body-secondary mb-0">
              Started {formatDate(data.created_at)}
              {data.paid_at && ` · paid ${formatDate(data.paid_at)}`}
            </p>
          </Card.Body>
        </Card>
      )}
      <Done />
    </Container>
  );
}

/** What /payment-canceled says about a payment that was not cancelled. */
function NotCanceled({ payment }: { payment: PaymentSummary }) {
  const text = {
    paid: 'This payment was not canceled: it is paid.',
    refunded: 'This payment was not canceled: it was paid, then refunded.',
    failed: 'This payment did not go through: the card was declined. Nothing was charged.',
  }[payment.status as 'paid' | 'refunded' | 'failed'];
  return (
    <>
      <h1 className="h3">Payment not canceled</h1>
      <Alert variant={payment.status === 'failed' ? 'warning' : 'info'} role="status">
        {text}{' '}
        <Alert.Link href={`/payment-status?payment=${encodeURIComponent(payment.id)}`}>
          See its status
        </Alert.Link>
      </Alert>
    </>
  );
}

/** The spec's page: 'Payment Canceled!', and what the cancelled payment was for when it is known. */
function Canceled({ description }: { description?: string | undefined }) {
  return (
    <>
      <h1 className="h3">{PAYMENT_CANCELED_MESSAGE}</h1>
      <p>Nothing was charged. You can choose a plan again whenever you are ready.</p>
      {description && <p className="text-body-secondary">{description}</p>}
    </>
  );
}

/**
 * /payment-canceled (docs/product-contract.md §Routes): 'Payment Canceled!'. Opened without a payment
 * (the spec's page, or a provider that returns here without naming it) it says just that. With
 * `?payment=` it adds what the payment was for when it was cancelled (or left unpaid at the provider's
 * page), and for one that was paid or declined it says so plainly instead of showing a plan that was in
 * fact bought.
 */
export function PaymentCanceledPage() {
  const [params] = useSearchParams();
  const paymentID = params.get('payment');
  const payment = usePaymentStatus(paymentID, false);
  const data = paymentID ? payment.data : null;
  useTellOpener(data);
  if (!paymentID) {
    return (
      <Container className="py-5" style={{ maxWidth: 640 }}>
        <Canceled />
        <Done />
      </Container>
    );
  }
  const canceled = data && (data.status === 'canceled' || data.status === 'pending');
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <QueryState isPending={payment.isPending} error={payment.error} onRetry={() => payment.refetch()} />
      {data && !canceled && <NotCanceled payment={data} />}
      {canceled && <Canceled description={data.description} />}
      <Done />
    </Container>
  );
}
