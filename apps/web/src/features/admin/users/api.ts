import {
  type CreateStaffRequest,
  USER_ADMIN_PATHS,
  ZClientOrdersResponse,
  ZManagedUsersResponse,
  ZOkResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_POLL_MS } from '../api';

const USERS_KEY = ['admin', 'users'] as const;

export function useStaffUsers() {
  return useQuery({
    queryKey: [...USERS_KEY, 'staff'],
    queryFn: ({ signal }) => apiRequest(USER_ADMIN_PATHS.staff, { schema: ZManagedUsersResponse, signal }),
    select: (reply) => reply.users,
    refetchInterval: ADMIN_POLL_MS,
  });
}

export function useClients(search: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'clients', search],
    queryFn: ({ signal }) => {
      const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
      return apiRequest(`${USER_ADMIN_PATHS.clients}${query}`, { schema: ZManagedUsersResponse, signal });
    },
    select: (reply) => reply.users,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: (previous) => previous,
  });
}

export function useClientOrders(userID: string | null) {
  return useQuery({
    queryKey: [...USERS_KEY, 'orders', userID],
    queryFn: ({ signal }) =>
      apiRequest(`${USER_ADMIN_PATHS.clientOrders}?userID=${encodeURIComponent(userID ?? '')}`, {
        schema: ZClientOrdersResponse,
        signal,
      }),
    select: (reply) => reply.orders,
    enabled: userID !== null,
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
