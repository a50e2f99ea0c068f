import {
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  type PlanAddRequest,
  type PlanUpdateRequest,
  type SaasProductAddRequest,
  ZApiInfoGetResponse,
  ZBillingMessageResponse,
  ZCatalogMessageResponse,
  ZPlanSaveResponse,
  ZProductAddResponse,
  ZSaasProductAddResponse,
  ZSaasProductsGetResponse,
  ZUpgradeRequestsGetResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';

/** docs/product-contract.md §Polling: admin lists every 3 s. */
export const ADMIN_POLL_MS = 3000;
const ADMIN_CATALOG = ['admin-catalog'] as const;

export function useAdminSaasProducts() {
  return useQuery({
    queryKey: [...ADMIN_CATALOG, 'saas'],
    queryFn: ({ signal }) =>
      apiRequest(CATALOG_ADMIN_PATHS.saasProductsGet, { body: {}, schema: ZSaasProductsGetResponse, signal }),
    select: (reply) => reply.products,
    refetchInterval: ADMIN_POLL_MS,
  });
}

export function useApiInfo() {
  return useQuery({
    queryKey: [...ADMIN_CATALOG, 'api-info'],
    queryFn: ({ signal }) =>
      apiRequest(CATALOG_ADMIN_PATHS.apiInfoGet, { body: {}, schema: ZApiInfoGetResponse, signal }),
    select: (reply) => reply.information,
    refetchInterval: ADMIN_POLL_MS,
  });
}

export function useUpgradeRequests() {
  return useQuery({
    queryKey: [...ADMIN_CATALOG, 'upgrade-requests'],
    queryFn: ({ signal }) =>
      apiRequest(BILLING_PATHS.upgradeRequestsGet, { schema: ZUpgradeRequestsGetResponse, signal }),
    select: (reply) => reply.requests,
    refetchInterval: ADMIN_POLL_MS,
  });
}

function useAdminMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ADMIN_CATALOG });
      await client.invalidateQueries({ queryKey: ['catalog'] });
    },
  });
}

export const useAddSaasProduct = () =>
  useAdminMutation((body: SaasProductAddRequest) =>
    apiRequest(CATALOG_ADMIN_PATHS.saasProductAdd, { body, schema: ZSaasProductAddResponse }),
  );

export const useAddPlan = () =>
  useAdminMutation((body: PlanAddRequest) =>
    apiRequest(CATALOG_ADMIN_PATHS.plansAdd, { body, schema: ZPlanSaveResponse }),
  );

export const useUpdatePlan = () =>
  useAdminMutation((body: PlanUpdateRequest) =>
    apiRequest(CATALOG_ADMIN_PATHS.plansUpdate, { body, schema: ZPlanSaveResponse }),
  );

export const useDeletePlan = () =>
  useAdminMutation((body: { productID: number; planID: number }) =>
    apiRequest(CATALOG_ADMIN_PATHS.plansDelete, { body, schema: ZCatalogMessageResponse }),
  );

export const useSetApiInfo = () =>
  useAdminMutation((body: { productID: number; planID: number; callsPerMinute: number }) =>
    apiRequest(CATALOG_ADMIN_PATHS.apiInfoSet, { body, schema: ZCatalogMessageResponse }),
  );

export const useApproveUpgrade = () =>
  useAdminMutation((requestID: number) =>
    apiRequest(BILLING_PATHS.upgradeRequestsApprove, {
      body: { requestID },
      schema: ZBillingMessageResponse,
    }),
  );

export const useUploadProduct = () =>
  useAdminMutation(({ form, onProgress }: { form: FormData; onProgress: (percent: number) => void }) =>
    apiUpload(CATALOG_ADMIN_PATHS.productsAdd, form, { schema: ZProductAddResponse, onProgress }),
  );

export const useUploadProductUpdate = () =>
  useAdminMutation(({ form, onProgress }: { form: FormData; onProgress: (percent: number) => void }) =>
    apiUpload(CATALOG_ADMIN_PATHS.productUpdateAdd, form, { schema: ZProductAddResponse, onProgress }),
  );
