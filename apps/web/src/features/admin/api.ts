import {
  ACCOUNT_PATHS,
  ADMIN_PATHS,
  type AdminAuthenticateRequest,
  type AdminOverviewResponse,
  type SecondFactorRequest,
  TWO_FACTOR_PATHS,
  ZAdminOverviewResponse,
  ZSecondFactorResponse,
  ZSigninOutcome,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** docs/product-contract.md §Polling: admin lists are polled every 3 s. */
export const ADMIN_POLL_MS = 3000;

export type AdminOverview = AdminOverviewResponse['overview'];

/** Tokens, or for an admin with a second factor the step that leads to them. */
export const adminAuthenticate = (body: AdminAuthenticateRequest) =>
  apiRequest(ACCOUNT_PATHS.adminAuthenticate, { body, schema: ZSigninOutcome, auth: false });

/** The admin login's second call: the step's challenge and a code or passkey. */
export const adminSecondFactor = (body: SecondFactorRequest) =>
  apiRequest(TWO_FACTOR_PATHS.secondFactor, { body, schema: ZSecondFactorResponse, auth: false });

export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.overview, { schema: ZAdminOverviewResponse, signal }),
    select: (reply) => reply.overview,
    refetchInterval: ADMIN_POLL_MS,
  });
}
