import { CATALOG_PATHS, ZPlansGetResponse } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** A product's plans (the catalog): offered by the Key Manager page, changed to under Subscriptions. */
export function usePlans(productId: number | undefined) {
  return useQuery({
    queryKey: ['catalog', 'plans', productId ?? 0],
    enabled: productId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest(CATALOG_PATHS.plansGet, {
        body: { product_id: productId },
        schema: ZPlansGetResponse,
        signal,
      }),
  });
}
