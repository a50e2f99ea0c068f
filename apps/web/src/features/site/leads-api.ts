import {
  type CreateLeadRequest,
  type LeadsResponse,
  SITE_PATHS,
  type SubscribersResponse,
  ZLeadsResponse,
  ZSiteMessageResponse,
  ZSubscribersResponse,
} from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Spec §9: admin lists refresh every 3 s. */
const ADMIN_POLL_MS = 3000;

export function useCreateLead() {
  return useMutation({
    mutationFn: (body: CreateLeadRequest) =>
      apiRequest(SITE_PATHS.crmLead, { body, schema: ZSiteMessageResponse, auth: false }),
  });
}

export function useAdminLeads() {
  return useQuery({
    queryKey: ['admin', 'crm-leads'],
    queryFn: (): Promise<LeadsResponse> => apiRequest(SITE_PATHS.adminLeads, { schema: ZLeadsResponse }),
    refetchInterval: ADMIN_POLL_MS,
  });
}

export function useAdminSubscribers() {
  return useQuery({
    queryKey: ['admin', 'newsletter-subscribers'],
    queryFn: (): Promise<SubscribersResponse> =>
      apiRequest(SITE_PATHS.adminSubscribers, { schema: ZSubscribersResponse }),
    refetchInterval: ADMIN_POLL_MS,
  });
}
