import {
  ACCOUNT_PATHS,
  type AdminAuthenticateRequest,
  ZAdminAuthenticateResponse,
  ZUserType,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/** Spec §9: admin lists are polled every 3 s. */
export const ADMIN_POLL_MS = 3000;

// Not in @app/contract yet (requested in the hand-over report); kept here until it moves there.
export const ADMIN_OVERVIEW_PATH = '/api/v1/admin/overview';
export const ZAdminOverviewResponse = z.object({
  status: z.literal('ok'),
  overview: z.object({
    clients: z.number().int(),
    staff: z.number().int(),
    admins: z.number().int(),
    recentSignups: z.array(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        userType: ZUserType,
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminOverview = z.infer<typeof ZAdminOverviewResponse>['overview'];

export const adminAuthenticate = (body: AdminAuthenticateRequest) =>
  apiRequest(ACCOUNT_PATHS.adminAuthenticate, { body, schema: ZAdminAuthenticateResponse, auth: false });

export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest(ADMIN_OVERVIEW_PATH, { schema: ZAdminOverviewResponse, signal }),
    select: (reply) => reply.overview,
    refetchInterval: ADMIN_POLL_MS,
  });
}
