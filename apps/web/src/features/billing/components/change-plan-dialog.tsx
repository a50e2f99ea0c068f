import type { Subscription, UpgradeQuoteResponse } from '@app/contract';
import { useId, useState } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { usePlans } from '../../../lib/plans-api';
import { useActivatePlanWithPayment, useUpgradeQuote } from '../api';
import { formatDate, formatMoney, planPrice } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';

/**
 * The quote in words, its amount in the site's money format (the reply's own `explanation` is for API
 * callers, with the amount as "20.00 USD").
 */
function quoteExplanation(quote: UpgradeQuoteResponse): string {
  const amount = formatMoney(quote.amount, quote.currency);
  const until = quote.period_end ? ` The plan then runs until ${formatDate(quote.period_end)}.` : '';
  return quote.needsApproval
    ? `An admin reviews plan changes. The difference, prorated to the remaining period, is ${amount} today (final at approval).${until}`
    : `You pay ${amount}.${until}`;
}

/** Change plan: pick a plan, see the prorated difference before confirming, then ask (isUpgrade). */
export function ChangePlanDialog({
  subscription,
  onHide,
}: {
  subscription: Subscription;
  onHide: () => void;
}) {
  const plans = usePlans(subscription.productID);
  const [planID, setPlanID] = useState<number | null>(null);
  const quote = useUpgradeQuote(subscription.productID, planID);
  const activate = useActivatePlanWithPayment();
  const { launch } = usePaymentLauncher();
  const toast = useToast();
  const groupId = useId();
  const choices = plans.data?.plans.filter((plan) => plan.id !== subscription.subscribedPlanID) ?? [];
  const submitLabel = quote.data?.needsApproval === false ? 'Confirm and pay' : 'Ask for this plan';

  const submit = () => {
    if (planID === null) return;
    activate.mutate(
      { productID: subscription.productID, planID, isUpgrade: true },
      {
        onSuccess: (reply) => {
          if (reply.launchPayment && reply.paymentData) launch(reply.paymentData);
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
      },
    );
  };

  return (
    <FormDialog
      onHide={onHide}
      title={`Change ${subscription.product} plan`}
      onSubmit={submit}
      intro={plans.isPending && <Spinner size="sm" aria-label="Loading plans" />}
      error={plans.error ?? activate.error}
      pending={activate.isPending}
      submitDisabled={planID === null}
      submitLabel={submitLabel}
      cancelLabel="Close"
    >
      <Form.Group>
        <Form.Label as="legend" className="fs-6">
          Current plan: {subscription.plan.name}. Choose a new plan:
        </Form.Label>
        {choices.map((plan) => (
          <Form.Check
            key={plan.id}
            type="radio"
            id={`${groupId}-${plan.id}`}
            name={`${groupId}-plan`}
            label={`${plan.name} — ${planPrice(plan)}`}
            checked={planID === plan.id}
            onChange={() => setPlanID(plan.id)}
          />
        ))}
      </Form.Group>
      {quote.isFetching && <Spinner size="sm" className="mt-3" aria-label="Calculating the difference" />}
      {quote.data && (
        <Alert variant="info" className="mt-3 mb-0" data-testid="upgrade-quote">
          {quoteExplanation(quote.data)}
        </Alert>
      )}
    </FormDialog>
  );
}
