import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BILLING_PATHS,
  CATALOG_PATHS,
  PROVIDER_SWITCHED_MESSAGE,
  type ReceiptsGetResponse,
  SANDBOX_TEST_CARD,
  type SubscriptionsGetResponse,
} from '@app/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { startSibling } from '../../test/sibling-server.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let standIn: Server;
const created: URLSearchParams[] = [];

/** A local stand-in for Stripe's API: it answers checkout session creation like Stripe does. */
function startStandIn(): Promise<string> {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        created.push(form);
        const id = `cs_test_${created.length}`;
        response.writeHead(200, {
          'content-type': 'application/json',
          'request-id': `req_${created.length}`,
        });
        response.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    });
  });
  return new Promise((resolve) =>
    standIn.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(standIn.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const apiUrl = await startStandIn();
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    },
  });
  kit = billingKit(server);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

const stripe = new Stripe('sk_test_standin');

function sessionEvent(
  id: string,
  paymentId: string,
  sessionId: string,
  amount: number,
  type = 'checkout.session.completed',
  currency = 'usd',
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
        amount_total: amount,
        currency,
        payment_intent: `pi_for_${paymentId}`,
        client_reference_id: paymentId,
        metadata: { paymentId },
        customer_details: {
          name: 'Grace Hopper',
          phone: null,
          address: { city: 'Arlington', country: 'US', line1: '1 Navy Way' },
        },
      },
    },
  });
}

function sendWebhook(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(server.clock.now().getTime() / 1000),
  });
  return kit.request(BILLING_PATHS.stripeWebhook, { body: payload, headers: { 'stripe-signature': header } });
}

describe('Stripe Checkout provider', () => {
  it('creates a Checkout session through the SDK and grants the plan only on the signed webhook', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const activated = await kit.request<{
      paymentData: { provider: string; url: string; paymentID: string };
    }>(CATALOG_PATHS.plansActivate, {
      body: { productID: dev.productId, planID: pro.id, isUpgrade: false },
      token: dev.token,
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const { paymentData } = activated.body;
    expect(paymentData.provider).toBe('stripe');
    expect(paymentData.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const form = created.at(-1);
    // Pro is a monthly plan: subscription mode (decision 021).
    expect(form?.get('mode')).toBe('subscription');
    expect(form?.get('metadata[paymentId]')).toBe(paymentData.paymentID);
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe(String(pro.price));
    expect(form?.get('success_url')).toContain('/payment-status?payment=');
    const sessionId = `cs_test_${created.length}`;

    // Bad signature, stale timestamp, wrong amount: nothing granted.
    const payload = sessionEvent('evt_1', paymentData.paymentID, sessionId, pro.price);
    expect((await sendWebhook(payload, { secret: 'whsec_wrong' })).status).toBe(400);
    const stale = Math.floor(server.clock.now().getTime() / 1000) - 301;
    expect((await sendWebhook(payload, { timestamp: stale })).status).toBe(400);
    const cheap = await sendWebhook(sessionEvent('evt_cheap', paymentData.paymentID, sessionId, 1));
    expect(cheap.status).toBe(200);
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();

    expect((await sendWebhook(payload)).body).toEqual({ received: true, duplicate: false });
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
    expect((await sendWebhook(payload)).body).toEqual({ received: true, duplicate: true });
    const receipts = await kit.request<{ receipts: { method: string; city: string; first_name: string }[] }>(
      BILLING_PATHS.receiptsGet,
      { token: dev.token },
    );
    expect(receipts.body.receipts).toHaveLength(1);
    expect(receipts.body.receipts[0]).toMatchObject({
      method: 'Card (Stripe)',
      city: 'Arlington',
      first_name: 'Grace',
    });
    // One receipt mail, although the event arrived twice.
    const mails = await mailsAbout(dev.email, 'Receipt for your payment of');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Payment method: Card (Stripe)');
  });

  it('an expired session cancels the pending payment; other event types are acknowledged and ignored', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const activated = await kit.request<{ paymentData: { paymentID: string } }>(CATALOG_PATHS.plansActivate, {
      body: { productID: dev.productId, planID: pro.id, isUpgrade: false },
      token: dev.token,
    });
    const paymentID = activated.body.paymentData.paymentID;
    const expired = sessionEvent('evt_exp', paymentID, 'cs_x', pro.price, 'checkout.session.expired');
    expect((await sendWebhook(expired)).status).toBe(200);
    const status = await kit.request(BILLING_PATHS.paymentStatus, { body: { paymentID }, token: dev.token });
    expect(status.body).toMatchObject({ payment: { status: 'canceled' } });
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await sendWebhook(other)).body).toEqual({ received: true, duplicate: false });
  });
});

