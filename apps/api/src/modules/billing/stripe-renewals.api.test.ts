import {
  BILLING_PATHS,
  NO_BILLING_ACCOUNT_MESSAGE,
  RENEWAL_PATHS,
  type ReceiptsGetResponse,
  type Subscription,
  type SubscriptionsGetResponse,
} from '@app/contract';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { RENEWS_ITSELF_MESSAGE } from './activation.js';
import { billingKit, DAY, SANDBOX_SECRET } from './billing-kit.test.js';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.test.js';

/**
 * Stripe renews recurring plans itself (decision 021): Checkout in subscription mode, then
 * `invoice.paid` / `invoice.payment_failed` / `customer.subscription.*` webhooks change our state,
 * each once however often it is delivered. Stripe's API is a local stand-in (stripe-stand-in.test.ts).
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_renewals_stand_in';
let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let standIn: StripeStandIn;
let startedAt: Date;
const stripe = new Stripe('sk_test_standin');

beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      JOBS_POLL_SECONDS: '0.5',
    },
  });
  kit = billingKit(server);
  startedAt = server.clock.now();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});
afterEach(() => server.clock.set(startedAt));

function sendEvent(id: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(server.clock.now().getTime() / 1000),
  });
  return kit.request<{ received: boolean; duplicate: boolean }>(BILLING_PATHS.stripeWebhook, {
    body: payload,
    headers: { 'stripe-signature': header },
  });
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** Stripe's times are whole seconds. */
const seconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** An invoice of a subscription, in the current API's shape (the subscription under `parent`). */
function invoice(id: string, subscription: string, fields: Record<string, unknown>) {
  return {
    id,
    object: 'invoice',
    currency: 'usd',
    customer: 'cus_renewals',
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
    ...fields,
  };
}

async function subscriptionOf(token: string): Promise<Subscription | undefined> {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  return response.body.subscriptions[0];
}

async function receiptsOf(token: string) {
  return (await kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token })).body.receipts;
}

