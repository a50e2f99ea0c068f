import { ADMIN_PATHS, ZAdminOverviewResponse } from '@app/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { businessAgents, users } from '../../db/schema/index.js';

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
        const { db } = deps.database;
        const counts = await deps.accounts.countByType();
        // Agents are client accounts (user type c) a business owner created; they are not our clients.
        const [agents] = await db
          .select({ count: count() })
          .from(businessAgents)
          .innerJoin(users, and(eq(users.id, businessAgents.userId), eq(users.disabled, false)));
        const recent = await db
          .select({
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            userType: users.userType,
            createdAt: users.createdAt,
            agentId: businessAgents.id,
          })
          .from(users)
          .leftJoin(businessAgents, eq(businessAgents.userId, users.id))
          .orderBy(desc(users.createdAt))
          .limit(10);
        const agentCount = Number(agents?.count ?? 0);
        return {
          status: 'ok' as const,
          overview: {
            clients: counts.c - agentCount,
            agents: agentCount,
            staff: counts.e,
            admins: counts.a,
            recentSignups: recent.map(({ agentId, ...row }) => ({
              ...row,
              agent: agentId !== null,
              createdAt: row.createdAt.toISOString(),
            })),
          },
        };
      },
    );
  };
