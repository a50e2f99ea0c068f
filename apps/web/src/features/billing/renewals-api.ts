import {
  RENEWAL_PATHS,
  type SandboxCardRequest,
  ZBillingPortalResponse,
  ZPastDueResponse,
  ZSubscriptionActionResponse,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { BILLING_KEY } from './api';

/** Automatic renewals (decision 021): cancel at period end, resume, card update, Stripe's portal. */
function useRenewalMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: BILLING_KEY });
      await client.invalidateQueries({ queryKey: ['key-manager'] });
    },
  });
}

export const useCancelAtPeriodEnd = () =>
  useRenewalMutation((subscriptionID: string) =>
    apiRequest(RENEWAL_PATHS.cancel, { body: { subscriptionID }, schema: ZSubscriptionActionResponse }),
  );

export const useResumeSubscription = () =>
  useRenewalMutation((subscriptionID: string) =>
    apiRequest(RENEWAL_PATHS.resume, { body: { subscriptionID }, schema: ZSubscriptionActionResponse }),
  );

export const useSandboxCard = () =>
  useRenewalMutation((body: SandboxCardRequest) =>
    apiRequest(RENEWAL_PATHS.sandboxCard, { body, schema: ZSubscriptionActionResponse }),
  );

export const useBillingPortal = () =>
  useMutation({
    mutationFn: () => apiRequest(RENEWAL_PATHS.billingPortal, { body: {}, schema: ZBillingPortalResponse }),
  });

/** Admin: past-due subscriptions, newest first, cursor pages; refreshed like the other admin lists. */
export function usePastDueSubscriptions() {
  return useInfiniteQuery({
    queryKey: [...BILLING_KEY, 'past-due'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`${RENEWAL_PATHS.adminPastDue}?limit=50${pageParam ? `&cursor=${pageParam}` : ''}`, {
        schema: ZPastDueResponse,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5000,
  });
}
