import type { PaymentData } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/providers/toast-context';
import { BILLING_KEY, usePaymentStatus } from './api';
import { formatMoney } from './money';
import { usePaymentWindowMessages } from './payment-window';

/**
 * Opens the provider's checkout in a popup (spec §7: the activation reply asks for a provider popup)
 * and follows the payment on the server until its webhook settles it. The popup's word proves
 * nothing: when it says the payment settled (postMessage, payment-window.ts), this window asks the
 * server at once instead of at its next poll, then shows the result and refreshes the plan views.
 * A declined card is not the end: the popup offers another card, so this window keeps following the
 * payment. A blocked popup falls back to the same tab.
 */
export function usePaymentLauncher() {
  const [watching, setWatching] = useState<string | null>(null);
  const status = usePaymentStatus(watching);
  const toast = useToast();
  const client = useQueryClient();
  const announced = useRef<string | null>(null);
  const popupRef = useRef<Window | null>(null);

  usePaymentWindowMessages((message) => {
    if (message.paymentID !== watching) return;
    void client.invalidateQueries({ queryKey: [...BILLING_KEY, 'payment', message.paymentID] });
  });

  useEffect(() => {
    const payment = status.data;
    if (!watching || !payment || payment.id !== watching || payment.status === 'pending') return;
    const key = `${payment.id}:${payment.status}`;
    if (announced.current === key) return;
    announced.current = key;
    // Spec §4: payment events are logged to the console.
    console.info('payment event', { id: payment.id, status: payment.status, amount: payment.amount });
    if (payment.status === 'paid') {
      toast.show({ message: `Payment received: ${payment.description}`, variant: 'success' });
    } else if (payment.status === 'failed' && popupRef.current && !popupRef.current.closed) {
      toast.show({
        message: 'The card was declined. You can try another card in the payment window.',
        variant: 'danger',
      });
      // Still followed: paying with another card settles the same payment.
      return;
    } else {
      toast.show({ message: `Payment ${payment.status}: ${payment.status_message}`, variant: 'danger' });
    }
    setWatching(null);
    popupRef.current = null;
    void client.invalidateQueries({ queryKey: BILLING_KEY });
    void client.invalidateQueries({ queryKey: ['key-manager'] });
  }, [status.data, watching, toast, client]);

  // The popup closed without a settled payment: stop waiting (the Dashboard keeps it as pending).
  useEffect(() => {
    if (!watching) return;
    const timer = window.setInterval(() => {
      if (popupRef.current && !popupRef.current.closed) return;
      window.clearInterval(timer);
      const key = [...BILLING_KEY, 'payment', watching];
      void client.invalidateQueries({ queryKey: key }).then(() => {
        // A payment that settled meanwhile is announced by the effect above; an unpaid one stops here.
        const reply = client.getQueryData<{ payment: { status: string } | null }>(key);
        const open = reply?.payment?.status;
        if (open === 'pending' || open === 'failed')
          setWatching((current) => (current === watching ? null : current));
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [watching, client]);

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
    popupRef.current = popup;
    announced.current = null;
    setWatching(data.paymentID);
  }

  const declined = status.data?.id === watching && status.data?.status === 'failed';
  return { launch, waiting: watching !== null && !declined };
}
