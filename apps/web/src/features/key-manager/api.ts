import {
  type AddKeyRequest,
  type ApiKeyType,
  type ChangeKeyRequest,
  type GetKeysRequest,
  KEY_MANAGER_PATHS,
  PAGE_LIMIT_MAX,
  type RollApiKeyRequest,
  type SimulateApiKeyRequest,
  ZAddKeyResponse,
  ZChangeKeyResponse,
  ZGenerateApiKeyResponse,
  ZGetApiKeysResponse,
  ZGetKeysResponse,
  ZKeyManagerDataResponse,
  ZOkResponse,
  ZRollApiKeyResponse,
  ZSimulateApiKeyResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * docs/product-contract.md §Polling: key-manager data every 1 s, the key list every 3 s (so REST changes
 * show within 3 s).
 */
export const DATA_POLL_MS = 1000;
export const LIST_POLL_MS = 3000;

const KM = ['key-manager'] as const;
const DATA_KEY = [...KM, 'data'] as const;
const KEYS_KEY = [...KM, 'keys'] as const;
const API_KEYS_KEY = [...KM, 'api-keys'] as const;

export function useKeyManagerData() {
  return useQuery({
    queryKey: DATA_KEY,
    // Conditional: an unchanged poll is a 304 with no body (decision 025).
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.data, {
        body: {},
        schema: ZKeyManagerDataResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: DATA_POLL_MS,
  });
}

/** Keys per page of the Keys tab. */
export const KEYS_PAGE_SIZE = 50;
export type KeyFilter = 'all' | 'active' | 'disabled' | 'at-limit';

export interface KeyPageQuery {
  search: string;
  filter: KeyFilter;
  /** Keys of one product; undefined for every product. */
  productId?: string | undefined;
  /** Keys of one licensee: an exact email or customer ID; empty for everyone. */
  customer?: string;
  cursor: string | undefined;
}

const FILTERS: Record<KeyFilter, Pick<GetKeysRequest, 'is_active' | 'at_limit'>> = {
  all: {},
  active: { is_active: true },
  disabled: { is_active: false },
  'at-limit': { at_limit: true },
};

/**
 * One page of licence keys, searched and filtered on the server (decision 025). Polled with
 * If-None-Match, so an unchanged page costs a 304; a page nobody shows is dropped after 10 s, so the
 * tab holds a few pages at most, whatever the number of keys.
 */
export function useLicenceKeyPage({ search, filter, productId, customer, cursor }: KeyPageQuery) {
  const body: GetKeysRequest = {
    limit: KEYS_PAGE_SIZE,
    ...FILTERS[filter],
    ...(search ? { search } : {}),
    ...(productId ? { product_id: productId } : {}),
    ...(customer ? { customer } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return useQuery({
    queryKey: [...KEYS_KEY, body],
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.getKeys, { body, schema: ZGetKeysResponse, signal, conditional: true }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
    gcTime: 10_000,
  });
}

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.getApiKeys, {
        // At most API_KEY_LIMIT (10) keys are active: one page of the largest size holds them all.
        body: { limit: PAGE_LIMIT_MAX },
        schema: ZGetApiKeysResponse,
        signal,
      }),
    refetchInterval: LIST_POLL_MS,
  });
}

/** Every change refreshes the whole feature: counts, list and chart depend on one another. */
function useKeyManagerMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: KM }) });
}

export const useAddKey = () =>
  useKeyManagerMutation((body: AddKeyRequest) =>
    apiRequest(KEY_MANAGER_PATHS.addKey, { body, schema: ZAddKeyResponse }),
  );

export const useChangeKey = () =>
  useKeyManagerMutation((body: ChangeKeyRequest) =>
    apiRequest(KEY_MANAGER_PATHS.changeKey, { body, schema: ZChangeKeyResponse }),
  );

export const useRemoveKey = () =>
  useKeyManagerMutation((id: string) =>
    apiRequest(KEY_MANAGER_PATHS.removeKey, { body: { id }, schema: ZOkResponse }),
  );

/** `productId` restricts the key to one product's keys (decision 032); empty for all products. */
export const useGenerateApiKey = () =>
  useKeyManagerMutation(({ name, type, productId }: { name: string; type: ApiKeyType; productId?: string }) =>
    apiRequest(KEY_MANAGER_PATHS.generateApiKey, {
      body: { ...(name ? { name } : {}), type, ...(productId ? { productId } : {}) },
      schema: ZGenerateApiKeyResponse,
    }),
  );

export const useRevokeApiKey = () =>
  useKeyManagerMutation((id: string) =>
    apiRequest(KEY_MANAGER_PATHS.revokeApiKey, { body: { id }, schema: ZOkResponse }),
  );

/** Starts or stops an API key's simulated failure (the API tab's sandbox). */
export const useSimulateApiKey = () =>
  useKeyManagerMutation((body: SimulateApiKeyRequest) =>
    apiRequest(KEY_MANAGER_PATHS.simulateApiKey, { body, schema: ZSimulateApiKeyResponse }),
  );

/** A new key like this one; the old one keeps working for `overlapHours` (decision 037). */
export const useRollApiKey = () =>
  useKeyManagerMutation((body: RollApiKeyRequest) =>
    apiRequest(KEY_MANAGER_PATHS.rollApiKey, { body, schema: ZRollApiKeyResponse }),
  );
