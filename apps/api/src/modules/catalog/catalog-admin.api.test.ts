import {
  API_INFO_SET_MESSAGE,
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  CHANGES_SAVED_MESSAGE,
  KEY_MANAGER_PATHS,
  PLAN_DELETED_MESSAGE,
  type ProductsGetAllResponse,
  RATE_LIMIT_HEADERS,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;

// A 1×1 PNG and the start of an ELF executable: Storage judges types from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

const asAdmin = <T = Record<string, unknown>>(path: string, body: unknown) =>
  request<T>(path, { body, token: admin.access });

async function newSaasProduct(name = `Product ${Math.random().toString(36).slice(2, 7)}`) {
  const response = await asAdmin<{ product: { id: number } }>(CATALOG_ADMIN_PATHS.saasProductAdd, {
    date: '2026-01-15',
    name,
    description: 'Test SaaS product',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.product.id;
}

describe('SaaS products and plans (admin)', () => {
  it('adds a product with a free, a monthly and a yearly plan; free disables recurrence', async () => {
    const productID = await newSaasProduct('Reports API');
    const add = (body: Record<string, unknown>) =>
      asAdmin<{ plan: { id: number; is_recurring: boolean; term: string } }>(CATALOG_ADMIN_PATHS.plansAdd, {
        productID,
        items: ['Feature A'],
        ...body,
      });
    const free = await add({ name: 'Free', price: 0, isFree: true, is_recurring: true, term: 'y' });
    expect(free.status).toBe(200);
    expect(free.body.plan).toMatchObject({ is_recurring: false, term: 'm' });
    expect((await add({ name: 'Monthly', price: 1500, term: 'm', is_recurring: true })).status).toBe(200);
    expect(
      (await add({ name: 'Yearly', price: 15000, term: 'y', is_recurring: true, callsPerMinute: 120 }))
        .status,
    ).toBe(200);
    const listed = await asAdmin<{ plans: { name: string }[]; apiInfo: { calls_per_minute: number }[] }>(
      CATALOG_ADMIN_PATHS.plans,
      { productID },
    );
    expect(listed.body.plans.map((plan) => plan.name)).toEqual(['Free', 'Monthly', 'Yearly']);
    expect(listed.body.apiInfo.map((info) => info.calls_per_minute)).toEqual([10, 10, 120]);
    const store = await request<ProductsGetAllResponse>(CATALOG_ADMIN_PATHS.productsGetAll);
    expect(store.status).toBe(200);
    expect(store.body.sassProducts.find((p) => p.id === productID)?.plans).toHaveLength(3);
  });

  it('edits a plan (features added and removed) and deletes it; subscribers keep a deleted plan', async () => {
    const productID = await newSaasProduct();
    const created = await asAdmin<{ plan: { id: number; items: { item_id: number; item: string }[] } }>(
      CATALOG_ADMIN_PATHS.plansAdd,
      { productID, name: 'Team', price: 900, term: 'm', is_recurring: true, items: ['Old', 'Kept'] },
    );
    const plan = created.body.plan;
    const old = plan.items.find((item) => item.item === 'Old');
    const updated = await asAdmin<{
      message: string;
      plan: { name: string; price: number; items: { item: string }[] };
    }>(CATALOG_ADMIN_PATHS.plansUpdate, {
      productID,
      selectedPlanID: plan.id,
      name: 'Team+',
      price: 1200,
      term: 'm',
      is_recurring: true,
      isFree: false,
      newFeaturesToAdd: ['New'],
      featuresToDelete: [old?.item_id],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe(CHANGES_SAVED_MESSAGE);
    expect(updated.body.plan).toMatchObject({ name: 'Team+', price: 1200 });
    expect(updated.body.plan.items.map((item) => item.item)).toEqual(['Kept', 'New']);
    const deleted = await asAdmin(CATALOG_ADMIN_PATHS.plansDelete, { productID, planID: plan.id });
    expect(deleted.body).toEqual({ status: 'ok', message: PLAN_DELETED_MESSAGE });
    const client = await createAccount(server, 'client');
    const plans = await request<{ plans: unknown[] }>(CATALOG_PATHS.plansGet, {
      body: { product_id: productID },
      token: client.access,
    });
    expect(plans.body.plans).toEqual([]);
    expect((await asAdmin(CATALOG_ADMIN_PATHS.plansDelete, { productID, planID: plan.id })).status).toBe(404);
  });

  it('refuses bad plans with 400 and a message: calls per minute < 10, negative price, paid free plan, unknown fields', async () => {
    const productID = await newSaasProduct();
    const base = { productID, name: 'X', price: 100, term: 'm', is_recurring: true };
    const cases: [string, unknown][] = [
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, callsPerMinute: 9 }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, price: -1 }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, price: 1.5 }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, isFree: true }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, term: 'w' }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, name: '' }],
      [CATALOG_ADMIN_PATHS.plansAdd, { ...base, extra: 1 }],
      [CATALOG_ADMIN_PATHS.apiInfoSet, { productID, planID: 1, callsPerMinute: 5 }],
      [CATALOG_ADMIN_PATHS.saasProductAdd, { name: 'No date' }],
      [CATALOG_ADMIN_PATHS.saasProductAdd, { name: 'Bad date', date: '2026-13-45' }],
    ];
    for (const [path, body] of cases) {
      const response = await asAdmin(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
    expect((await asAdmin(CATALOG_ADMIN_PATHS.plansAdd, { ...base, productID: 999_999 })).status).toBe(404);
  });

  it('sets calls per minute and the Key Manager rate limit follows on the very next call', async () => {
    const dev = await newDeveloper(server);
    const apiKey = await dev.apiKey();
    const key = await dev.addKey();
    const call = () =>
      request(KEY_MANAGER_PATHS.getKeyInformation, {
        body: { key: key.key },
        headers: { authorization: `Bearer ${apiKey}` },
      });
    expect((await call()).headers.get(RATE_LIMIT_HEADERS.limit)).toBe(
      String(dev.free.api_information.calls_per_minute),
    );
    const set = await asAdmin(CATALOG_ADMIN_PATHS.apiInfoSet, {
      productID: dev.productId,
      planID: dev.free.id,
      callsPerMinute: 45,
    });
    expect(set.body).toEqual({ status: 'ok', message: API_INFO_SET_MESSAGE });
    expect((await call()).headers.get(RATE_LIMIT_HEADERS.limit)).toBe('45');
    const info = await asAdmin<{ information: { planID: number; calls_per_minute: number }[] }>(
      CATALOG_ADMIN_PATHS.apiInfoGet,
      { productID: dev.productId },
    );
    expect(info.body.information.find((row) => row.planID === dev.free.id)?.calls_per_minute).toBe(45);
    const apis = await request<{ data: { api_information: { calls_per_minute: number } }[] }>(
      CATALOG_ADMIN_PATHS.apisSubscribed,
      { body: {}, token: dev.token },
    );
    expect(apis.body.data[0]?.api_information.calls_per_minute).toBe(45);
  });
});

