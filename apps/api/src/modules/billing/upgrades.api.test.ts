import {
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  type PendingPaymentsResponse,
  type SubscriptionsGetResponse,
  UPGRADE_APPROVED_MESSAGE,
  type UpgradeRequest,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signupClient, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { billingKit, DAY } from './billing-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  kit = billingKit(server);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

describe('the done-when story: monthly → yearly through an approved, prorated upgrade', () => {
  it('admin creates plans; client pays monthly, asks for yearly, admin approves, client pays the difference', async () => {
    const asAdmin = <T>(path: string, body?: unknown) =>
      kit.request<T>(path, { body, token: admin.access, method: body === undefined ? 'GET' : 'POST' });
    const product = await asAdmin<{ product: { id: number } }>(CATALOG_ADMIN_PATHS.saasProductAdd, {
      date: '2026-03-01',
      name: 'Geo API',
      description: 'Geocoding',
    });
    const productID = product.body.product.id;
    for (const plan of [
      { name: 'Free', price: 0, isFree: true },
      { name: 'Monthly', price: 1000, term: 'm', is_recurring: true },
      { name: 'Yearly', price: 10000, term: 'y', is_recurring: true },
    ]) {
      expect(
        (await asAdmin(CATALOG_ADMIN_PATHS.plansAdd, { productID, items: ['Geocoding'], ...plan })).status,
      ).toBe(200);
    }
    const client = await signupClient(server);
    const monthly = await kit.planNamed(client.access, productID, 'Monthly');
    const yearly = await kit.planNamed(client.access, productID, 'Yearly');
    await kit.pay(client.access, (await kit.startCheckout(client.access, productID, monthly.id)).paymentID);

    // Half-way through the month the client asks for the yearly plan; the quote is shown first.
    server.clock.advance(15 * DAY);
    const token = await kit.signIn(client.email);
    const quote = await kit.request<{ amount: number; needsApproval: boolean }>(BILLING_PATHS.upgradeQuote, {
      body: { productID, planID: yearly.id },
      token,
    });
    expect(quote.body.needsApproval).toBe(true);
    expect(quote.body.amount).toBeGreaterThan(10000 - 1000);
    expect(quote.body.amount).toBeLessThan(10000);
    // Without isUpgrade a second paid plan is refused.
    const direct = await kit.request(CATALOG_PATHS.plansActivate, {
      body: { productID, planID: yearly.id, isUpgrade: false },
      token,
    });
    expect(direct.status).toBe(409);
    const asked = await kit.request(CATALOG_PATHS.plansActivate, {
      body: { productID, planID: yearly.id, isUpgrade: true },
      token,
    });
    expect(asked.body).toMatchObject({ launchPayment: false });
    const again = await kit.request(CATALOG_PATHS.plansActivate, {
      body: { productID, planID: yearly.id, isUpgrade: true },
      token,
    });
    expect(again.status).toBe(409);

    const adminToken = (
      await kit.request<{ access: string }>('/api/v1/user/authenticate/signin', {
        body: { email: admin.email, password: admin.password, rememberMe: false },
      })
    ).body.access;
    const list = await kit.request<{ requests: UpgradeRequest[] }>(BILLING_PATHS.upgradeRequestsGet, {
      token: adminToken,
    });
    const request = list.body.requests.find((entry) => entry.email === client.email);
    expect(request).toMatchObject({
      product: 'Geo API',
      targetProduct: 'Geo API',
      currentPlan: 'Monthly',
      subscriptionPlan: 'Yearly',
      status: 'pending',
    });
    const approved = await kit.request(BILLING_PATHS.upgradeRequestsApprove, {
      body: { requestID: request?.id },
      token: adminToken,
    });
    expect(approved.body).toEqual({ status: 'ok', message: UPGRADE_APPROVED_MESSAGE });
    expect(
      (
        await kit.request(BILLING_PATHS.upgradeRequestsApprove, {
          body: { requestID: request?.id },
          token: adminToken,
        })
      ).status,
    ).toBe(409);

    // Still monthly until the difference is paid.
    const subs = () =>
      kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, { body: {}, token });
    expect((await subs()).body.subscriptions[0]).toMatchObject({
      subscribedPlanID: monthly.id,
      pendingUpgrade: { status: 'approved', targetPlan: 'Yearly' },
    });
    const pending = await kit.request<PendingPaymentsResponse>(BILLING_PATHS.pendingPayments, {
      body: {},
      token,
    });
    const due = pending.body.items.find((item) => item.kind === 'upgrade');
    expect(due?.amount).toBe(quote.body.amount);
    const checkout = await kit.request<{ paymentData: { paymentID: string; amount: number } }>(
      BILLING_PATHS.payPending,
      {
        body: { requestID: request?.id },
        token,
      },
    );
    expect(checkout.body.paymentData.amount).toBe(quote.body.amount);
    expect((await kit.pay(token, checkout.body.paymentData.paymentID)).status).toBe(200);
    const [after] = (await subs()).body.subscriptions;
    expect(after).toMatchObject({ subscribedPlanID: yearly.id, state: 'active', pendingUpgrade: null });
    expect(new Date(after?.period_end ?? '').getTime()).toBeGreaterThan(
      server.clock.now().getTime() + 360 * DAY,
    );
    const receipts = await kit.request<{ receipts: { amount: number }[] }>(BILLING_PATHS.receiptsGet, {
      token,
    });
    expect(receipts.body.receipts.map((receipt) => receipt.amount)).toEqual([quote.body.amount, 1000]);
    server.clock.advance(-15 * DAY);
  });

  it('a cheaper plan change switches at approval with nothing to pay', async () => {
    const client = await signupClient(server);
    const km = (await server.deps.catalog.productBySlug('key-manager')).id;
    const business = await kit.planNamed(client.access, km, 'Business');
    const pro = await kit.planNamed(client.access, km, 'Pro');
    await kit.pay(client.access, (await kit.startCheckout(client.access, km, business.id)).paymentID);
    await kit.request(CATALOG_PATHS.plansActivate, {
      body: { productID: km, planID: pro.id, isUpgrade: true },
      token: client.access,
    });
    const list = await kit.request<{ requests: UpgradeRequest[] }>(BILLING_PATHS.upgradeRequestsGet, {
      token: admin.access,
    });
    const request = list.body.requests.find((entry) => entry.email === client.email);
    await kit.request(BILLING_PATHS.upgradeRequestsApprove, {
      body: { requestID: request?.id },
      token: admin.access,
    });
    expect((await kit.plans(client.access, km)).activePlanID).toBe(pro.id);
  });
});

describeRoleMatrix('billing', () => server, [
  { method: 'GET', path: BILLING_PATHS.upgradeRequestsGet, allowed: ['admin'] },
  {
    method: 'POST',
    path: BILLING_PATHS.upgradeRequestsApprove,
    body: { requestID: 999999 },
    allowed: ['admin'],
  },
  { method: 'POST', path: BILLING_PATHS.subscriptionsGet, body: {}, allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: BILLING_PATHS.receiptsGet, allowed: ['client', 'staff', 'admin'] },
  { method: 'POST', path: BILLING_PATHS.pendingPayments, body: {}, allowed: ['client', 'staff', 'admin'] },
  { method: 'POST', path: BILLING_PATHS.paymentStatus, body: {}, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: BILLING_PATHS.renew,
    body: { productID: 1 },
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'POST',
    path: BILLING_PATHS.upgradeQuote,
    body: { productID: 1, planID: 1 },
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'POST',
    path: BILLING_PATHS.sandboxSession,
    body: { paymentID: '00000000-0000-4000-8000-000000000000' },
    allowed: ['client', 'staff', 'admin'],
  },
]);
