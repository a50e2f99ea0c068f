import {
  type CreateStaffRequest,
  USER_ADMIN_PATHS,
  ZClientOrdersResponse,
  ZManagedUsersResponse,
  ZOkResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { ADMIN_POLL_MS } from '../api';

const USERS_KEY = ['admin', 'users'] as const;

/** One keyset page of an admin list; the 3 s poll revalidates it with its ETag (304 while unchanged). */
function useUserPage(path: string, kind: string, page: { search: string; cursor?: string }) {
  return useQuery({
    queryKey: [...USERS_KEY, kind, page.search, page.cursor],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(path, { search: page.search.trim(), cursor: page.cursor }), {
        schema: ZManagedUsersResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export const useStaffUsers = (page: { search: string; cursor?: string }) =>
  useUserPage(USER_ADMIN_PATHS.staff, 'staff', page);

export const useClients = (page: { search: string; cursor?: string }) =>
  useUserPage(USER_ADMIN_PATHS.clients, 'clients', page);

/** One keyset page of a client's orders (newest first), searched by order name on the server. */
export function useClientOrders(
  userID: string | null,
  page: { search: string; cursor?: string; limit: number },
) {
  const search = page.search.trim();
  return useQuery({
    queryKey: [...USERS_KEY, 'orders', userID, search, page.cursor, page.limit],
    queryFn: ({ signal }) =>
      apiRequest(
        withQuery(USER_ADMIN_PATHS.clientOrders, {
          userID: userID ?? '',
          search,
          cursor: page.cursor,
          limit: page.limit,
        }),
        { schema: ZClientOrdersResponse, signal },
      ),
    enabled: userID !== null,
    // The page on screen stays while the next one loads, but never another client's orders.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === userID ? previous : undefined,
  });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffRequest) =>
      apiRequest(USER_ADMIN_PATHS.createStaff, { body, schema: ZOkResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userID: string; disabled: boolean }) =>
      apiRequest(USER_ADMIN_PATHS.setDisabled, { body, schema: ZOkResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
