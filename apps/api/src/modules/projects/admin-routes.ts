import {
  PROJECT_MESSAGES,
  PROJECT_PATHS,
  ZAdminProjectsQuery,
  ZApproveRequest,
  ZAssignRequest,
  ZDurationRequest,
  ZEmployeesResponse,
  ZManagedProjectsResponse,
  ZOkResponse,
  ZPaymentDetailsRequest,
  ZPaymentLinkRequest,
  ZProgressRequest,
  ZProjectsOverviewResponse,
  ZStatusRequest,
} from '@app/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { users } from '../../db/schema/index.js';
import { currentUser } from '../../platform/auth/guard.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import type { ProjectManagement } from './management.js';
import type { ProjectService } from './service.js';

const tags = ['admin', 'projects'];
const security = [{ accessToken: [] }];
const ok = (message: string) => ({ status: 'ok' as const, message });
/** What the admin projects list reads: their change versions make its ETag. */
const PROJECT_LIST_TABLES = [
  'projects',
  'project_orders',
  'project_employees',
  'project_activities',
  'users',
];

/**
 * docs/product-contract.md §Calls (Admin): project management calls, each with the exact success message
 * (§Messages).
 */
export const adminProjectRoutes =
  (deps: AppDeps, projects: ProjectService, management: ProjectManagement): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = deps.guards.requireRole('admin');
    const action = { 200: ZOkResponse };

    // A page is 50 projects with their orders (38 KB): zod's encoding was a sixth of its CPU. The reply
    // is built by ProjectViews from typed rows, the condition compiled-serializer.ts states; its own
    // scope keeps the other routes' serialiser as it was.
    await app.register(
      compiledRoutes(async (list) => {
        list.get(
          PROJECT_PATHS.adminProjects,
          {
            preHandler: admin,
            schema: {
              tags,
              summary:
                'All projects, newest first, searchable by project, client or status, in keyset pages (304 when unchanged)',
              security,
              querystring: ZAdminProjectsQuery,
              response: { 200: ZManagedProjectsResponse, 304: zNotModified },
            },
          },
          async (request, reply) => {
            const db = deps.database.db;
            if (await listNotModified(db, request, reply, 'admin-projects', PROJECT_LIST_TABLES))
              return reply;
            return { status: 'ok' as const, ...(await projects.managed.adminProjects(request.query)) };
          },
        );
      }),
    );

    app.get(
      PROJECT_PATHS.adminEmployees,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Active staff who can be assigned',
          security,
          response: { 200: ZEmployeesResponse },
        },
      },
      async () => {
        const employees = await deps.database.db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            designation: users.designation,
          })
          .from(users)
          .where(and(eq(users.userType, 'e'), eq(users.disabled, false)))
          .orderBy(asc(users.firstName), asc(users.lastName));
        return { status: 'ok' as const, employees };
      },
    );

    app.get(
      PROJECT_PATHS.adminOverview,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Project counters for the dashboard',
          security,
          response: { 200: ZProjectsOverviewResponse },
        },
      },
      async () => ({ status: 'ok' as const, overview: await management.overview() }),
    );

    app.post(
      PROJECT_PATHS.adminDuration,
      { preHandler: admin, schema: { tags, security, body: ZDurationRequest, response: action } },
      async (request) => {
        await management.setDuration(request.body);
        return ok(PROJECT_MESSAGES.durationSet);
      },
    );

    app.post(
      PROJECT_PATHS.adminAssign,
      { preHandler: admin, schema: { tags, security, body: ZAssignRequest, response: action } },
      async (request) => {
        await management.assign(request.body.projectID, request.body.empIds);
        return ok(PROJECT_MESSAGES.assigned);
      },
    );

    app.post(
      PROJECT_PATHS.adminApprove,
      { preHandler: admin, schema: { tags, security, body: ZApproveRequest, response: action } },
      async (request) => {
        await management.approve(request.body.projectID);
        return ok(PROJECT_MESSAGES.approved);
      },
    );

    app.post(
      PROJECT_PATHS.adminPaymentLink,
      { preHandler: admin, schema: { tags, security, body: ZPaymentLinkRequest, response: action } },
      async (request) => {
        await management.addPaymentLink(request.body.projectID, request.body.paymentLink);
        return ok(PROJECT_MESSAGES.linkAdded);
      },
    );

    app.post(
      PROJECT_PATHS.adminUpdate,
      { preHandler: admin, schema: { tags, security, body: ZProgressRequest, response: action } },
      async (request) => {
        await management.updateProgress(currentUser(request), request.body);
        return ok(PROJECT_MESSAGES.updated);
      },
    );

    app.post(
      PROJECT_PATHS.adminPaymentDetails,
      { preHandler: admin, schema: { tags, security, body: ZPaymentDetailsRequest, response: action } },
      async (request) => {
        await management.setPaymentDetails(request.body);
        return ok(PROJECT_MESSAGES.paymentSaved);
      },
    );

    app.post(
      PROJECT_PATHS.adminStatus,
      { preHandler: admin, schema: { tags, security, body: ZStatusRequest, response: action } },
      async (request) => {
        await management.changeStatus(request.body.projectID, request.body.status);
        return ok(PROJECT_MESSAGES.statusChanged);
      },
    );
  };
