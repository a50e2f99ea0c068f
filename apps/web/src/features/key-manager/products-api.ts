import {
  type CreatePolicyRequest,
  type CreateProductRequest,
  KEY_PRODUCT_PATHS,
  keyProductPath,
  type LicensingSettings,
  PAGE_LIMIT_MAX,
  type UpdatePolicyRequest,
  ZGetPoliciesResponse,
  ZGetProductsResponse,
  ZLicensingSettingsResponse,
  ZOkResponse,
  ZPolicyResponse,
  ZProductResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

/** Under the feature's key, so a change to products or policies refreshes the key lists too. */
const KM = ['key-manager'] as const;
const PRODUCTS = [...KM, 'products'] as const;
const POLICIES = [...KM, 'policies'] as const;
const SETTINGS = [...KM, 'licensing-settings'] as const;

export const PRODUCTS_PAGE_SIZE = 20;
export const POLICIES_PAGE_SIZE = 20;

/** One page of the owner's products (the Products tab). */
export function useProductPage(cursor: string | undefined) {
  return useQuery({
    queryKey: [...PRODUCTS, 'page', cursor ?? null],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(KEY_PRODUCT_PATHS.products, { limit: PRODUCTS_PAGE_SIZE, cursor }), {
        schema: ZGetProductsResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every product, for the filters and pickers: an owner has at most LICENSING_LIMITS.productsPerOwner
 * (100), so one page of the largest size holds them all.
 */
export function useProductOptions() {
  return useQuery({
    queryKey: [...PRODUCTS, 'options'],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(KEY_PRODUCT_PATHS.products, { limit: PAGE_LIMIT_MAX }), {
        schema: ZGetProductsResponse,
        signal,
      }),
    select: (reply) => reply.products,
  });
}

/** One page of a product's policies. */
export function usePolicyPage(productId: string, cursor: string | undefined) {
  return useQuery({
    queryKey: [...POLICIES, productId, 'page', cursor ?? null],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(KEY_PRODUCT_PATHS.policies, { productId, limit: POLICIES_PAGE_SIZE, cursor }), {
        schema: ZGetPoliciesResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A product's policies for the pickers (at most LICENSING_LIMITS.policiesPerProduct, 50: one page).
 * Nothing is asked until a product is chosen.
 */
export function usePolicyOptions(productId: string | undefined) {
  return useQuery({
    queryKey: [...POLICIES, productId ?? null, 'options'],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(KEY_PRODUCT_PATHS.policies, { productId, limit: PAGE_LIMIT_MAX }), {
        schema: ZGetPoliciesResponse,
        signal,
      }),
    select: (reply) => reply.policies,
    enabled: productId !== undefined,
  });
}

export function useLicensingSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: ({ signal }) =>
      apiRequest(KEY_PRODUCT_PATHS.settings, { schema: ZLicensingSettingsResponse, signal }),
    select: (reply) => reply.settings,
  });
}

function useKeyManagerMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: KM }) });
}

export const useCreateProduct = () =>
  useKeyManagerMutation((body: CreateProductRequest) =>
    apiRequest(KEY_PRODUCT_PATHS.products, { body, schema: ZProductResponse }),
  );

export const useRenameProduct = () =>
  useKeyManagerMutation(({ id, name }: { id: string; name: string }) =>
    apiRequest(keyProductPath(KEY_PRODUCT_PATHS.product, id), {
      method: 'PATCH',
      body: { name },
      schema: ZProductResponse,
    }),
  );

export const useDeleteProduct = () =>
  useKeyManagerMutation((id: string) =>
    apiRequest(keyProductPath(KEY_PRODUCT_PATHS.product, id), { method: 'DELETE', schema: ZOkResponse }),
  );

export const useCreatePolicy = () =>
  useKeyManagerMutation((body: CreatePolicyRequest) =>
    apiRequest(KEY_PRODUCT_PATHS.policies, { body, schema: ZPolicyResponse }),
  );

export const useUpdatePolicy = () =>
  useKeyManagerMutation(({ id, body }: { id: string; body: UpdatePolicyRequest }) =>
    apiRequest(keyProductPath(KEY_PRODUCT_PATHS.policy, id), {
      method: 'PATCH',
      body,
      schema: ZPolicyResponse,
    }),
  );

export const useDeletePolicy = () =>
  useKeyManagerMutation((id: string) =>
    apiRequest(keyProductPath(KEY_PRODUCT_PATHS.policy, id), { method: 'DELETE', schema: ZOkResponse }),
  );

export const useSaveLicensingSettings = () =>
  useKeyManagerMutation((settings: LicensingSettings) =>
    apiRequest(KEY_PRODUCT_PATHS.settings, {
      method: 'PUT',
      body: settings,
      schema: ZLicensingSettingsResponse,
    }),
  );
