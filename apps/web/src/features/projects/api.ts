import {
  type Order,
  PROJECT_PATHS,
  type QuickProjectRequest,
  ZApplicationTypesResponse,
  ZProjectRequestResponse,
  ZUserProjectsResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';

/** Spec §9: projects are polled every 2 s. */
export const PROJECTS_POLL_MS = 2000;
export const MY_PROJECTS_KEY = ['projects', 'mine'] as const;

/** The client's orders, newest first (the API keys them by order id). */
export function useMyOrders() {
  return useQuery({
    queryKey: MY_PROJECTS_KEY,
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_PATHS.userProjects, { schema: ZUserProjectsResponse, signal }),
    select: (reply): Order[] =>
      Object.values(reply.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    refetchInterval: PROJECTS_POLL_MS,
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
