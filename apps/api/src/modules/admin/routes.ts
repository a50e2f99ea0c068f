import { ADMIN_PATHS, ZAdminOverviewResponse } from '@app/contract';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ADMIN_PATHS.overview,
      {
        preHandler: deps.guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Admin dashboard counters',
          security: [{ accessToken: [] }],
          response: { 200: ZAdminOverviewResponse },
        },
      },
      async () => {
        const counts = await deps.accounts.countByType();
        const recent = await deps.database.db
          .select({
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            userType: users.userType,
            createdAt: users.createdAt,
          })
          .from(users)
          .orderBy(desc(users.createdAt))
          .limit(10);
        return {
          status: 'ok' as const,
          overview: {
            clients: counts.c,
            staff: counts.e,
            admins: counts.a,
            recentSignups: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
          },
        };
      },
    );
  };
