import type { Subscription } from '@app/contract';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useToast } from '../../../components/toast/toast-context';
import { formatDate } from '../money';
import { useBillingPortal, useCancelAtPeriodEnd, useResumeSubscription } from '../renewals-api';
import { UpdateCardDialog } from './update-card-dialog';

/** Paid by the period and not on hold: the card has a renewal panel. */
function hasRenewalPanel(sub: Subscription): boolean {
  return sub.plan.is_recurring && !sub.plan.is_free && sub.period_end !== null && !sub.on_hold;
}

/**
 * Whether the panel says when the period ends (canceled, or renewing automatically), so the card
 * does not say it a second time.
 */
export function renewalPanelStatesPeriodEnd(sub: Subscription): boolean {
  const renewal = sub.renewal;
  return (
    hasRenewalPanel(sub) &&
    (renewal.cancel_at_period_end || (renewal.status !== 'past_due' && renewal.automatic))
  );
}

/**
 * How a subscription renews (decision 021), in its Subscriptions-tab card: the saved card, the
 * past-due notice while a failed renewal is retried, cancel at period end / resume, and the way to
 * update the card (the sandbox's form, or Stripe's customer portal via "Manage billing").
 */
export function RenewalPanel({ sub }: { sub: Subscription }) {
  const renewal = sub.renewal;
  const cancel = useCancelAtPeriodEnd();
  const resume = useResumeSubscription();
  const portal = useBillingPortal();
  const toast = useToast();
  const [updatingCard, setUpdatingCard] = useState(false);
  if (!hasRenewalPanel(sub)) return null;
  const inPeriod = sub.state === 'active' && renewal.status !== 'past_due';
  const busy = cancel.isPending || resume.isPending || portal.isPending;

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (reply) => {
        if (!window.open(reply.url, '_blank', 'noopener')) window.location.assign(reply.url);
      },
    });

  return (
    <div className="mb-2" data-testid="renewal-panel">
      {renewal.cancel_at_period_end ? (
        <Alert variant="secondary" className="py-2 small mb-2">
          Canceled: the plan ends on <strong>{formatDate(sub.period_end)}</strong> and will not be charged
          again.
        </Alert>
      ) : renewal.status === 'past_due' ? (
        <Alert variant="warning" className="py-2 small mb-2" role="status">
          <strong>Past due:</strong> the renewal could not be charged
          {renewal.card ? ` to ${renewal.card}` : ''} ({renewal.failed_attempts}{' '}
          {renewal.failed_attempts === 1 ? 'attempt' : 'attempts'}).{' '}
          {renewal.next_attempt_at
            ? `We try again on ${formatDate(renewal.next_attempt_at)}.`
            : 'No more automatic tries.'}{' '}
          Update the card and the renewal is charged at once.
        </Alert>
      ) : renewal.automatic ? (
        <p className="small mb-2">
          Renews automatically on {formatDate(sub.period_end)}
          {renewal.card ? ` with ${renewal.card}` : renewal.provider === 'stripe' ? ' through Stripe' : ''}.
        </p>
      ) : null}
      <FormErrorAlert error={cancel.error ?? resume.error ?? portal.error} />
      <div className="d-flex flex-wrap gap-2">
        {renewal.provider === 'stripe' ? (
          <Button variant="outline-primary" size="sm" disabled={busy} onClick={openPortal}>
            {portal.isPending && <Spinner size="sm" className="me-1" aria-hidden="true" />}
            Manage billing
          </Button>
        ) : (
          <Button
            variant={renewal.status === 'past_due' ? 'warning' : 'outline-primary'}
            size="sm"
            onClick={() => setUpdatingCard(true)}
          >
            {renewal.card ? 'Update card' : 'Save a card for renewals'}
          </Button>
        )}
        {inPeriod && !renewal.cancel_at_period_end && (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={busy}
            onClick={() =>
              cancel.mutate(sub.id, {
                onSuccess: (reply) => toast.show({ message: reply.message, variant: 'success' }),
              })
            }
          >
            Cancel at period end
          </Button>
        )}
        {inPeriod && renewal.cancel_at_period_end && (
          <Button
            variant="outline-success"
            size="sm"
            disabled={busy}
            onClick={() =>
              resume.mutate(sub.id, {
                onSuccess: (reply) => toast.show({ message: reply.message, variant: 'success' }),
              })
            }
          >
            Resume
          </Button>
        )}
      </div>
      {updatingCard && <UpdateCardDialog subscription={sub} onHide={() => setUpdatingCard(false)} />}
    </div>
  );
}