describe('products with files (admin)', () => {
  function productForm(mediaCount: number, withExecutable = true) {
    const form = new FormData();
    form.set('applicationName', 'Desktop Invoicer');
    form.set('applicationPrice', '4900');
    form.set('applicationDescription', 'Invoices on the desktop');
    form.set('dependencies', 'Java 17');
    if (withExecutable) form.set('applicationExecutable', new Blob([ELF]), 'invoicer');
    for (let i = 1; i <= mediaCount; i++) form.set(`media-${i}`, new Blob([PNG]), `shot-${i}.png`);
    return form;
  }

  it('adds a product with an executable and 4 media, then an update; the store lists them; media are public', async () => {
    const added = await asAdmin<{
      product: { id: number; media: { url: string }[]; executable: { id: string } };
    }>(CATALOG_ADMIN_PATHS.productsAdd, productForm(4));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.product.media).toHaveLength(4);
    const update = new FormData();
    update.set('productID', String(added.body.product.id));
    update.set('date', '2026-02-01');
    update.set('dependencies', 'Java 21');
    update.set('file', new Blob([ELF]), 'invoicer-1.1');
    const updated = await asAdmin<{ product: { updates: { date: string; dependencies: string }[] } }>(
      CATALOG_ADMIN_PATHS.productUpdateAdd,
      update,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.product.updates[0]).toMatchObject({ date: '2026-02-01', dependencies: 'Java 21' });
    const store = await request<ProductsGetAllResponse>(CATALOG_ADMIN_PATHS.productsGetAll);
    const listed = store.body.data.find((product) => product.id === added.body.product.id);
    expect(listed).toMatchObject({ name: 'Desktop Invoicer', price: 4900 });
    const media = await fetch(`${server.baseUrl}${listed?.media[0]?.url}`);
    expect(media.status).toBe(200);
    // The executable is not public.
    const exe = await fetch(`${server.baseUrl}/api/v1/files/${added.body.product.executable.id}`);
    expect(exe.status).toBe(404);
  });

  it('refuses a fifth media file, a missing executable, a wrong file type and bad fields with 4xx', async () => {
    const five = productForm(4);
    five.set('media-5', new Blob([PNG]), 'five.png');
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productsAdd, five)).status).toBe(400);
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productsAdd, productForm(1, false))).status).toBe(400);
    const wrong = productForm(0);
    wrong.set('media-1', new Blob([ELF]), 'not-an-image.png');
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productsAdd, wrong)).status).toBe(415);
    const badPrice = productForm(0);
    badPrice.set('applicationPrice', 'free');
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productsAdd, badPrice)).status).toBe(400);
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productsAdd, { applicationName: 'json' })).status).toBe(415);
    const orphan = new FormData();
    orphan.set('productID', '999999');
    orphan.set('date', '2026-02-01');
    expect((await asAdmin(CATALOG_ADMIN_PATHS.productUpdateAdd, orphan)).status).toBe(404);
  });
});

