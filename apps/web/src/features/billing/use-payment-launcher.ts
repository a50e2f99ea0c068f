import type { PaymentData } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { formatMoney } from './money';
import { paymentWatcher } from './payment-watcher';

/**
 * Opens the provider's checkout in a popup (docs/product-contract.md §Calls: the activation reply asks
 * for a provider popup). The payment is then followed by `paymentWatcher` until its webhook settles it:
 * when the popup says so, this window shows the confirmation and the new plan at once. A blocked popup
 * falls back to the same tab.
 */
export function usePaymentLauncher() {
  const toast = useToast();
  const client = useQueryClient();
  const waiting = useSyncExternalStore(paymentWatcher.subscribe, paymentWatcher.isWaiting);

  function launch(data: PaymentData) {
    console.info('payment event', {
      id: data.paymentID,
      status: 'started',
      amount: formatMoney(data.amount, data.currency),
    });
    const popup = window.open(data.url, 'payment', 'popup,width=520,height=760');
    if (!popup) {
      window.location.assign(data.url);
      return;
    }
    paymentWatcher.watch(data.paymentID, popup, toast, client);
  }

  return { launch, waiting };
}