/** A Stripe event about the payment's PaymentIntent (charges and disputes name it, not our id). */
function chargeEvent(id: string, type: string, paymentId: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { id: `ch_${id}`, payment_intent: `pi_for_${paymentId}`, currency: 'usd', ...object } },
  });
}

async function paidPro() {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
  const paid = await sendWebhook(sessionEvent(`evt_paid_${paymentID}`, paymentID, 'cs_paid', pro.price));
  expect(paid.body).toEqual({ received: true, duplicate: false });
  expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  return { dev, pro, paymentID };
}

async function subscriptionOf(token: string) {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  return response.body.subscriptions[0] ?? null;
}

async function mailsAbout(email: string, subjectStart: string) {
  return (await mailsTo(server, email)).filter((mail) => mail.subject.startsWith(subjectStart));
}

async function receiptOf(token: string) {
  const response = await kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token });
  return response.body.receipts[0];
}

describe('Stripe webhook checks', () => {
  it('refuses events signed more than 300 s in the future or the past (400), and honours them within', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
    const payload = sessionEvent(`evt_time_${paymentID}`, paymentID, 'cs_time', pro.price);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    for (const timestamp of [now + 600, now + 301, now - 600]) {
      const response = await sendWebhook(payload, { timestamp });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'failed',
        code: 'invalid_input',
        message: 'Webhook timestamp outside the tolerance',
      });
    }
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    expect((await sendWebhook(payload, { timestamp: now + 299 })).status).toBe(200);
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  });

  it('grants nothing for the right amount in another currency', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
    const euros = sessionEvent(`evt_eur_${paymentID}`, paymentID, 'cs_eur', pro.price, undefined, 'eur');
    expect((await sendWebhook(euros)).body).toEqual({ received: true, duplicate: false });
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    const status = await kit.request(BILLING_PATHS.paymentStatus, { body: { paymentID }, token: dev.token });
    expect(status.body).toMatchObject({ payment: { status: 'pending' } });
  });
});

