import {
  type Order,
  PROJECT_PATHS,
  type QuickProjectRequest,
  ZApplicationTypesResponse,
  ZProjectRequestResponse,
  ZUserProjectsResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { withQuery } from '../../lib/with-query';

/** docs/product-contract.md §Polling: projects are polled every 2 s. */
export const PROJECTS_POLL_MS = 2000;
export const MY_PROJECTS_KEY = ['projects', 'mine'] as const;

const ordersOf = (reply: { data: Record<string, Order>; nextCursor: string | null }) => ({
  // The API keys them by order id, in its page order; sorted again so the order never depends on it.
  orders: Object.values(reply.data).sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  ),
  nextCursor: reply.nextCursor,
});

/**
 * One keyset page of the client's orders, newest first, polled every 2 s with its ETag (304 while
 * nothing changed, decision 030). `order` asks for that one order (a project mail's link).
 */
export function useMyOrders(
  page: { cursor?: string | undefined; order?: string | undefined } = {},
  enabled = true,
) {
  return useQuery({
    queryKey: [...MY_PROJECTS_KEY, page.cursor, page.order],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(PROJECT_PATHS.userProjects, { cursor: page.cursor, order: page.order }), {
        schema: ZUserProjectsResponse,
        signal,
        conditional: true,
      }),
    select: ordersOf,
    refetchInterval: PROJECTS_POLL_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useApplicationTypes() {
  return useQuery({
    queryKey: ['projects', 'application-types'],
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_PATHS.applicationTypes, { schema: ZApplicationTypesResponse, signal, auth: false }),
    select: (reply) => reply.applicationTypes,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Customer-area variant: a name and one type, as JSON. */
export function useQuickRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickProjectRequest) =>
      apiRequest(PROJECT_PATHS.request, { body, schema: ZProjectRequestResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PROJECTS_KEY }),
  });
}

/** Order page: multipart with files, reporting upload progress. */
export function useProjectRequest(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiUpload(PROJECT_PATHS.request, form, { schema: ZProjectRequestResponse, onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PROJECTS_KEY }),
  });
}
