import { PROJECT_PATHS, type ProgressRequest, ZManagedProjectsResponse, ZOkResponse } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

/** docs/product-contract.md §Polling: projects are polled every 2 s (a 304 while nothing changed). */
const STAFF_PROJECTS_KEY = ['staff', 'projects'] as const;

/** One keyset page of the projects assigned to me, newest order first; `search` matches the name. */
export function useAssignedProjects(page: { search: string; cursor?: string | undefined }) {
  const search = page.search.trim();
  return useQuery({
    queryKey: [...STAFF_PROJECTS_KEY, search, page.cursor],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(PROJECT_PATHS.staffProjects, { search, cursor: page.cursor }), {
        schema: ZManagedProjectsResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: 2000,
    placeholderData: keepPreviousData,
  });
}

export function useStaffProgress() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: ProgressRequest) =>
      apiRequest(PROJECT_PATHS.staffUpdate, { body, schema: ZOkResponse }),
    onSuccess: async (reply) => {
      toast.show({ variant: 'success', message: reply.message ?? 'Saved' });
      await queryClient.invalidateQueries({ queryKey: STAFF_PROJECTS_KEY });
    },
  });
}
