import {
  BILLING_PATHS,
  type PaymentSummary,
  type ReceiptsGetResponse,
  SANDBOX_TEST_CARD,
  type Subscription,
  type SubscriptionsGetResponse,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';
import { BILLING_RENEWALS_JOB } from './renewal-sweep.js';

/**
 * A period is paid once (decision 021): renewal checkouts opened side by side, or one left open while
 * the saved card renews, can all be paid, but only the first adds the period; any other is refunded in
 * full by the job queue, and the plan it would have renewed is left as it is.
 */
let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let startedAt: Date;

beforeAll(async () => {
  // The renewal sweep charges every due subscription in its database: a database of its own.
  server = await startTestServer({
    env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, JOBS_POLL_SECONDS: '0.5' },
    isolatedDatabase: true,
    poolSize: 10,
  });
  kit = billingKit(server);
  startedAt = server.clock.now();
});
afterAll(async () => server?.close());
afterEach(() => server.clock.set(startedAt));

async function subscriptionOf(token: string): Promise<Subscription | undefined> {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  return response.body.subscriptions[0];
}

async function paymentOf(token: string, paymentID: string): Promise<PaymentSummary> {
  const response = await kit.request<{ payment: PaymentSummary }>(BILLING_PATHS.paymentStatus, {
    body: { paymentID },
    token,
  });
  return response.body.payment;
}

/** The "Renew" button: a checkout for the next period. */
async function renewCheckout(token: string, productID: number): Promise<string> {
  const response = await kit.request<{ paymentData: { paymentID: string } }>(BILLING_PATHS.renew, {
    body: { productID },
    token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.paymentData.paymentID;
}

const oneMonthAfter = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
};

async function runRenewals(): Promise<void> {
  const id = await server.deps.jobs.enqueue(BILLING_RENEWALS_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(BILLING_RENEWALS_JOB, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`renewals failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

/** A client on Key Manager Pro, paid with the sandbox's test card (saved for renewals). */
async function proClient() {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
  expect((await kit.pay(dev.token, checkout.paymentID)).status).toBe(200);
  const subscription = await subscriptionOf(dev.token);
  if (!subscription?.period_end) throw new Error('no paid period');
  return { dev, pro, periodEnd: new Date(subscription.period_end) };
}

const refundMails = async (email: string) =>
  (await mailsTo(server, email)).filter((mail) => mail.subject.startsWith('Refund of'));

describe('a period is paid once', () => {
  it('two renewal checkouts opened side by side and paid at the same moment: one period, the other refunded', async () => {
    const { dev, pro, periodEnd } = await proClient();
    const first = await renewCheckout(dev.token, dev.productId);
    const second = await renewCheckout(dev.token, dev.productId);
    const paid = await Promise.all([kit.pay(dev.token, first), kit.pay(dev.token, second)]);
    expect(paid.map((answer) => answer.status)).toEqual([200, 200]);

    expect((await subscriptionOf(dev.token))?.period_end).toBe(oneMonthAfter(periodEnd));
    const refunded = await eventually(async () => {
      const payments = await Promise.all([paymentOf(dev.token, first), paymentOf(dev.token, second)]);
      return payments.some((payment) => payment.status === 'refunded') && payments;
    });
    expect(refunded.map((payment) => payment.status).sort()).toEqual(['paid', 'refunded']);
    // The refund ends nothing: the plan keeps the one period that was paid.
    expect(await subscriptionOf(dev.token)).toMatchObject({
      state: 'active',
      period_end: oneMonthAfter(periodEnd),
    });
    const receipts = await kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token: dev.token });
    expect(receipts.body.receipts.map((receipt) => receipt.status).sort()).toEqual([
      'paid',
      'paid',
      'refunded',
    ]);
    const mails = await refundMails(dev.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`$${(pro.price / 100).toFixed(2)}`);
  });

  it('a hand renewal left open while the saved card renewed the period is refunded when paid', async () => {
    const { dev, periodEnd } = await proClient();
    server.clock.set(new Date(periodEnd.getTime() + 60_000));
    const token = await kit.signIn(dev.email);
    const byHand = await renewCheckout(token, dev.productId);
    await runRenewals();
    expect((await subscriptionOf(token))?.period_end).toBe(oneMonthAfter(periodEnd));

    expect((await kit.pay(token, byHand, SANDBOX_TEST_CARD)).status).toBe(200);
    expect((await subscriptionOf(token))?.period_end).toBe(oneMonthAfter(periodEnd));
    await eventually(async () => (await paymentOf(token, byHand)).status === 'refunded');
    expect(await subscriptionOf(token)).toMatchObject({
      state: 'active',
      period_end: oneMonthAfter(periodEnd),
    });
    expect(await refundMails(dev.email)).toHaveLength(1);
  });

  it('renewals paid one after the other, each opened after the last was paid, each add a period', async () => {
    const { dev, periodEnd } = await proClient();
    await kit.pay(dev.token, await renewCheckout(dev.token, dev.productId));
    await kit.pay(dev.token, await renewCheckout(dev.token, dev.productId));
    expect((await subscriptionOf(dev.token))?.period_end).toBe(
      oneMonthAfter(new Date(oneMonthAfter(periodEnd))),
    );
    expect(await refundMails(dev.email)).toHaveLength(0);
  });
});
