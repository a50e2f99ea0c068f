import { BILLING_PATHS, type PaymentSummary, ZPaymentStatusResponse } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ToastApi } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api-client';
import { BILLING_KEY } from './api';
import { listenToPaymentWindows } from './payment-window';

interface Watched {
  popup: Window | null;
  /** `${status}` last announced, so each outcome is shown once. */
  announced: string | null;
  declined: boolean;
}

/** Fallback when no message comes (a popup on the provider's site): the server is asked this often. */
const POLL_MS = 2000;

/**
 * Follows the payments this window opened a popup for, whichever component opened it: the view
 * that launched a checkout may be replaced (the plan offer becomes the plan) before the payment
 * settles, and the confirmation must still be shown. A popup's message (payment-window.ts) makes
 * it ask the server at once; otherwise it asks every 2 s, and stops when the popup closes on an
 * unpaid payment. Only the server's answer is shown: the message is a nudge, not a proof.
 */
class PaymentWatcher {
  private readonly watched = new Map<string, Watched>();
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | null = null;
  private timer: number | null = null;
  private toast: ToastApi | null = null;
  private client: QueryClient | null = null;
  private waitingSnapshot = false;

  watch(paymentID: string, popup: Window | null, toast: ToastApi, client: QueryClient): void {
    this.toast = toast;
    this.client = client;
    this.watched.set(paymentID, { popup, announced: null, declined: false });
    this.stopListening ??= listenToPaymentWindows((message) => void this.check(message.paymentID));
    this.timer ??= window.setInterval(() => this.tick(), POLL_MS);
    this.changed();
  }

  /** For useSyncExternalStore: whether a payment is still awaited (not declined, popup open). */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly isWaiting = () => this.waitingSnapshot;

  private changed() {
    this.waitingSnapshot = [...this.watched.values()].some((entry) => !entry.declined);
    for (const listener of this.listeners) listener();
    if (this.watched.size === 0) {
      this.stopListening?.();
      this.stopListening = null;
      if (this.timer !== null) window.clearInterval(this.timer);
      this.timer = null;
    }
  }

  private tick() {
    for (const id of this.watched.keys()) void this.check(id);
  }

  private async check(paymentID: string): Promise<void> {
    const entry = this.watched.get(paymentID);
    if (!entry) return;
    let payment: PaymentSummary | null;
    try {
      payment = (
        await apiRequest(BILLING_PATHS.paymentStatus, { body: { paymentID }, schema: ZPaymentStatusResponse })
      ).payment;
    } catch {
      return; // asked again at the next tick
    }
    // Another check (a message and a tick at once) may have settled it while this one waited.
    if (this.watched.get(paymentID) !== entry) return;
    const popupOpen = entry.popup !== null && !entry.popup.closed;
    if (!payment || payment.status === 'pending') {
      if (!popupOpen) this.finish(paymentID);
      return;
    }
    if (payment.status === 'failed' && popupOpen) {
      // The popup offers another card: the same payment may still be paid.
      if (entry.announced !== 'failed') {
        entry.announced = 'failed';
        entry.declined = true;
        this.changed();
        this.toast?.show({
          message: 'The card was declined. You can try another card in the payment window.',
          variant: 'danger',
        });
      }
      return;
    }
    if (entry.announced !== payment.status) {
      // docs/product-contract.md §States: payment events are logged to the console.
      console.info('payment event', { id: payment.id, status: payment.status, amount: payment.amount });
      this.toast?.show(
        payment.status === 'paid'
          ? { message: `Payment received: ${payment.description}`, variant: 'success' }
          : { message: `Payment ${payment.status}: ${payment.status_message}`, variant: 'danger' },
      );
    }
    this.finish(paymentID);
  }

  private finish(paymentID: string) {
    if (!this.watched.delete(paymentID)) return;
    this.changed();
    void this.client?.invalidateQueries({ queryKey: BILLING_KEY });
    void this.client?.invalidateQueries({ queryKey: ['key-manager'] });
  }
}

export const paymentWatcher = new PaymentWatcher();
