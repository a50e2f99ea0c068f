import {
  BILLING_PATHS,
  CARD_DECLINED_MESSAGE,
  KEY_MANAGER_PATHS,
  type PendingPaymentsResponse,
  type ReceiptsGetResponse,
  SANDBOX_DECLINED_CARD,
  SUBSCRIPTION_SUSPENDED_MESSAGE,
  type SubscriptionsGetResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, DAY, SANDBOX_SECRET } from './billing-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  server = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
  kit = billingKit(server);
});
afterAll(async () => server?.close());

async function subscriptionsOf(token: string) {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  expect(response.status).toBe(200);
  return response.body.subscriptions;
}

async function receiptsOf(token: string) {
  const response = await kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token });
  expect(response.status).toBe(200);
  return response.body.receipts;
}

describe('paid plan through the sandbox', () => {
  it('starts a checkout without granting anything; only the verified payment grants the plan and a receipt', async () => {
    const dev = await newDeveloper(server);
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
    expect(checkout.url).toMatch(/^\/payments\/sandbox\/checkout\?payment=/);
    // Still on Free: the browser has only been sent to the payment page.
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(dev.free.id);
    const pending = await kit.request<PendingPaymentsResponse>(BILLING_PATHS.pendingPayments, {
      body: {},
      token: dev.token,
    });
    expect(pending.body.total).toBe(pro.price);

    const paid = await kit.pay(dev.token, checkout.paymentID);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment.status).toBe('paid');
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
    const data = await kit.request(KEY_MANAGER_PATHS.data, { body: {}, token: dev.token });
    expect(data.body).toMatchObject({
      planActivated: true,
      planInfo: { planName: 'Pro', maxKeysAllowed: 100 },
    });

    const [receipt] = await receiptsOf(dev.token);
    expect(receipt).toMatchObject({
      order_id: checkout.paymentID,
      method: 'Card (sandbox) •••• 4242',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: dev.email,
      phone: '+44 20 0000 0000',
      address: '12 St James Square',
      city: 'London',
      country: 'GB',
      amount: pro.price,
      currency: 'usd',
      status: 'paid',
      status_message: 'Payment received',
    });
    expect(receipt?.items[0]).toBe('Key Manager — Pro (monthly)');
    expect(receipt?.duration).toMatch(/^1 month \(until \d{4}-\d{2}-\d{2}\)$/);
    const status = await kit.request(BILLING_PATHS.paymentStatus, { body: {}, token: dev.token });
    expect(status.body).toMatchObject({ payment: { id: checkout.paymentID, status: 'paid' } });
    const none = await kit.request<PendingPaymentsResponse>(BILLING_PATHS.pendingPayments, {
      body: {},
      token: dev.token,
    });
    expect(none.body.total).toBeNull();
  });

  it('a declined card answers 402, fails the payment and grants nothing', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
    const declined = await kit.pay(dev.token, checkout.paymentID, SANDBOX_DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      status: 'failed',
      code: 'payment_required',
      message: CARD_DECLINED_MESSAGE,
    });
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    expect(await receiptsOf(dev.token)).toEqual([]);
    const status = await kit.request(BILLING_PATHS.paymentStatus, {
      body: { paymentID: checkout.paymentID },
      token: dev.token,
    });
    expect(status.body).toMatchObject({ payment: { status: 'failed' } });
  });

  it('another user cannot see or pay someone else’s checkout', async () => {
    const owner = await newDeveloper(server, { plan: 'none' });
    const other = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(owner.token, owner.productId, 'Pro');
    const checkout = await kit.startCheckout(owner.token, owner.productId, pro.id);
    expect((await kit.pay(other.token, checkout.paymentID)).status).toBe(404);
    const peek = await kit.request(BILLING_PATHS.sandboxSession, {
      body: { paymentID: checkout.paymentID },
      token: other.token,
    });
    expect(peek.status).toBe(404);
  });
});

