import { type PaymentSummary, ZPaymentStatus } from '@app/contract';
import { useEffect, useRef } from 'react';
import { z } from 'zod';

/**
 * The payment popup and the window that opened it (decision 022). Both are on this site's origin
 * (the sandbox's card page, and Stripe's return to /payment-status or /payment-canceled), so the
 * popup tells its opener with `postMessage` aimed at this origin only, and the opener accepts only
 * messages from this origin that have this shape. The message is a nudge, not a proof: the opener
 * then asks the server what the payment's webhook did, as it always has.
 */
const MESSAGE_TYPE = 'payment-window:status';

const ZPaymentWindowMessage = z.object({
  type: z.literal(MESSAGE_TYPE),
  paymentID: z.string().min(1).max(64),
  status: ZPaymentStatus,
});
export type PaymentWindowMessage = z.infer<typeof ZPaymentWindowMessage>;

/** In the popup: tells the opener (if any, and only on this origin) what became of the payment. */
export function tellOpener(payment: Pick<PaymentSummary, 'id' | 'status'>): void {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return;
  const message: PaymentWindowMessage = { type: MESSAGE_TYPE, paymentID: payment.id, status: payment.status };
  try {
    opener.postMessage(message, window.location.origin);
  } catch {
    // The opener navigated elsewhere: it follows the payment on the server anyway.
  }
}

/** In the popup: tells the opener once per settled status (paid, failed, canceled, refunded). */
export function useTellOpener(payment: Pick<PaymentSummary, 'id' | 'status'> | null | undefined): void {
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!payment || payment.status === 'pending') return;
    const key = `${payment.id}:${payment.status}`;
    if (told.current === key) return;
    told.current = key;
    tellOpener(payment);
  }, [payment]);
}

/** In the opener: calls `onMessage` for each well-formed message from this origin; returns the stop. */
export function listenToPaymentWindows(onMessage: (message: PaymentWindowMessage) => void): () => void {
  function receive(event: MessageEvent) {
    if (event.origin !== window.location.origin) return;
    const parsed = ZPaymentWindowMessage.safeParse(event.data);
    if (parsed.success) onMessage(parsed.data);
  }
  window.addEventListener('message', receive);
  return () => window.removeEventListener('message', receive);
}
