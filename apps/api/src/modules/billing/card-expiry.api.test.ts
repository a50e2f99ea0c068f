import {
  BILLING_PATHS,
  SANDBOX_TEST_CARD,
  type Subscription,
  type SubscriptionsGetResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

/** The sandbox card forms take an expiry as people type it; the server reads it as the form does. */
let server: TestServer;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  server = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
  kit = billingKit(server);
});
afterAll(async () => server?.close());

async function payProWith(expiry: string) {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
  const paid = await kit.request<{ payment: { status: string } }>(BILLING_PATHS.sandboxPay, {
    token: dev.token,
    body: {
      paymentID: checkout.paymentID,
      cardNumber: SANDBOX_TEST_CARD,
      expiry,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Lovelace',
    },
  });
  return { dev, paid };
}

async function savedCardOf(token: string): Promise<string | null | undefined> {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  const subscription: Subscription | undefined = response.body.subscriptions[0];
  return subscription?.renewal?.card;
}

describe('sandbox card expiry', () => {
  it.each(['12 / 39', '1239', '12/2039', '12-39'])(
    'pays with the expiry typed as "%s" and keeps it as 12/39',
    async (expiry) => {
      const { dev, paid } = await payProWith(expiry);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.payment.status).toBe('paid');
      // The card saved for renewals carries the expiry in one form, whatever was typed.
      expect(await savedCardOf(dev.token)).toBe('•••• 4242 (12/39)');
    },
  );

  it.each(['13/39', '12/3', '123', 'next year'])(
    'refuses "%s" with a sentence on the expiry field',
    async (expiry) => {
      const { paid } = await payProWith(expiry);
      expect(paid.status).toBe(400);
      expect(paid.body).toEqual({
        status: 'failed',
        code: 'invalid_input',
        message: 'Expiry must be MM/YY',
        field: 'expiry',
      });
    },
  );
});