describe('grace period and suspension with the manual clock', () => {
  it('day 0 pay → period end → day +10 still working → day +11 suspended (402) → payment restores at once', async () => {
    const dev = await newDeveloper(server);
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    await kit.pay(dev.token, (await kit.startCheckout(dev.token, dev.productId, pro.id)).paymentID);
    const apiKey = await dev.apiKey();
    const key = await dev.addKey();
    const call = () =>
      kit.request(KEY_MANAGER_PATHS.getKeyInformation, {
        body: { key: key.key },
        headers: { authorization: `Bearer ${apiKey}` },
      });
    expect((await call()).status).toBe(200);
    const [sub] = await subscriptionsOf(dev.token);
    expect(sub).toMatchObject({ state: 'active', grace_days_left: null });
    const periodEnd = new Date(sub?.period_end ?? '');
    const start = server.clock.now();
    try {
      server.clock.set(new Date(periodEnd.getTime() + 1000));
      let token = await kit.signIn(dev.email);
      const [grace] = await subscriptionsOf(token);
      expect(grace).toMatchObject({ state: 'grace', grace_days_left: 10 });
      expect((await call()).status).toBe(200);
      const pending = await kit.request<PendingPaymentsResponse>(BILLING_PATHS.pendingPayments, {
        body: {},
        token: token,
      });
      expect(pending.body.items).toMatchObject([{ kind: 'renewal', amount: pro.price }]);

      server.clock.set(new Date(periodEnd.getTime() + 10 * DAY - 60_000));
      token = await kit.signIn(dev.email);
      expect((await subscriptionsOf(token))[0]).toMatchObject({ state: 'grace', grace_days_left: 1 });
      expect((await call()).status).toBe(200);

      server.clock.set(new Date(periodEnd.getTime() + 11 * DAY));
      token = await kit.signIn(dev.email);
      expect((await subscriptionsOf(token))[0]?.state).toBe('suspended');
      const suspended = await call();
      expect(suspended.status).toBe(402);
      expect(suspended.body).toEqual({
        status: 'failed',
        code: 'payment_required',
        message: SUBSCRIPTION_SUSPENDED_MESSAGE,
      });
      // Backend features are off in the dashboard too.
      expect(
        (
          await kit.request(KEY_MANAGER_PATHS.addKey, {
            body: { maxActivations: 1, isActivated: true },
            token: token,
          })
        ).status,
      ).toBe(409);

      const renewal = await kit.request<{ paymentData: { paymentID: string } }>(BILLING_PATHS.renew, {
        body: { productID: dev.productId },
        token: token,
      });
      expect(renewal.status).toBe(200);
      expect((await call()).status).toBe(402);
      await kit.pay(token, renewal.body.paymentData.paymentID);
      expect((await call()).status).toBe(200);
      const [renewed] = await subscriptionsOf(token);
      expect(renewed?.state).toBe('active');
      // Suspended: the new month starts at the payment, not at the old period end.
      expect(new Date(renewed?.period_end ?? '').getTime()).toBeGreaterThan(
        server.clock.now().getTime() + 27 * DAY,
      );
      expect(await receiptsOf(token)).toHaveLength(2);
    } finally {
      server.clock.set(start);
    }
  });

  it('a renewal paid within grace continues from the old period end (no extension)', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    await kit.pay(dev.token, (await kit.startCheckout(dev.token, dev.productId, pro.id)).paymentID);
    const [sub] = await subscriptionsOf(dev.token);
    const periodEnd = new Date(sub?.period_end ?? '');
    const start = server.clock.now();
    try {
      server.clock.set(new Date(periodEnd.getTime() + 5 * DAY));
      const token = await kit.signIn(dev.email);
      const renewal = await kit.startCheckout(token, dev.productId, pro.id);
      await kit.pay(token, renewal.paymentID);
      const [renewed] = await subscriptionsOf(token);
      const expected = new Date(periodEnd);
      expected.setUTCMonth(expected.getUTCMonth() + 1);
      expect(new Date(renewed?.period_end ?? '').getUTCMonth()).toBe(expected.getUTCMonth());
      expect(renewed?.state).toBe('active');
    } finally {
      server.clock.set(start);
    }
  });
});
