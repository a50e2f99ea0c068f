import {
  CATALOG_PATHS,
  KEY_MANAGER_PATHS,
  PLAN_ALREADY_ACTIVE_MESSAGE,
  type PlansActivatedGetResponse,
  type PlansGetResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  productId = (await server.deps.catalog.productBySlug('key-manager')).id;
});
afterAll(async () => server?.close());

async function plansOf(token: string) {
  const response = await request<PlansGetResponse>(CATALOG_PATHS.plansGet, {
    body: { product_id: productId },
    token,
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('Key Manager plans', () => {
  it('lists the seeded plans: one free, two paid, with keys and calls per minute', async () => {
    const { access } = await signupClient(server);
    const body = await plansOf(access);
    expect(body.product.name).toBe('Key Manager');
    expect(body.activePlanID).toBeNull();
    expect(body.plans.map((p) => p.name)).toEqual(['Free', 'Pro', 'Business']);
    const [free, pro, business] = body.plans;
    expect(free).toMatchObject({ is_free: true, price: 0, max_keys_allowed: 3 });
    expect(pro).toMatchObject({ is_free: false, price: 900, term: 'm', is_recurring: true });
    expect(business?.max_keys_allowed).toBe(0);
    for (const plan of body.plans) {
      expect(plan.api_information.calls_per_minute).toBeGreaterThanOrEqual(10);
      expect(plan.items.length).toBeGreaterThan(0);
    }
  });

  it('activates the free plan at once, without payment, and reports it everywhere', async () => {
    const { access } = await signupClient(server);
    const free = (await plansOf(access)).plans.find((p) => p.is_free);
    const activated = await request(CATALOG_PATHS.plansActivate, {
      body: { productID: productId, planID: free?.id, isUpgrade: false },
      token: access,
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ status: 'ok', launchPayment: false });
    expect((await plansOf(access)).activePlanID).toBe(free?.id);
    const mine = await request<PlansActivatedGetResponse>(CATALOG_PATHS.plansActivatedGet, { token: access });
    expect(mine.body.products).toHaveLength(1);
    expect(mine.body.products[0]).toMatchObject({ name: 'Key Manager', subscribedPlanID: free?.id });
    const data = await request(KEY_MANAGER_PATHS.data, { body: {}, token: access });
    expect(data.body).toMatchObject({
      planActivated: true,
      planInfo: { planName: 'Free', maxKeysAllowed: 3 },
    });
    const again = await request(CATALOG_PATHS.plansActivate, {
      body: { productID: productId, planID: free?.id, isUpgrade: false },
      token: access,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'failed', code: 'conflict', message: PLAN_ALREADY_ACTIVE_MESSAGE });
  });

  it('a paid plan opens a checkout (launchPayment, paymentData) and grants nothing until paid', async () => {
    const { access } = await signupClient(server);
    const pro = (await plansOf(access)).plans.find((p) => p.name === 'Pro');
    const response = await request(CATALOG_PATHS.plansActivate, {
      body: { productID: productId, planID: pro?.id, isUpgrade: false },
      token: access,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      launchPayment: true,
      paymentData: { provider: 'sandbox', amount: pro?.price, currency: 'usd' },
    });
    expect((await plansOf(access)).activePlanID).toBeNull();
  });

  it('answers bad input with 4xx and a message, never 500', async () => {
    const { access } = await signupClient(server);
    const cases: [string, unknown, number][] = [
      [CATALOG_PATHS.plansGet, {}, 400],
      [CATALOG_PATHS.plansGet, { product_id: 'abc' }, 400],
      [CATALOG_PATHS.plansGet, { product_id: 1.5 }, 400],
      [CATALOG_PATHS.plansGet, { product_id: 999_999 }, 404],
      [CATALOG_PATHS.plansGet, { product_id: productId, extra: true }, 400],
      [CATALOG_PATHS.plansActivate, { productID: productId }, 400],
      [CATALOG_PATHS.plansActivate, { productID: productId, planID: 999_999, isUpgrade: false }, 404],
      [CATALOG_PATHS.plansActivate, { productID: productId, planID: -1, isUpgrade: false }, 400],
      [CATALOG_PATHS.plansActivate, '{"productID":', 400],
    ];
    for (const [path, body, status] of cases) {
      const response = await request(path, { body, token: access });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
  });
});

describeRoleMatrix('catalog plans', () => server, [
  {
    method: 'POST',
    path: CATALOG_PATHS.plansGet,
    body: { product_id: 1 },
    allowed: ['client', 'staff', 'admin'],
  },
  { method: 'GET', path: CATALOG_PATHS.plansActivatedGet, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: CATALOG_PATHS.plansActivate,
    body: { productID: 1, planID: 1, isUpgrade: false },
    allowed: ['client', 'staff', 'admin'],
  },
]);
