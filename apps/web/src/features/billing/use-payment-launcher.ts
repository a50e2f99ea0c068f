import type { PaymentData } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/providers/toast-context';
import { BILLING_KEY, usePaymentStatus } from './api';
import { formatMoney } from './money';

/**
 * Opens the provider's checkout in a popup (spec §7: the activation reply asks for a provider popup)
 * and follows the payment on the server until its webhook settles it. The popup's own return proves
 * nothing; only the status the server reports is shown. A blocked popup falls back to the same tab.
 */
export function usePaymentLauncher() {
  const [watching, setWatching] = useState<string | null>(null);
  const status = usePaymentStatus(watching);
  const toast = useToast();
  const client = useQueryClient();
  const announced = useRef<string | null>(null);

  useEffect(() => {
    const payment = status.data;
    if (!watching || !payment || payment.id !== watching || payment.status === 'pending') return;
    if (announced.current === payment.id) return;
    announced.current = payment.id;
    // Spec §4: payment events are logged to the console.
    console.info('payment event', { id: payment.id, status: payment.status, amount: payment.amount });
    toast.show(
      payment.status === 'paid'
        ? { message: `Payment received: ${payment.description}`, variant: 'success' }
        : { message: `Payment ${payment.status}: ${payment.status_message}`, variant: 'danger' },
    );
    setWatching(null);
    void client.invalidateQueries({ queryKey: BILLING_KEY });
    void client.invalidateQueries({ queryKey: ['key-manager'] });
  }, [status.data, watching, toast, client]);

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
    announced.current = null;
    setWatching(data.paymentID);
  }

  return { launch, waiting: watching !== null };
}
