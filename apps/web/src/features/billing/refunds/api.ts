import {
  type AdminPaymentsQuery,
  REFUND_PATHS,
  type RefundRequest,
  ZAdminPaymentsResponse,
  ZRefundResponse,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const ADMIN_PAYMENTS_KEY = ['admin', 'payments'] as const;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The admin's payments, newest first, 25 a page (keyset cursor). */
export function useAdminPayments(filter: Pick<AdminPaymentsQuery, 'status' | 'email'>) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_PAYMENTS_KEY, filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        withQuery(REFUND_PATHS.adminPaymentsGet, {
          status: filter.status,
          email: filter.email,
          cursor: pageParam,
          limit: '25',
        }),
        { schema: ZAdminPaymentsResponse, signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      apiRequest(REFUND_PATHS.adminRefund, { body, schema: ZRefundResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY }),
  });
}
