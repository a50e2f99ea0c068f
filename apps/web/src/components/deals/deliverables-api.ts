import {
  DELIVERABLE_PATHS,
  type ZAddDeliverableRequest,
  ZDeliverablesResponse,
  ZMilestoneWorkResponse,
  ZProjectFilesResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { DEALS_KEY, DEALS_POLL_MS } from '../../lib/deal-keys';
import { withQuery } from '../../lib/with-query';
import { useToast } from '../toast/toast-context';

/**
 * Milestone deliverables and the project's files (decision 035, amended 2026-11-28), as the client's
 * portal, the admin panel and the staff area read them. The keys sit under the deals' key, so a step
 * that invalidates the deals (an approval, an invoice) refreshes them too.
 */
export const deliverableKeys = {
  work: (projectID: string) => [...DEALS_KEY, 'work', projectID] as const,
  files: (projectID: string, cursor: string | undefined) =>
    [...DEALS_KEY, 'files', projectID, cursor] as const,
};

/** A project's milestones with their deliverables and history. */
export function useMilestoneWork(projectID: string, enabled = true) {
  return useQuery({
    queryKey: deliverableKeys.work(projectID),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(DELIVERABLE_PATHS.list, { projectID }), { schema: ZDeliverablesResponse, signal }),
    select: (reply) => reply.milestones,
    refetchInterval: DEALS_POLL_MS,
    enabled,
  });
}

/** One page of the project's files, newest first. */
export function useProjectFiles(projectID: string, cursor: string | undefined, limit = 10) {
  return useQuery({
    queryKey: deliverableKeys.files(projectID, cursor),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(DELIVERABLE_PATHS.files, { projectID, cursor, limit }), {
        schema: ZProjectFilesResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A step on a milestone (add, deliver, approve, ask for changes): the server's sentence in a toast,
 * then the deals read again. An approval may issue the milestone's invoice a moment later (billing's
 * job), so the deals are read once more after the job queue's poll.
 */
export function useMilestoneStep<T>(send: (body: T) => Promise<z.output<typeof ZMilestoneWorkResponse>>) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: async (reply) => {
      toast.show({ message: reply.message, variant: 'success' });
      if (reply.milestone.status === 'approved')
        setTimeout(() => void client.invalidateQueries({ queryKey: DEALS_KEY }), 3000);
      await client.invalidateQueries({ queryKey: DEALS_KEY });
    },
  });
}

export const postStep = (path: string) => (body: unknown) =>
  apiRequest(path, { body, schema: ZMilestoneWorkResponse });

/** A link or a note as JSON. */
export const postDeliverable = (body: z.input<typeof ZAddDeliverableRequest>) =>
  apiRequest(DELIVERABLE_PATHS.add, { body, schema: ZMilestoneWorkResponse });

/** A file, with its note, as multipart with upload progress. */
export function uploadDeliverable(
  input: { milestoneID: string; note: string; file: File },
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.set('milestoneID', input.milestoneID);
  form.set('note', input.note);
  form.set('file', input.file, input.file.name);
  return apiUpload(DELIVERABLE_PATHS.add, form, { schema: ZMilestoneWorkResponse, onProgress });
}
