// Test helpers, named *.test.ts so the production build (tsconfig exclude) leaves them out; vitest only
// runs *.api.test.ts and *.unit.test.ts, so this file holds no tests itself.

import { randomUUID } from 'node:crypto';
import {
  type AddKeyResponse,
  type ApiKeyType,
  CATALOG_PATHS,
  type GenerateApiKeyResponse,
  KEY_MANAGER_PATHS,
  type PlansGetResponse,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { signupClient } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

export type Request = ReturnType<typeof httpClient>;

/** A signed-up client, optionally on the free Key Manager plan, with shortcuts for the usual calls. */
export async function newDeveloper(server: TestServer, options: { plan?: 'free' | 'none' } = {}) {
  const request = httpClient(server.baseUrl);
  const account = await signupClient(server);
  const token = account.access;
  const data = await request<{ product: { id: number } }>(KEY_MANAGER_PATHS.data, { body: {}, token });
  const productId = data.body.product.id;
  const plans = await request<PlansGetResponse>(CATALOG_PATHS.plansGet, {
    body: { product_id: productId },
    token,
  });
  const free = plans.body.plans.find((plan) => plan.is_free);
  if (!free) throw new Error('no free plan seeded');
  if (options.plan !== 'none') {
    const activated = await request(CATALOG_PATHS.plansActivate, {
      body: { productID: productId, planID: free.id, isUpgrade: false },
      token,
    });
    expect(activated.status).toBe(200);
  }

  async function addKey(maxActivations = 3, isActivated = true) {
    const response = await request<AddKeyResponse>(KEY_MANAGER_PATHS.addKey, {
      body: { maxActivations, isActivated },
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.key;
  }

  async function apiKey(type?: ApiKeyType) {
    const response = await request<GenerateApiKeyResponse>(KEY_MANAGER_PATHS.generateApiKey, {
      body: type ? { type } : {},
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.key;
  }

  return { request, token, email: account.email, productId, plans: plans.body.plans, free, addKey, apiKey };
}

/**
 * Moves a developer onto a plan of their own with this rate. The plan is archived, so no catalog
 * list shows it; the shared free plan stays untouched for the other test files, which on
 * PostgreSQL run at the same time against the same database.
 */
export async function givePrivatePlan(
  server: TestServer,
  email: string,
  productId: number,
  callsPerMinute: number,
) {
  const user = await server.deps.accounts.findByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const inserted = (await server.database.db.execute(
    sql`insert into saas_plans (product_id, slug, name, is_free, calls_per_minute, max_keys_allowed, archived)
        values (${productId}, ${`test-${randomUUID()}`}, 'Test plan', true, ${callsPerMinute}, 0, true)
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  const planId = inserted.rows[0]?.id;
  if (planId === undefined) throw new Error('plan insert returned nothing');
  await server.database.db.execute(
    sql`update plan_subscriptions set plan_id = ${planId} where user_id = ${user.id} and status = 'active'`,
  );
  server.deps.catalog.subscriptionChanged(user.id);
}
