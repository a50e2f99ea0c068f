import {
  type OkResponse,
  PROJECT_PATHS,
  type ProjectStatus,
  ZEmployeesResponse,
  ZManagedProjectsResponse,
  ZOkResponse,
  ZProjectsOverviewResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toast/toast-context';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { ADMIN_POLL_MS } from '../api';

export const ADMIN_PROJECTS_KEY = ['admin', 'projects'] as const;

/** One keyset page of admin projects; the 3 s poll revalidates it with its ETag (304 while unchanged). */
export function useAdminProjects(page: { search: string; status?: ProjectStatus; cursor?: string }) {
  return useQuery({
    queryKey: [...ADMIN_PROJECTS_KEY, 'list', page.search, page.status, page.cursor],
    queryFn: ({ signal }) =>
      apiRequest(
        withQuery(PROJECT_PATHS.adminProjects, {
          search: page.search.trim(),
          status: page.status,
          cursor: page.cursor,
        }),
        { schema: ZManagedProjectsResponse, signal, conditional: true },
      ),
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useEmployees() {
  return useQuery({
    queryKey: ['admin', 'employees'],
    queryFn: ({ signal }) => apiRequest(PROJECT_PATHS.adminEmployees, { schema: ZEmployeesResponse, signal }),
    select: (reply) => reply.employees,
    refetchInterval: ADMIN_POLL_MS,
  });
}

export function useProjectsOverview() {
  return useQuery({
    queryKey: [...ADMIN_PROJECTS_KEY, 'overview'],
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_PATHS.adminOverview, { schema: ZProjectsOverviewResponse, signal }),
    select: (reply) => reply.overview,
    refetchInterval: ADMIN_POLL_MS,
  });
}

type ActionPath = (typeof PROJECT_PATHS)[
  | 'adminApprove'
  | 'adminDuration'
  | 'adminAssign'
  | 'adminPaymentLink'
  | 'adminUpdate'
  | 'adminPaymentDetails'
  | 'adminStatus'];

/**
 * One admin action; success shows the server's exact message (docs/product-contract.md §Messages) in a
 * toast and refreshes the list.
 */
export function useProjectAction<T>(path: ActionPath) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T): Promise<OkResponse> => apiRequest(path, { body, schema: ZOkResponse }),
    onSuccess: async (reply) => {
      toast.show({ variant: 'success', message: reply.message ?? 'Saved' });
      await queryClient.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY });
    },
  });
}