// The matrix's admin calls really run: they target a product that does not exist, so they answer
// 404 instead of changing the seeded Key Manager plans other test files read (one database on PostgreSQL).
const NO_PRODUCT = 999_999;

describeRoleMatrix('admin catalog', () => server, [
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.saasProductAdd,
    body: { date: '2026-01-01', name: 'M' },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.plansAdd,
    body: { productID: NO_PRODUCT, name: 'M', price: 0, isFree: true },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.plansUpdate,
    body: { productID: NO_PRODUCT, selectedPlanID: 1, name: 'Free', price: 0, isFree: true },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.plansDelete,
    body: { productID: NO_PRODUCT, planID: 999 },
    allowed: ['admin'],
  },
  { method: 'POST', path: CATALOG_ADMIN_PATHS.plans, body: { productID: NO_PRODUCT }, allowed: ['admin'] },
  { method: 'POST', path: CATALOG_ADMIN_PATHS.apiInfoGet, body: {}, allowed: ['admin'] },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.apiInfoSet,
    body: { productID: NO_PRODUCT, planID: 999, callsPerMinute: 10 },
    allowed: ['admin'],
  },
  { method: 'POST', path: CATALOG_ADMIN_PATHS.productsAdd, body: {}, allowed: ['admin'] },
  { method: 'POST', path: CATALOG_ADMIN_PATHS.productUpdateAdd, body: {}, allowed: ['admin'] },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.saasProductsGet,
    body: {},
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'POST',
    path: CATALOG_ADMIN_PATHS.apisSubscribed,
    body: {},
    allowed: ['client', 'staff', 'admin'],
  },
]);