describe('Stripe refunds and disputes', () => {
  it('a full refund ends the access the payment bought; the receipt and the payment say refunded', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const refund = chargeEvent(`evt_refund_${paymentID}`, 'charge.refunded', paymentID, {
      amount: pro.price,
      amount_refunded: pro.price,
      refunded: true,
    });
    expect((await sendWebhook(refund)).body).toEqual({ received: true, duplicate: false });
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    expect(await subscriptionOf(dev.token)).toBeNull();
    expect(await receiptOf(dev.token)).toMatchObject({
      order_id: paymentID,
      status: 'refunded',
      status_message: expect.stringMatching(/^Refunded on \d{4}-\d{2}-\d{2}$/),
    });
    const status = await kit.request(BILLING_PATHS.paymentStatus, { body: { paymentID }, token: dev.token });
    expect(status.body).toMatchObject({ payment: { status: 'refunded' } });
    // The same refund again is a duplicate; a late "completed" does not grant it back.
    expect((await sendWebhook(refund)).body).toEqual({ received: true, duplicate: true });
    await sendWebhook(sessionEvent(`evt_late_${paymentID}`, paymentID, 'cs_paid', pro.price));
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    const mails = await mailsAbout(dev.email, 'Refund of');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('This ended your Key Manager Pro plan');
  });

  it('a partial refund records the amount and leaves access as it is', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const partial = chargeEvent(`evt_part_${paymentID}`, 'charge.refunded', paymentID, {
      amount: pro.price,
      amount_refunded: 500,
      refunded: false,
    });
    expect((await sendWebhook(partial)).status).toBe(200);
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
    expect(await subscriptionOf(dev.token)).toMatchObject({ state: 'active' });
    expect(await receiptOf(dev.token)).toMatchObject({
      status: 'partially refunded',
      status_message: expect.stringContaining('5.00 USD refunded'),
    });
  });

  it('a dispute suspends the plan at once; won restores it; lost ends it', async () => {
    const won = await paidPro();
    const opened = (payment: string) =>
      chargeEvent(`evt_dispute_${payment}`, 'charge.dispute.created', payment, { status: 'needs_response' });
    const closed = (payment: string, status: string) =>
      chargeEvent(`evt_closed_${payment}`, 'charge.dispute.closed', payment, { status });

    expect((await sendWebhook(opened(won.paymentID))).status).toBe(200);
    expect(await subscriptionOf(won.dev.token)).toMatchObject({ state: 'suspended', on_hold: true });
    expect(await receiptOf(won.dev.token)).toMatchObject({ status: 'disputed' });
    // Paying again does not lift a dispute's hold.
    const renew = await kit.request(BILLING_PATHS.renew, {
      body: { productID: won.dev.productId },
      token: won.dev.token,
    });
    expect(renew.status).toBe(409);
    expect((await sendWebhook(closed(won.paymentID, 'won'))).status).toBe(200);
    expect(await subscriptionOf(won.dev.token)).toMatchObject({ state: 'active', on_hold: false });
    expect(await receiptOf(won.dev.token)).toMatchObject({ status: 'paid' });

    const lost = await paidPro();
    await sendWebhook(opened(lost.paymentID));
    expect(await subscriptionOf(lost.dev.token)).toMatchObject({ state: 'suspended' });
    expect((await sendWebhook(closed(lost.paymentID, 'lost'))).status).toBe(200);
    expect(await subscriptionOf(lost.dev.token)).toBeNull();
    expect(await receiptOf(lost.dev.token)).toMatchObject({ status: 'refunded' });
    expect(await mailsAbout(lost.dev.email, 'Your payment of')).toMatchObject([
      { subject: expect.stringContaining('was charged back') },
    ]);
    expect(await mailsAbout(won.dev.email, 'Your payment of')).toEqual([]);
  });
});

describe('switching from the sandbox to Stripe', () => {
  it('an older sandbox checkout can no longer be paid; paying it again opens a Stripe checkout', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    // The same install before STRIPE_SECRET_KEY was set: the checkout went to the sandbox.
    const before = await startSibling(server, { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });
    let sandboxPaymentId: string;
    try {
      const sandboxKit = billingKit({ ...server, baseUrl: before.baseUrl });
      const token = await sandboxKit.signIn(dev.email);
      const checkout = await sandboxKit.startCheckout(token, dev.productId, pro.id);
      expect(checkout.url).toMatch(/^\/payments\/sandbox\/checkout/);
      sandboxPaymentId = checkout.paymentID;
    } finally {
      await before.close();
    }

    const paid = await kit.pay(dev.token, sandboxPaymentId, SANDBOX_TEST_CARD);
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({ status: 'failed', code: 'conflict', message: PROVIDER_SWITCHED_MESSAGE });
    // An event signed with the sandbox's secret does not complete it either.
    const event = {
      id: `evt_switch_${sandboxPaymentId}`,
      type: 'checkout.completed',
      created: Math.floor(server.clock.now().getTime() / 1000),
      data: { paymentID: sandboxPaymentId },
    };
    expect((await kit.webhook(event)).status).toBe(409);
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();

    const resumed = await kit.request<{ paymentData: { provider: string; paymentID: string } }>(
      BILLING_PATHS.payPending,
      { body: { paymentID: sandboxPaymentId }, token: dev.token },
    );
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.paymentData.provider).toBe('stripe');
    expect(resumed.body.paymentData.paymentID).not.toBe(sandboxPaymentId);
    const old = await kit.request(BILLING_PATHS.paymentStatus, {
      body: { paymentID: sandboxPaymentId },
      token: dev.token,
    });
    expect(old.body).toMatchObject({ payment: { status: 'canceled' } });
  });
});
