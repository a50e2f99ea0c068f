// Test helpers for the SDKs' licensing tests (decision 032), named *.test.ts so the production build
// leaves them out; vitest runs only *.api.test.ts and *.unit.test.ts, so this file holds no tests.

import {
  type AddKeyResponse,
  type CreatePolicyRequest,
  KEY_MANAGER_PATHS,
  KEY_PRODUCT_PATHS,
  LICENSE_PATHS,
  type PolicyResponse,
  type ProductResponse,
  type SigningKeysResponse,
} from '@app/contract';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { newDeveloper } from './developer-kit.test.js';

/**
 * A developer selling one product, `studio`, through the dashboard API as a seller would set it up:
 * a one-year standard policy (2 activations, entitlements pro and seats) and a 14-day trial policy;
 * plus `plain`, a product with no trial. The free plan allows 3 keys and 30 calls a minute: tests
 * that need more use another seller.
 */
export async function newSeller(server: TestServer) {
  const developer = await newDeveloper(server);
  const request = httpClient(server.baseUrl);
  const call = async <T>(path: string, body: object): Promise<T> => {
    const response = await request<T>(path, { body, token: developer.token });
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const product = async (code: string) =>
    (await call<ProductResponse>(KEY_PRODUCT_PATHS.products, { code, name: code })).product;
  const policy = async (fields: CreatePolicyRequest) =>
    (await call<PolicyResponse>(KEY_PRODUCT_PATHS.policies, fields)).policy;

  const studio = await product('studio');
  const plain = await product('plain');
  const standard = await policy({
    productId: studio.id,
    name: 'Studio yearly',
    maxActivations: 2,
    duration: { count: 1, unit: 'year' },
    entitlements: { pro: true, seats: 5 },
  });
  const trial = await policy({
    productId: studio.id,
    name: 'Studio trial',
    kind: 'trial',
    duration: { count: 14, unit: 'day' },
    entitlements: { pro: true },
  });
  const signingKeys = await request<SigningKeysResponse>(LICENSE_PATHS.signingKeys, {
    token: developer.token,
  });
  const current = signingKeys.body.signingKeys.find((key) => key.state === 'current');
  if (!current) throw new Error(`no signing key: ${JSON.stringify(signingKeys.body)}`);

  return {
    ...developer,
    studio,
    plain,
    standard,
    trial,
    /** The owner's current licence signing key: what signs certificates and online replies. */
    signingKey: current,
    /** A key issued from the yearly policy. */
    issueKey: async (customer: { customerEmail?: string; customerRef?: string } = {}) =>
      (await call<AddKeyResponse>(KEY_MANAGER_PATHS.addKey, { policyId: standard.id, ...customer })).key,
    /** A key with no policy: perpetual, in the default product. */
    plainKey: developer.addKey,
  };
}
