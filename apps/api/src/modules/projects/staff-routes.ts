import {
  PROJECT_MESSAGES,
  PROJECT_PATHS,
  ZManagedProjectsResponse,
  ZOkResponse,
  ZProgressRequest,
  ZStaffProjectsQuery,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import type { ProjectManagement } from './management.js';
import type { ProjectService } from './service.js';

const tags = ['staff', 'projects'];
const security = [{ accessToken: [] }];
/** What a staff member's projects read: their change versions make the ETag (decision 026). */
const STAFF_PROJECT_TABLES = [
  'project_orders',
  'projects',
  'project_employees',
  'project_activities',
  'users',
];

/** The staff area (/company/staff): a staff member's assigned projects and their progress. */
export const staffProjectRoutes =
  (deps: AppDeps, projects: ProjectService, management: ProjectManagement): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = deps.guards.requireRole('staff');

    app.get(
      PROJECT_PATHS.staffProjects,
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Projects assigned to me',
          description:
            'Newest order first, in keyset pages (limit, cursor; nextCursor); search matches the project or order name. 304 with no body when If-None-Match carries the current ETag.',
          security,
          querystring: ZStaffProjectsQuery,
          response: { 200: ZManagedProjectsResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const list = `staff-projects:${user.id}`;
        if (await listNotModified(deps.database.db, request, reply, list, STAFF_PROJECT_TABLES)) return reply;
        return {
          status: 'ok' as const,
          ...(await projects.managed.staffProjects(user.id, request.query)),
        };
      },
    );

    app.post(
      PROJECT_PATHS.staffUpdate,
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Report progress on a project assigned to me (others: 404)',
          security,
          body: ZProgressRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await management.updateProgress(currentUser(request), request.body);
        return { status: 'ok' as const, message: PROJECT_MESSAGES.updated };
      },
    );
  };