/** A client who bought Pro through a subscription-mode Checkout session. */
async function subscribedPro() {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
  const session = standIn.requests.at(-1);
  const subscriptionRef = `sub_${paymentID.replaceAll('-', '')}`;
  const completed = await sendEvent(`evt_done_${paymentID}`, 'checkout.session.completed', {
    id: `cs_${paymentID}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    amount_total: pro.price,
    currency: 'usd',
    client_reference_id: paymentID,
    metadata: { paymentId: paymentID },
    payment_intent: null,
    subscription: subscriptionRef,
    customer: `cus_${paymentID.slice(0, 8)}`,
    customer_details: { name: 'Grace Hopper', address: { city: 'Arlington', country: 'US' } },
  });
  expect(completed.body).toEqual({ received: true, duplicate: false });
  const subscription = await subscriptionOf(dev.token);
  if (!subscription?.period_end) throw new Error('no paid period');
  return {
    dev,
    pro,
    paymentID,
    session,
    subscriptionRef,
    subscription,
    periodEnd: new Date(subscription.period_end),
  };
}

describe('Stripe subscriptions', () => {
  it('a recurring plan opens Checkout in subscription mode; the completed session saves the subscription', async () => {
    const { dev, session, subscription, subscriptionRef, pro } = await subscribedPro();
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(session?.form.get('mode')).toBe('subscription');
    expect(session?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(session?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(pro.price));
    expect(session?.form.get('subscription_data[metadata][paymentId]')).toBeTruthy();
    expect(session?.form.has('payment_intent_data[metadata][paymentId]')).toBe(false);
    expect(subscription).toMatchObject({
      state: 'active',
      renewal: { automatic: true, provider: 'stripe', status: 'active', card: null },
    });
    // The subscription's first invoice is the checkout's: it grants nothing more.
    const first = await sendEvent(
      `evt_first_${subscription.id}`,
      'invoice.paid',
      invoice(`in_first_${subscription.id}`, subscriptionRef, {
        billing_reason: 'subscription_create',
        amount_paid: pro.price,
        payment_intent: `pi_first_${subscription.id}`,
      }),
    );
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(await receiptsOf(dev.token)).toHaveLength(1);
    expect((await subscriptionOf(dev.token))?.period_end).toBe(subscription.period_end);
    // Its PaymentIntent names the checkout's payment: a refund of it arrives as charge.refunded.
    const refund = await sendEvent(`evt_refund_first_${subscription.id}`, 'charge.refunded', {
      id: `ch_first_${subscription.id}`,
      object: 'charge',
      payment_intent: `pi_first_${subscription.id}`,
      amount: pro.price,
      amount_refunded: pro.price,
      refunded: true,
      currency: 'usd',
    });
    expect(refund.body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(dev.token)).toBeUndefined();
    // Its access ended here, so Stripe stops charging for it (a job cancels the Stripe subscription).
    await eventually(async () =>
      standIn.requests.some(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionRef}`,
      ),
    );
  });

  it('invoice.paid renews: the period follows Stripe, a receipt and its mail; a replay changes nothing', async () => {
    const { dev, pro, subscription, subscriptionRef, periodEnd } = await subscribedPro();
    const nextEnd = seconds(periodEnd.getTime() + 30 * DAY);
    server.clock.set(new Date(periodEnd.getTime() + 60_000));
    const token = await kit.signIn(dev.email);
    const paid = () =>
      sendEvent(
        `evt_cycle_${subscription.id}`,
        'invoice.paid',
        invoice(`in_cycle_${subscription.id}`, subscriptionRef, {
          billing_reason: 'subscription_cycle',
          amount_paid: pro.price,
          payments: {
            data: [{ payment: { type: 'payment_intent', payment_intent: `pi_cycle_${subscription.id}` } }],
          },
          lines: { data: [{ period: { start: unix(periodEnd), end: unix(nextEnd) } }] },
        }),
      );
    expect((await paid()).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(token)).toMatchObject({ state: 'active', period_end: nextEnd.toISOString() });
    const receipts = await receiptsOf(token);
    expect(receipts).toHaveLength(2);
    expect(receipts[0]).toMatchObject({ amount: pro.price, method: 'Card (Stripe)', status: 'paid' });
    expect(receipts[0]?.items[0]).toMatch(/renewal$/);
    expect((await paid()).body).toEqual({ received: true, duplicate: true });
    expect(await receiptsOf(token)).toHaveLength(2);
    const mails = (await mailsTo(server, dev.email)).filter((mail) =>
      mail.subject.startsWith('Receipt for your payment of'),
    );
    expect(mails).toHaveLength(2);
  });

  it('invoice.payment_failed: past due with a mail per failure; after Stripe’s last try the grace runs; invoice.paid restores', async () => {
    const { dev, pro, subscription, subscriptionRef, periodEnd } = await subscribedPro();
    const failed = (attempt: number, next: Date | null) =>
      sendEvent(
        `evt_failed_${attempt}_${subscription.id}`,
        'invoice.payment_failed',
        invoice(`in_due_${subscription.id}`, subscriptionRef, {
          billing_reason: 'subscription_cycle',
          attempt_count: attempt,
          next_payment_attempt: next ? unix(next) : null,
        }),
      );
    const failureMails = async () =>
      (await mailsTo(server, dev.email)).filter((mail) => mail.subject.includes('Key Manager Pro plan'));

    server.clock.set(new Date(periodEnd.getTime() + 60_000));
    let token = await kit.signIn(dev.email);
    const retry = seconds(periodEnd.getTime() + 3 * DAY);
    expect((await failed(1, retry)).body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(token)).toMatchObject({
      state: 'active',
      renewal: { status: 'past_due', failed_attempts: 1, next_attempt_at: retry.toISOString() },
    });
    expect(await failureMails()).toHaveLength(1);
    expect((await failureMails())[0]?.text).toContain('/profile?tab=subscriptions');
    // The same event again, or the same failure under another event id: one mail.
    expect((await failed(1, retry)).body).toEqual({ received: true, duplicate: true });
    expect(
      (
        await sendEvent(`evt_again_${subscription.id}`, 'invoice.payment_failed', {
          ...invoice(`in_due_${subscription.id}`, subscriptionRef, { attempt_count: 1 }),
          next_payment_attempt: unix(retry),
        })
      ).status,
    ).toBe(200);
    expect(await failureMails()).toHaveLength(1);

    server.clock.set(retry);
    token = await kit.signIn(dev.email);
    expect((await failed(2, null)).status).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({
      state: 'grace',
      grace_days_left: 10,
      grace_ends_at: new Date(retry.getTime() + 10 * DAY).toISOString(),
      renewal: { status: 'past_due', failed_attempts: 2, next_attempt_at: null },
    });
    expect(await failureMails()).toHaveLength(2);

    // Paying the period by hand would leave Stripe's open invoice to be charged as well: refused.
    const byHand = await kit.request(BILLING_PATHS.renew, { token, body: { productID: dev.productId } });
    expect(byHand.status).toBe(409);
    expect(byHand.body).toEqual({ status: 'failed', code: 'conflict', message: RENEWS_ITSELF_MESSAGE });

    const nextEnd = seconds(periodEnd.getTime() + 30 * DAY);
    const paid = await sendEvent(
      `evt_recovered_${subscription.id}`,
      'invoice.paid',
      invoice(`in_due_${subscription.id}`, subscriptionRef, {
        billing_reason: 'subscription_cycle',
        amount_paid: pro.price,
        lines: { data: [{ period: { end: unix(nextEnd) } }] },
      }),
    );
    expect(paid.body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(token)).toMatchObject({
      state: 'active',
      period_end: nextEnd.toISOString(),
      renewal: { status: 'active', failed_attempts: 0, next_attempt_at: null },
    });
  });

  it('cancel and resume go to Stripe; customer.subscription.updated and .deleted are honoured', async () => {
    const { dev, subscription, subscriptionRef, periodEnd } = await subscribedPro();
    const action = (path: string) =>
      kit.request<{ subscription: Subscription }>(path, {
        token: dev.token,
        body: { subscriptionID: subscription.id },
      });
    expect((await action(RENEWAL_PATHS.cancel)).status).toBe(200);
    const call = standIn.requests.at(-1);
    expect(call?.path).toBe(`/v1/subscriptions/${subscriptionRef}`);
    expect(call?.form.get('cancel_at_period_end')).toBe('true');
    expect((await action(RENEWAL_PATHS.resume)).body.subscription.renewal.cancel_at_period_end).toBe(false);
    expect(standIn.requests.at(-1)?.form.get('cancel_at_period_end')).toBe('false');

    // Canceled in Stripe's portal: the event sets it here.
    const updated = (id: string, cancel: boolean) =>
      sendEvent(id, 'customer.subscription.updated', {
        id: subscriptionRef,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: cancel,
        items: { data: [{ current_period_end: unix(periodEnd) }] },
      });
    expect((await updated(`evt_upd_${subscription.id}`, true)).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await subscriptionOf(dev.token))?.renewal).toMatchObject({
      cancel_at_period_end: true,
      automatic: false,
    });

    server.clock.set(periodEnd);
    const token = await kit.signIn(dev.email);
    const deleted = await sendEvent(`evt_del_${subscription.id}`, 'customer.subscription.deleted', {
      id: subscriptionRef,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: true,
    });
    expect(deleted.body).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(token)).toBeUndefined();
    expect((await kit.plans(token, dev.productId)).activePlanID).toBeNull();
  });

  it('Manage billing opens the Stripe customer portal for the caller’s customer', async () => {
    const { dev, paymentID } = await subscribedPro();
    const portal = await kit.request<{ url: string }>(RENEWAL_PATHS.billingPortal, {
      token: dev.token,
      body: {},
    });
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = standIn.requests.at(-1);
    expect(call?.path).toBe('/v1/billing_portal/sessions');
    expect(call?.form.get('customer')).toBe(`cus_${paymentID.slice(0, 8)}`);
    expect(call?.form.get('return_url')).toMatch(/\/profile\?tab=subscriptions$/);

    const stranger = await newDeveloper(server, { plan: 'none' });
    const none = await kit.request(RENEWAL_PATHS.billingPortal, { token: stranger.token, body: {} });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ status: 'failed', code: 'conflict', message: NO_BILLING_ACCOUNT_MESSAGE });
  });

  it('events about an unknown subscription are stored and change nothing', async () => {
    const response = await sendEvent(
      'evt_unknown_subscription',
      'invoice.payment_failed',
      invoice('in_unknown', 'sub_nobody', { attempt_count: 1, next_payment_attempt: null }),
    );
    expect(response.body).toEqual({ received: true, duplicate: false });
    const malformed = await sendEvent('evt_malformed_invoice', 'invoice.paid', { id: 'in_bad' });
    expect(malformed.status).toBe(400);
  });
});
