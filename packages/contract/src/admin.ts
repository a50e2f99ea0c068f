import { z } from 'zod';
import { ZUserType } from './users.js';

export const ADMIN_PATHS = {
  overview: '/api/v1/admin/overview',
} as const;

/** Admin dashboard counters (not shown in the spec; see docs/api.md). */
export const ZAdminOverviewResponse = z.object({
  status: z.literal('ok'),
  overview: z.object({
    /** Client accounts (user type c) that are not business agents. */
    clients: z.number().int(),
    /** Agents: client accounts a business owner created for their business (decision 007). */
    agents: z.number().int(),
    staff: z.number().int(),
    admins: z.number().int(),
    recentSignups: z.array(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        userType: ZUserType,
        /** A business agent (user type c, but not one of our clients). */
        agent: z.boolean(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminOverviewResponse = z.infer<typeof ZAdminOverviewResponse>;
