import {
  USER_ADMIN_PATHS,
  ZAdminUsersQuery,
  ZClientOrdersQuery,
  ZClientOrdersResponse,
  ZCreateStaffRequest,
  ZManagedUsersResponse,
  ZOkResponse,
  ZSetDisabledRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import { AdminUserService } from './service.js';

const tags = ['admin', 'users'];
/** What each list reads: their change versions make its ETag. */
const STAFF_TABLES = ['users', 'project_employees'];
const CLIENT_TABLES = ['users', 'project_orders'];
const security = [{ accessToken: [] }];

/** Admin Users: staff accounts (create, disable) and clients (list, search, their orders). */
export const adminUserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = deps.guards.requireRole('admin');
    const db = deps.database.db;
    const service = new AdminUserService(db, deps.accounts, deps.events);

    // The two lists write their replies with the compiled serialiser (rows typed as ManagedUser, the
    // condition compiled-serializer.ts states): zod's encoding was a twentieth of a page's CPU. Their
    // own scope keeps the other routes' serialiser as it was.
    await app.register(
      compiledRoutes(async (lists) => {
        lists.get(
          USER_ADMIN_PATHS.staff,
          {
            preHandler: admin,
            schema: {
              tags,
              summary: 'Developers & Designers, by name, in keyset pages (304 when unchanged)',
              security,
              querystring: ZAdminUsersQuery,
              response: { 200: ZManagedUsersResponse, 304: zNotModified },
            },
          },
          async (request, reply) => {
            if (await listNotModified(db, request, reply, 'admin-staff', STAFF_TABLES)) return reply;
            return { status: 'ok' as const, ...(await service.staff(request.query)) };
          },
        );

        lists.get(
          USER_ADMIN_PATHS.clients,
          {
            preHandler: admin,
            schema: {
              tags,
              summary:
                'Clients, newest first, searchable by name or email, in keyset pages (304 when unchanged)',
              security,
              querystring: ZAdminUsersQuery,
              response: { 200: ZManagedUsersResponse, 304: zNotModified },
            },
          },
          async (request, reply) => {
            if (await listNotModified(db, request, reply, 'admin-clients', CLIENT_TABLES)) return reply;
            return { status: 'ok' as const, ...(await service.clients(request.query)) };
          },
        );
      }),
    );

    app.post(
      USER_ADMIN_PATHS.createStaff,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Create a staff account (user type e)',
          security,
          body: ZCreateStaffRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await service.createStaff(request.body);
        return { status: 'ok' as const, message: 'Staff account created!' };
      },
    );

    app.post(
      USER_ADMIN_PATHS.setDisabled,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Disable or enable a staff or client account',
          security,
          body: ZSetDisabledRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await service.setDisabled(request.body.userID, request.body.disabled);
        return {
          status: 'ok' as const,
          message: request.body.disabled ? 'Account disabled' : 'Account enabled',
        };
      },
    );

    app.get(
      USER_ADMIN_PATHS.clientOrders,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "A client's orders with their projects, newest first, searchable by name, in keyset pages",
          security,
          querystring: ZClientOrdersQuery,
          response: { 200: ZClientOrdersResponse },
        },
      },
      async (request) => {
        const { userID, ...page } = request.query;
        const client = await service.requireClient(userID);
        return { status: 'ok' as const, ...(await deps.projects.clientOrderPage(client.id, page)) };
      },
    );
  };
