import {
  BILLING_PATHS,
  CATALOG_PATHS,
  EMAIL_NOT_VERIFIED_MESSAGE,
  KEY_MANAGER_PATHS,
  type PlansGetResponse,
  RENEWAL_PATHS,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents } from '../../db/schema/index.js';
import { verifyEmailFromMail } from '../../test/email-verification.js';
import { signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

/** Unverified people use the site but cannot subscribe, pay or create API keys (decision 033). */
let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({ env: { BRAND_NAME: 'Acme Studio' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

async function freePlanOf(token: string) {
  const data = await request<{ product: { id: number } }>(KEY_MANAGER_PATHS.data, { body: {}, token });
  expect(data.status).toBe(200);
  const productId = data.body.product.id;
  const plans = await request<PlansGetResponse>(CATALOG_PATHS.plansGet, {
    body: { product_id: productId },
    token,
  });
  const free = plans.body.plans.find((plan) => plan.is_free);
  if (!free) throw new Error('no free plan seeded');
  return { productId, planId: free.id };
}

const CARD = {
  cardNumber: '4242424242424242',
  expiry: '12/40',
  cvc: '123',
  firstName: 'Grace',
  lastName: 'Hopper',
};
const SOME_ID = '00000000-0000-4000-8000-000000000000';

const expectRefused = (response: { status: number; body: unknown }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body).toEqual({
    status: 'failed',
    code: 'email_not_verified',
    message: EMAIL_NOT_VERIFIED_MESSAGE,
  });
};

describe('the verified-email gate', () => {
  it('refuses subscribing, paying, saving a card and API keys until the link is opened', async () => {
    const person = await signupClient(server, {}, { verify: false });
    const token = person.access;
    const { productId, planId } = await freePlanOf(token);
    const activate = () =>
      request(CATALOG_PATHS.plansActivate, {
        body: { productID: productId, planID: planId, isUpgrade: false },
        token,
      });

    expectRefused(await activate());
    expectRefused(await request(BILLING_PATHS.renew, { body: { productID: productId }, token }));
    expectRefused(await request(BILLING_PATHS.payPending, { body: { paymentID: SOME_ID }, token }));
    expectRefused(await request(BILLING_PATHS.sandboxPay, { body: { paymentID: SOME_ID, ...CARD }, token }));
    expectRefused(
      await request(RENEWAL_PATHS.sandboxCard, { body: { subscriptionID: SOME_ID, ...CARD }, token }),
    );
    expectRefused(await request(KEY_MANAGER_PATHS.generateApiKey, { body: {}, token }));
    // What needs no proof still works: reading plans and payments.
    expect((await request(BILLING_PATHS.pendingPayments, { body: {}, token })).status).toBe(200);

    // The link verifies the person; the same access token passes at once (the guard's state was dropped).
    await verifyEmailFromMail(server, person.email);
    const activated = await activate();
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const key = await request<{ key: string; id: string }>(KEY_MANAGER_PATHS.generateApiKey, {
      body: { name: 'CI deploys' },
      token,
    });
    expect(key.status, JSON.stringify(key.body)).toBe(200);

    // The person is told of the new key, without the key.
    const [mail] = (await mailsTo(server, person.email)).filter(
      (candidate) => candidate.subject === 'A new API key was created in your Acme Studio account',
    );
    expect(mail?.text).toContain('A secret API key named "CI deploys" was created with your sign-in');
    expect(mail?.text).not.toContain(key.body.key);
    expect(mail?.html ?? '').not.toContain(key.body.key);
    const [event] = await server.database.db
      .select()
      .from(accountAuditEvents)
      .where(
        and(eq(accountAuditEvents.action, 'api_key.created'), eq(accountAuditEvents.target, 'CI deploys')),
      );
    expect(event).toMatchObject({
      actorName: 'Grace Hopper',
      detail: { keyId: key.body.id, type: 'secret' },
    });
  });
});
