import {
  INVOICE_PATHS,
  type IssueInvoiceRequest,
  QUOTE_PATHS,
  type SaveQuoteRequest,
  ZInvoiceResponse,
  ZMilestonesResponse,
  ZQuoteResponse,
  ZQuotesResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useToast } from '../../../../components/toast/toast-context';
import { apiRequest } from '../../../../lib/api-client';
import { DEALS_KEY, DEALS_POLL_MS, dealKeys } from '../../../../lib/deal-keys';
import { withQuery } from '../../../../lib/with-query';
import { ADMIN_PROJECTS_KEY } from '../api';

/** Every revision of a project's quote, newest first, drafts included (an admin's view). */
export function useAdminProjectQuotes(projectID: string) {
  return useQuery({
    queryKey: dealKeys.quotes(projectID),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(QUOTE_PATHS.projectQuotes, { projectID }), { schema: ZQuotesResponse, signal }),
    select: (reply) => reply.quotes,
    refetchInterval: DEALS_POLL_MS,
  });
}

export function useAdminMilestones(projectID: string, enabled: boolean) {
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
 * A deal action of the admin: the server's sentence in a toast (unless `quiet`: the caller speaks,
 * e.g. Save and send, whose send has the last word), then the deals and the projects list (a quote's
 * acceptance changes the project) are read again.
 */
function useDealAction<TBody, TReply extends { message: string }>(
  send: (body: TBody) => Promise<TReply>,
  quiet = false,
) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: async (reply) => {
      if (!quiet) toast.show({ message: reply.message, variant: 'success' });
      await Promise.all([
        client.invalidateQueries({ queryKey: DEALS_KEY }),
        client.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY }),
      ]);
    },
  });
}

/** Quiet: the editor says "Quote saved" itself, unless a send follows. */
export const useSaveQuote = () =>
  useDealAction(
    (body: SaveQuoteRequest) => apiRequest(QUOTE_PATHS.adminSave, { body, schema: ZQuoteResponse }),
    true,
  );

export const useSendQuote = () =>
  useDealAction((quoteID: string) =>
    apiRequest(QUOTE_PATHS.adminSend, { body: { quoteID }, schema: ZQuoteResponse }),
  );

export const useWithdrawQuote = () =>
  useDealAction((quoteID: string) =>
    apiRequest(QUOTE_PATHS.adminWithdraw, { body: { quoteID }, schema: ZQuoteResponse }),
  );

export const useIssueInvoice = () =>
  useDealAction((body: IssueInvoiceRequest) =>
    apiRequest(INVOICE_PATHS.adminIssue, { body, schema: ZInvoiceResponse }),
  );
