import { Badge, Button, ListGroup, Spinner } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { usePayPending, usePendingPayments, useRenew, useSubscriptions } from '../api';
import { usePayInvoice } from '../invoices/api';
import { formatDate, formatMoney } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';
import { StateBadge } from './state-badge';

/** Profile Dashboard "Pending payment": what is due now (an amount, or None), with a way to pay it. */
export function PendingPayment() {
  const pending = usePendingPayments();
  const renew = useRenew();
  const payPending = usePayPending();
  const payInvoice = usePayInvoice();
  const { launch } = usePaymentLauncher();
  if (!pending.data) return <QueryState isPending={pending.isPending} error={pending.error} />;
  const { total, currency, items } = pending.data;
  const busy = renew.isPending || payPending.isPending || payInvoice.isPending;
  return (
    <>
      <p className="fs-5 mb-2">
        Pending payment:{' '}
        <span data-testid="pending-payment">{total === null ? 'None' : formatMoney(total, currency)}</span>
      </p>
      {items.map((item) => (
        <div
          key={`${item.kind}-${item.invoiceID ?? item.paymentID ?? item.requestID ?? item.productID ?? item.projectID}`}
          className="d-flex justify-content-between align-items-center gap-2 small mb-1"
        >
          <span>
            {item.description}: {formatMoney(item.amount, currency)}
          </span>
          {item.paymentLink ? (
            // A project is paid at the link its admin added, as its own Pay Now does.
            <a
              className="btn btn-sm btn-primary"
              href={item.paymentLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              Pay now
            </a>
          ) : (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => {
                const onSuccess = (reply: { paymentData?: Parameters<typeof launch>[0] }) =>
                  reply.paymentData && launch(reply.paymentData);
                if (item.invoiceID) payInvoice.mutate({ id: item.invoiceID }, { onSuccess: launch });
                else if (item.kind === 'renewal' && item.productID !== null)
                  renew.mutate(item.productID, { onSuccess });
                else if (item.requestID !== null)
                  payPending.mutate({ requestID: item.requestID }, { onSuccess });
                else if (item.paymentID !== null)
                  payPending.mutate({ paymentID: item.paymentID }, { onSuccess });
              }}
            >
              {busy && <Spinner size="sm" className="me-1" aria-hidden="true" />}Pay now
            </Button>
          )}
        </div>
      ))}
    </>
  );
}

/** Profile Dashboard: subscribed plans with the 'API Available' flag. */
export function SubscribedPlans() {
  const subscriptions = useSubscriptions();
  return (
    <section aria-labelledby="subscribed-plans-title" className="mt-4">
      <h3 id="subscribed-plans-title" className="h5">
        Subscribed plans
      </h3>
      <QueryState
        isPending={subscriptions.isPending}
        error={subscriptions.error}
        onRetry={() => subscriptions.refetch()}
      />
      {subscriptions.data?.length === 0 && (
        <p className="text-body-secondary">No plans yet. See the Products page.</p>
      )}
      <ListGroup>
        {subscriptions.data?.map((sub) => (
          <ListGroup.Item
            key={sub.id}
            className="d-flex flex-wrap justify-content-between align-items-center gap-2"
          >
            <span>
              <strong>{sub.product}</strong> — {sub.plan.name}{' '}
              {sub.period_end && (
                <span className="text-body-secondary small">renews {formatDate(sub.period_end)}</span>
              )}
            </span>
            <span className="d-flex gap-2">
              {sub.hasAPI && <Badge bg="info">API Available</Badge>}
              <StateBadge subscription={sub} />
            </span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
