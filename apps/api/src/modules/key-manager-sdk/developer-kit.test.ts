import {
  type AddKeyResponse,
  type ApiKeyType,
  CATALOG_PATHS,
  type GenerateApiKeyResponse,
  type GetKeysResponse,
  KEY_MANAGER_PATHS,
  type KeyManagerDataResponse,
  type PlansGetResponse,
} from '@app/contract';
import { signupClient } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

/**
 * A new user set up through the HTTP API exactly as the acceptance story does: sign up, activate
 * the free Key Manager plan, then create licence keys and API keys from the dashboard API.
 */
export async function newDeveloper(server: TestServer) {
  const request = httpClient(server.baseUrl);
  const { access: token } = await signupClient(server);
  const call = async <T>(path: string, body: object): Promise<T> => {
    const response = await request<T>(path, { body, token });
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const data = await call<KeyManagerDataResponse>(KEY_MANAGER_PATHS.data, {});
  const plans = await call<PlansGetResponse>(CATALOG_PATHS.plansGet, { product_id: data.product.id });
  const free = plans.plans.find((plan) => plan.is_free);
  if (!free) throw new Error('no free Key Manager plan seeded');
  await call(CATALOG_PATHS.plansActivate, { productID: data.product.id, planID: free.id, isUpgrade: false });

  return {
    /** The developer's access token, for dashboard calls the kit has no shortcut for. */
    token,
    addKey: async (maxActivations: number) =>
      (await call<AddKeyResponse>(KEY_MANAGER_PATHS.addKey, { maxActivations, isActivated: true })).key,
    apiKey: async (type?: ApiKeyType) =>
      (await call<GenerateApiKeyResponse>(KEY_MANAGER_PATHS.generateApiKey, type ? { type } : {})).key,
    keys: async () => (await call<GetKeysResponse>(KEY_MANAGER_PATHS.getKeys, {})).keys,
  };
}
