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

/** Spec §9: admin lists are polled every 3 s. */
export const ADMIN_POLL_MS = 3000;

/** `path?…` with the parameters that have a value (search, cursor, filters). */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

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
