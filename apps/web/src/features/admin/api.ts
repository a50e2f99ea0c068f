import {
  ACCOUNT_PATHS,
  ADMIN_PATHS,
  type AdminAuthenticateRequest,
  type AdminOverviewResponse,
  ZAdminAuthenticateResponse,
  ZAdminOverviewResponse,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** docs/product-contract.md §Polling: admin lists are polled every 3 s. */
export const ADMIN_POLL_MS = 3000;

export type AdminOverview = AdminOverviewResponse['overview'];

export const adminAuthenticate = (body: AdminAuthenticateRequest) =>
  apiRequest(ACCOUNT_PATHS.adminAuthenticate, { body, schema: ZAdminAuthenticateResponse, auth: false });

export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.overview, { schema: ZAdminOverviewResponse, signal }),
    select: (reply) => reply.overview,
    refetchInterval: ADMIN_POLL_MS,
  });
}
