import {
  type AdminPayment,
  BILLING_PATHS,
  REFUND_PATHS,
  type ReceiptsGetResponse,
  type SubscriptionsGetResponse,
} from '@app/contract';
import type { TestAccount } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import type { billingKit } from './billing-kit.test.js';

/** What the refund helpers act through; a file's `beforeAll` makes them, so they are read at each call. */
export interface RefundTestBed {
  server: TestServer;
  kit: ReturnType<typeof billingKit>;
  admin: TestAccount;
}

/**
 * What the refund tests share, whichever provider took the payment (sandbox or Stripe): a developer's
 * Pro checkout to pay, the admin's refund call, and what the client sees afterwards.
 */
export function refundKit(bed: () => RefundTestBed) {
  /** A developer without a plan who has started a Pro checkout: the caller pays it its provider's way. */
  async function proCheckout() {
    const { server, kit } = bed();
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
    return { dev, pro, paymentID };
  }

  /** The admin's refund form: the whole rest without `amount`; `refundedBefore` is what the form showed. */
  const refund = (paymentID: string, amount?: number, refundedBefore?: number) =>
    bed().kit.request<{ message: string; payment: AdminPayment }>(REFUND_PATHS.adminRefund, {
      body: { paymentID, amount, refundedBefore },
      token: bed().admin.access,
    });

  /** The payment as the admin's list shows it (ledger: what was refunded). */
  async function paymentOf(email: string, paymentID: string): Promise<AdminPayment> {
    const response = await bed().kit.request<{ payments: AdminPayment[] }>(
      `${REFUND_PATHS.adminPaymentsGet}?email=${encodeURIComponent(email)}`,
      { token: bed().admin.access },
    );
    const payment = response.body.payments.find((entry) => entry.id === paymentID);
    if (!payment) throw new Error(`payment ${paymentID} is not in the admin's list`);
    return payment;
  }

  async function receiptOf(token: string) {
    const response = await bed().kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token });
    return response.body.receipts[0];
  }

  async function subscriptionOf(token: string) {
    const response = await bed().kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
      body: {},
      token,
    });
    return response.body.subscriptions[0] ?? null;
  }

  const refundMails = async (email: string) =>
    (await mailsTo(bed().server, email)).filter((mail) => /^(Partial refund|Refund) of/.test(mail.subject));

  return { proCheckout, refund, paymentOf, receiptOf, subscriptionOf, refundMails };
}
