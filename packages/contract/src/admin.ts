import { z } from 'zod';
import { ZUserType } from './users.js';

export const ADMIN_PATHS = {
  overview: '/api/v1/admin/overview',
} as const;

/** Admin dashboard counters (not shown in the spec; see docs/api.md). */
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
export type AdminOverviewResponse = z.infer<typeof ZAdminOverviewResponse>;
