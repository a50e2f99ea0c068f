import { PROVIDER_SWITCHED_MESSAGE, TEST_PAYMENTS_OFF_MESSAGE } from '@app/contract';
import { type AppError, conflict, forbidden } from '../../platform/http/errors.js';
import type { PaymentProvider } from './providers/provider.js';

/**
 * Who may complete a payment, decided in one place: only the provider that created it, and only
 * while that provider is the one taking payments (switching to Stripe leaves older sandbox
 * checkouts unpayable); sandbox payments only while test payments are allowed (runtime-mode.ts).
 */
export class CompletionPolicy {
  constructor(
    readonly active: PaymentProvider['name'],
    readonly testPayments: boolean,
  ) {}

  /** Null when a payment created by `provider` may be paid now, else the 4xx to answer. */
  refusal(provider: string): AppError | null {
    if (provider !== this.active) return conflict(PROVIDER_SWITCHED_MESSAGE);
    if (provider === 'sandbox' && !this.testPayments) return forbidden(TEST_PAYMENTS_OFF_MESSAGE);
    return null;
  }
}
