import { BILLING_PATHS, CATALOG_PATHS, SANDBOX_TEST_CARD, TEST_PAYMENTS_OFF_MESSAGE } from '@app/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type Sibling, startSibling } from '../../test/sibling-server.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

/**
 * Test cards by runtime mode (runtime-mode.ts). `trial` is the harness's server (embedded-database
 * settings, NODE_ENV=test). The production servers share its database and clock: on PostgreSQL they
 * are configured as a deployment is (DATABASE_URL set), on PGlite with NODE_ENV=production.
 */
let trial: TestServer;
let production: Sibling;
let optedIn: Sibling;
const productionEnv = (): Record<string, string> => {
  const databaseUrl = inject('databaseUrl');
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { NODE_ENV: 'production' }),
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
  };
};

beforeAll(async () => {
  trial = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
  production = await startSibling(trial, productionEnv());
  optedIn = await startSibling(trial, { ...productionEnv(), ALLOW_TEST_PAYMENTS: 'true' });
});
afterAll(async () => {
  await production?.close();
  await optedIn?.close();
  await trial?.close();
});

const kitOn = (server: { baseUrl: string }) => billingKit({ ...trial, baseUrl: server.baseUrl });

async function developerWithPro() {
  const dev = await newDeveloper(trial, { plan: 'none' });
  const pro = await billingKit(trial).planNamed(dev.token, dev.productId, 'Pro');
  return { dev, pro };
}

describe('test payments by runtime mode', () => {
  it('trial: the sandbox takes the 4242 test card', async () => {
    const kit = billingKit(trial);
    const { dev, pro } = await developerWithPro();
    const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
    const session = await kit.request(BILLING_PATHS.sandboxSession, {
      body: { paymentID: checkout.paymentID },
      token: dev.token,
    });
    expect(session.body).toMatchObject({ refusal: null });
    expect((await kit.pay(dev.token, checkout.paymentID, SANDBOX_TEST_CARD)).body.payment.status).toBe(
      'paid',
    );
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  });

  it('production: no checkout on the sandbox, a 4242 card and a signed sandbox event refused (403), nothing granted', async () => {
    const { dev, pro } = await developerWithPro();
    // A checkout opened while the install was still a trial, then the operator went live.
    const earlier = await billingKit(trial).startCheckout(dev.token, dev.productId, pro.id);
    const kit = kitOn(production);
    const token = await kit.signIn(dev.email);

    const activate = await kit.request(CATALOG_PATHS.plansActivate, {
      body: { productID: dev.productId, planID: pro.id, isUpgrade: false },
      token,
    });
    expect(activate.status).toBe(403);
    expect(activate.body).toEqual({
      status: 'failed',
      code: 'forbidden',
      message: TEST_PAYMENTS_OFF_MESSAGE,
    });

    const session = await kit.request(BILLING_PATHS.sandboxSession, {
      body: { paymentID: earlier.paymentID },
      token,
    });
    expect(session.body).toMatchObject({ refusal: TEST_PAYMENTS_OFF_MESSAGE });
    const paid = await kit.pay(token, earlier.paymentID, SANDBOX_TEST_CARD);
    expect(paid.status).toBe(403);
    expect(paid.body).toMatchObject({ status: 'failed', message: TEST_PAYMENTS_OFF_MESSAGE });
    // Even an event signed with the right secret completes nothing.
    const event = {
      id: `evt_prod_${earlier.paymentID}`,
      type: 'checkout.completed',
      created: Math.floor(trial.clock.now().getTime() / 1000),
      data: { paymentID: earlier.paymentID },
    };
    expect((await kit.webhook(event)).status).toBe(403);

    expect((await kit.plans(token, dev.productId)).activePlanID).toBeNull();
    const status = await kit.request(BILLING_PATHS.paymentStatus, {
      body: { paymentID: earlier.paymentID },
      token,
    });
    expect(status.body).toMatchObject({ payment: { status: 'pending' } });
  });

  it('production with ALLOW_TEST_PAYMENTS=true takes the test card', async () => {
    const { dev, pro } = await developerWithPro();
    const kit = kitOn(optedIn);
    const token = await kit.signIn(dev.email);
    const checkout = await kit.startCheckout(token, dev.productId, pro.id);
    const paid = await kit.pay(token, checkout.paymentID, SANDBOX_TEST_CARD);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await kit.plans(token, dev.productId)).activePlanID).toBe(pro.id);
  });
});
