import {
  QUOTE_PATHS,
  type ZAcceptQuoteRequest,
  type ZDeclineQuoteRequest,
  ZMilestonesResponse,
  ZQuoteResponse,
  ZQuotesResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context';
import { apiRequest } from '../../../lib/api-client';
import { DEALS_KEY, DEALS_POLL_MS, dealKeys } from '../../../lib/deal-keys';
import { withQuery } from '../../../lib/with-query';
import { MY_PROJECTS_KEY } from '../api';

/**
 * A project's quote revisions the client was sent, newest first, and the support plan an accepted
 * quote's recurring part became (decision 035).
 */
export function useProjectQuotes(projectID: string) {
  return useQuery({
    queryKey: dealKeys.quotes(projectID),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(QUOTE_PATHS.projectQuotes, { projectID }), { schema: ZQuotesResponse, signal }),
    select: (reply) => ({ quotes: reply.quotes, support: reply.support }),
    refetchInterval: DEALS_POLL_MS,
  });
}

/** The project's milestones (from its accepted quote), each with its invoice. */
export function useProjectMilestones(projectID: string, enabled = true) {
  return useQuery({
    queryKey: dealKeys.milestones(projectID),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(QUOTE_PATHS.milestones, { projectID }), { schema: ZMilestonesResponse, signal }),
    select: (reply) => reply.milestones,
    refetchInterval: DEALS_POLL_MS,
    enabled,
  });
}

/**
 * A decision on a quote: the server's sentence in a toast; the project (approved, its dates set) and
 * its deals are read again.
 */
function useQuoteDecision<T>(path: string) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { body, schema: ZQuoteResponse }),
    onSuccess: async (reply) => {
      toast.show({ message: reply.message, variant: 'success' });
      await Promise.all([
        client.invalidateQueries({ queryKey: DEALS_KEY }),
        client.invalidateQueries({ queryKey: MY_PROJECTS_KEY }),
      ]);
    },
  });
}

export const useAcceptQuote = () =>
  useQuoteDecision<z.output<typeof ZAcceptQuoteRequest>>(QUOTE_PATHS.accept);
export const useDeclineQuote = () =>
  useQuoteDecision<z.input<typeof ZDeclineQuoteRequest>>(QUOTE_PATHS.decline);
