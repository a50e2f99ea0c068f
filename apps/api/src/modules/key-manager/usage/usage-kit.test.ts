// Test helpers of the usage tests (decision 037), named *.test.ts so the production build leaves them
// out; vitest runs only *.api.test.ts and *.unit.test.ts, so this file holds no tests itself.

import {
  type AddKeyResponse,
  type AnalyticsQuery,
  type AnalyticsResponse,
  KEY_PRODUCT_PATHS,
  KEY_USAGE_PATHS,
  KEY_MANAGER_PATHS as P,
  type RequestLogQuery,
  type RequestLogResponse,
} from '@app/contract';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';

/** Figures are written only on a read's flush or on close in these tests: nothing depends on timing. */
export const USAGE_TEST_ENV = { KEY_USAGE_FLUSH_MS: '60000' };

export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export const VERSIONS = ['1.0.0', '2.0.0'] as const;

/** A developer with a fast private plan, `products` products and `keysPerProduct` keys in each. */
export async function developerWithKeys(server: TestServer, products: number, keysPerProduct: number[]) {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 1_000_000);
  const apiKey = await dev.apiKey();
  const made: Array<{ productId: string; keys: Array<{ id: string; key: string }> }> = [];
  for (let p = 0; p < products; p += 1) {
    const product = await dev.request<{ product: { id: string } }>(KEY_PRODUCT_PATHS.products, {
      body: { code: `app-${p}`, name: `App ${p}` },
      token: dev.token,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    const policy = await dev.request<{ policy: { id: string } }>(KEY_PRODUCT_PATHS.policies, {
      body: { productId: product.body.product.id, name: 'Standard', maxActivations: 0 },
      token: dev.token,
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const keys: Array<{ id: string; key: string }> = [];
    for (let k = 0; k < (keysPerProduct[p] ?? 0); k += 1) {
      const added = await dev.request<AddKeyResponse>(P.addKey, {
        body: { policyId: policy.body.policy.id },
        token: dev.token,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      keys.push({ id: added.body.key.id, key: added.body.key.key });
    }
    made.push({ productId: product.body.product.id, keys });
  }
  const analytics = async (body: AnalyticsQuery = {}, token = dev.token) => {
    const response = await dev.request<AnalyticsResponse>(KEY_USAGE_PATHS.analytics, { body, token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const requestLog = async (body: RequestLogQuery = {}) => {
    const response = await dev.request<RequestLogResponse>(KEY_USAGE_PATHS.requestLog, {
      body,
      token: dev.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  return { ...dev, newApiKey: dev.apiKey, apiKey, products: made, analytics, requestLog };
}

/** Runs `calls` with at most `parallel` in flight. */
export async function concurrently(calls: Array<() => Promise<unknown>>, parallel = 32): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const call = calls[next];
      next += 1;
      await call?.();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
