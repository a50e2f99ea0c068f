import { BILLING_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  server = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
  kit = billingKit(server);
});
afterAll(async () => server?.close());

async function subscriptionsOf(token: string) {
  const response = await kit.request<{ subscriptions: { period_end: string | null }[] }>(
    BILLING_PATHS.subscriptionsGet,
    {
      body: {},
      token,
    },
  );
  expect(response.status).toBe(200);
  return response.body.subscriptions;
}

async function receiptsOf(token: string) {
  const response = await kit.request<{ receipts: unknown[] }>(BILLING_PATHS.receiptsGet, { token });
  expect(response.status).toBe(200);
  return response.body.receipts;
}

describe('sandbox webhooks', () => {
  const completed = (paymentID: string, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
    id,
    type: 'checkout.completed',
    created: Math.floor(server.clock.now().getTime() / 1000),
    data: { paymentID },
  });

  async function pendingCheckout() {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    return { dev, pro, checkout: await kit.startCheckout(dev.token, dev.productId, pro.id) };
  }

  it('refuses a bad signature, a missing one and a stale or future timestamp, changing nothing', async () => {
    const { dev, checkout } = await pendingCheckout();
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const cases = [
      await kit.webhook(completed(checkout.paymentID), {
        secret: 'wrong-secret-wrong-secret-wrong-secret-00',
      }),
      await kit.webhook(completed(checkout.paymentID), { timestamp: now - 301 }),
      await kit.webhook(completed(checkout.paymentID), { timestamp: now + 301 }),
      await kit.request(BILLING_PATHS.sandboxWebhook, {
        body: JSON.stringify(completed(checkout.paymentID)),
      }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
    }
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    // Within the tolerance (299 s old) it is accepted.
    const ok = await kit.webhook(completed(checkout.paymentID), { timestamp: now - 299 });
    expect(ok.status).toBe(200);
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).not.toBeNull();
  });

  it('stores events by id: a replay or a duplicate changes nothing (one period, one receipt)', async () => {
    const { dev, checkout } = await pendingCheckout();
    const event = completed(checkout.paymentID);
    expect((await kit.webhook(event)).body).toEqual({ received: true, duplicate: false });
    const [first] = await subscriptionsOf(dev.token);
    expect((await kit.webhook(event)).body).toEqual({ received: true, duplicate: true });
    // The same event id re-signed later (a replay) is still a duplicate.
    server.clock.advance(60_000);
    expect((await kit.webhook(event)).body).toEqual({ received: true, duplicate: true });
    // A second, different event for an already paid payment does not extend anything either.
    expect((await kit.webhook(completed(checkout.paymentID))).body).toEqual({
      received: true,
      duplicate: false,
    });
    const [after] = await subscriptionsOf(dev.token);
    expect(after?.period_end).toBe(first?.period_end);
    expect(await receiptsOf(dev.token)).toHaveLength(1);
  });

  it('handles out-of-order events: a late cancel never takes a payment back; a payment after a cancel counts', async () => {
    const { dev, checkout } = await pendingCheckout();
    const created = Math.floor(server.clock.now().getTime() / 1000);
    const cancel = {
      id: 'evt_cancel_late',
      type: 'checkout.canceled',
      created,
      data: { paymentID: checkout.paymentID },
    };
    await kit.webhook(completed(checkout.paymentID));
    await kit.webhook({ ...cancel, id: `evt_cancel_${checkout.paymentID}` });
    const status = await kit.request(BILLING_PATHS.paymentStatus, {
      body: { paymentID: checkout.paymentID },
      token: dev.token,
    });
    expect(status.body).toMatchObject({ payment: { status: 'paid' } });

    const second = await pendingCheckout();
    await kit.webhook({
      ...cancel,
      id: `evt_c_${second.checkout.paymentID}`,
      data: { paymentID: second.checkout.paymentID },
    });
    expect((await kit.plans(second.dev.token, second.dev.productId)).activePlanID).toBeNull();
    await kit.webhook(completed(second.checkout.paymentID));
    expect((await kit.plans(second.dev.token, second.dev.productId)).activePlanID).toBe(second.pro.id);
  });

  it('checks amount and currency when the event carries them, as for Stripe', async () => {
    const { dev, pro, checkout } = await pendingCheckout();
    const event = (data: Record<string, unknown>) => ({
      ...completed(checkout.paymentID),
      data: { paymentID: checkout.paymentID, ...data },
    });
    await kit.webhook(event({ amount: pro.price, currency: 'eur' }));
    await kit.webhook(event({ amount: pro.price - 1, currency: 'usd' }));
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    await kit.webhook(event({ amount: pro.price, currency: 'USD' }));
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  });

  it('refund and dispute events follow the same rules as Stripe’s', async () => {
    const refunded = await pendingCheckout();
    await kit.webhook(completed(refunded.checkout.paymentID));
    const about = (paymentID: string, type: string, data: Record<string, unknown> = {}) => ({
      id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
      type,
      created: Math.floor(server.clock.now().getTime() / 1000),
      data: { paymentID, ...data },
    });
    await kit.webhook(about(refunded.checkout.paymentID, 'payment.refunded', { amountRefunded: 100 }));
    expect((await kit.plans(refunded.dev.token, refunded.dev.productId)).activePlanID).toBe(refunded.pro.id);
    await kit.webhook(about(refunded.checkout.paymentID, 'payment.refunded'));
    expect((await kit.plans(refunded.dev.token, refunded.dev.productId)).activePlanID).toBeNull();
    expect(await receiptsOf(refunded.dev.token)).toMatchObject([{ status: 'refunded' }]);

    const disputed = await pendingCheckout();
    await kit.webhook(completed(disputed.checkout.paymentID));
    await kit.webhook(about(disputed.checkout.paymentID, 'payment.dispute.opened'));
    expect(await subscriptionsOf(disputed.dev.token)).toMatchObject([{ state: 'suspended', on_hold: true }]);
    await kit.webhook(about(disputed.checkout.paymentID, 'payment.dispute.lost'));
    expect(await subscriptionsOf(disputed.dev.token)).toEqual([]);
  });

  it('answers malformed webhook bodies with 400, never 500', async () => {
    expect((await kit.webhook({ nothing: true })).status).toBe(400);
    const raw = await kit.request(BILLING_PATHS.sandboxWebhook, {
      body: '{"id":',
      headers: { 'x-sandbox-signature': 't=1,v1=00' },
    });
    expect(raw.status).toBe(400);
    expect((await kit.request(BILLING_PATHS.stripeWebhook, { body: '{}' })).status).toBe(404);
  });
});
