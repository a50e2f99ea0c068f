import {
  type JobState,
  type MailSummary,
  OPERATIONS_PATHS,
  ZJobRetryResponse,
  ZJobsResponse,
  ZJobsSummaryResponse,
  ZMailListResponse,
  ZMailMessageResponse,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Operations lists refresh every 5 s while open: jobs move on their own. */
const OPERATIONS_POLL_MS = 5000;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function useJobsSummary() {
  return useQuery({
    queryKey: ['operations', 'jobs-summary'],
    queryFn: ({ signal }) =>
      apiRequest(OPERATIONS_PATHS.jobsSummary, { schema: ZJobsSummaryResponse, signal }),
    select: (reply) => reply.queues,
    refetchInterval: OPERATIONS_POLL_MS,
  });
}

export function useJobs(filter: { state?: JobState; queue?: string }) {
  return useInfiniteQuery({
    queryKey: ['operations', 'jobs', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery(OPERATIONS_PATHS.jobs, { ...filter, cursor: pageParam, limit: '50' }), {
        schema: ZJobsResponse,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: OPERATIONS_POLL_MS,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(OPERATIONS_PATHS.jobRetry, { method: 'POST', body: { id }, schema: ZJobRetryResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['operations'] }),
  });
}

export function useMailList(filter: { status?: MailSummary['status'] }) {
  return useInfiniteQuery({
    queryKey: ['operations', 'mail', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery(OPERATIONS_PATHS.mail, { ...filter, cursor: pageParam, limit: '50' }), {
        schema: ZMailListResponse,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: OPERATIONS_POLL_MS,
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: ['operations', 'mail-message', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiRequest(OPERATIONS_PATHS.mailMessage.replace(':id', id ?? ''), {
        schema: ZMailMessageResponse,
        signal,
      }),
    select: (reply) => reply.mail,
  });
}
