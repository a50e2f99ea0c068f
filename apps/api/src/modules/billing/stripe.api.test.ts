import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_PATHS, CATALOG_PATHS } from '@app/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit } from './billing-kit.test.js';

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
    expect(form?.get('mode')).toBe('payment');
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
