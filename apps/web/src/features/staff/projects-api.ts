import { PROJECT_PATHS, type ProgressRequest, ZManagedProjectsResponse, ZOkResponse } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/providers/toast-context';
import { apiRequest } from '../../lib/api-client';

/** Spec §9: projects are polled every 2 s. */
const STAFF_PROJECTS_KEY = ['staff', 'projects'] as const;

export function useAssignedProjects() {
  return useQuery({
    queryKey: STAFF_PROJECTS_KEY,
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_PATHS.staffProjects, { schema: ZManagedProjectsResponse, signal }),
    select: (reply) => reply.projects,
    refetchInterval: 2000,
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
