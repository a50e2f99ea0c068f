import {
  type CreateLeadRequest,
  type LeadIntent,
  type LeadsResponse,
  PAGE_LIMIT_MAX,
  SITE_PATHS,
  type Subscriber,
  type SubscribersResponse,
  ZLeadsResponse,
  ZSiteMessageResponse,
  ZSubscribersResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

/** docs/product-contract.md §Polling: admin lists refresh every 3 s. */
const ADMIN_POLL_MS = 3000;

export function useCreateLead() {
  return useMutation({
    mutationFn: (body: CreateLeadRequest) =>
      apiRequest(SITE_PATHS.crmLead, { body, schema: ZSiteMessageResponse, auth: false }),
  });
}

/** One keyset page of the admin Leads list; the 3 s poll revalidates it with its ETag (304 while unchanged). */
export function useAdminLeads(page: { search: string; intent?: LeadIntent; cursor?: string }) {
  return useQuery({
    queryKey: ['admin', 'crm-leads', page.search, page.intent, page.cursor],
    queryFn: ({ signal }): Promise<LeadsResponse> =>
      apiRequest(
        withQuery(SITE_PATHS.adminLeads, {
          search: page.search.trim(),
          intent: page.intent,
          cursor: page.cursor,
        }),
        { schema: ZLeadsResponse, signal, conditional: true },
      ),
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** One keyset page of confirmed subscribers (with the count of them all), polled like Leads. */
export function useAdminSubscribers(page: { search: string; cursor?: string }) {
  return useQuery({
    queryKey: ['admin', 'newsletter-subscribers', page.search, page.cursor],
    queryFn: ({ signal }): Promise<SubscribersResponse> =>
      apiRequest(
        withQuery(SITE_PATHS.adminSubscribers, { search: page.search.trim(), cursor: page.cursor }),
        {
          schema: ZSubscribersResponse,
          signal,
          conditional: true,
        },
      ),
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every confirmed subscriber for the CSV export, walked in pages of the largest size: the rows
 * become CSV text page by page, so the browser holds the export, not a list of rows.
 */
export async function subscribersCsvParts(toCsv: (page: Subscriber[], first: boolean) => string) {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiRequest(
      withQuery(SITE_PATHS.adminSubscribers, { limit: String(PAGE_LIMIT_MAX), cursor }),
      { schema: ZSubscribersResponse },
    );
    parts.push(toCsv(page.subscribers, parts.length === 0));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return parts;
}
