import {
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  type ProjectSupport,
  QUOTE_PATHS,
  type Quote,
  type SubscriptionsGetResponse,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { createAccount, type TestAccount } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { billingKit, DAY, SANDBOX_SECRET } from '../../billing/billing-kit.test.js';
import { BILLING_RENEWALS_JOB } from '../../billing/renewal-sweep.js';
import { dealsKit } from './deals-kit.test.js';

let server: TestServer;
let admin: TestAccount;
let deals: ReturnType<typeof dealsKit>;
let billing: ReturnType<typeof billingKit>;
let startedAt: Date;

beforeAll(async () => {
  server = await startTestServer({
    env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, JOBS_POLL_SECONDS: '0.5' },
  });
  deals = dealsKit(server);
  billing = billingKit(server);
  admin = await createAccount(server, 'admin');
  startedAt = server.clock.now();
});
afterAll(async () => server?.close());
afterEach(() => server.clock.set(startedAt));

async function runRenewals(): Promise<void> {
  const id = await server.deps.jobs.enqueue(BILLING_RENEWALS_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(BILLING_RENEWALS_JOB, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`renewals failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

async function supportOf(token: string, projectID: string) {
  const listed = await deals.request<{ quotes: Quote[]; support: ProjectSupport | null }>(
    `${QUOTE_PATHS.projectQuotes}?projectID=${projectID}`,
    { token },
  );
  expect(listed.status).toBe(200);
  return listed.body.support;
}

describe('a quote’s monthly fee renews through the renewal engine', () => {
  it('becomes a plan of the project’s own that the client subscribes to and the saved card renews', async () => {
    const client = await createAccount(server, 'client');
    const stranger = await createAccount(server, 'client');
    const quote = await deals.sentQuote(admin, client);
    expect(await supportOf(client.access, quote.projectID)).toBeNull();
    expect((await deals.accept(client, quote.id)).status).toBe(200);
    const support = await supportOf(client.access, quote.projectID);
    expect(support).toMatchObject({ price: 15_000, currency: 'usd', term: 'm', active: false });
    if (!support) throw new Error('no support plan');

    // Not in the catalog, and nobody else can see or buy it.
    const catalog = await deals.request<{ products: { id: number }[] }>(CATALOG_ADMIN_PATHS.saasProductsGet, {
      body: {},
      token: client.access,
    });
    expect(catalog.body.products.map((p) => p.id)).not.toContain(support.productID);
    const peek = await deals.request(CATALOG_PATHS.plansGet, {
      body: { product_id: support.productID },
      token: stranger.access,
    });
    expect(peek.status).toBe(404);
    const steal = await deals.request(CATALOG_PATHS.plansActivate, {
      body: { productID: support.productID, planID: support.planID, isUpgrade: false },
      token: stranger.access,
    });
    expect(steal.status).toBe(404);

    const checkout = await billing.startCheckout(client.access, support.productID, support.planID);
    expect((await billing.pay(client.access, checkout.paymentID)).status).toBe(200);
    expect(await supportOf(client.access, quote.projectID)).toMatchObject({ active: true });
    const subscriptions = await deals.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
      body: {},
      token: client.access,
    });
    const subscription = subscriptions.body.subscriptions.find((s) => s.productID === support.productID);
    expect(subscription).toMatchObject({ state: 'active', renewal: { automatic: true, status: 'active' } });
    const periodEnd = new Date(subscription?.period_end ?? '');
    expect(periodEnd.getTime()).toBeGreaterThan(startedAt.getTime() + 27 * DAY);

    // At the period end the renewal engine charges the saved card for the next month.
    server.clock.set(periodEnd);
    await runRenewals();
    const token = (await server.deps.sessions.issue({ id: client.id, userType: 'c' }, false)).access;
    const renewed = await deals.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
      body: {},
      token,
    });
    const after = renewed.body.subscriptions.find((s) => s.productID === support.productID);
    expect(new Date(after?.period_end ?? '').getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY);
    expect(after).toMatchObject({ state: 'active', renewal: { failed_attempts: 0 } });
  });
});
