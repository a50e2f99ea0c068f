import {
  USER_ADMIN_PATHS,
  ZAdminProjectsQuery,
  ZClientOrdersQuery,
  ZClientOrdersResponse,
  ZCreateStaffRequest,
  ZManagedUsersResponse,
  ZOkResponse,
  ZSetDisabledRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { AdminUserService } from './service.js';

const tags = ['admin', 'users'];
const security = [{ accessToken: [] }];

/** Admin Users: staff accounts (create, disable) and clients (list, search, their orders). */
export const adminUserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = deps.guards.requireRole('admin');
    const service = new AdminUserService(deps.database.db, deps.accounts, deps.events);

    app.get(
      USER_ADMIN_PATHS.staff,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Developers & Designers',
          security,
          response: { 200: ZManagedUsersResponse },
        },
      },
      async () => ({ status: 'ok' as const, users: await service.staff() }),
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
      USER_ADMIN_PATHS.clients,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Clients, searchable by name or email',
          security,
          querystring: ZAdminProjectsQuery,
          response: { 200: ZManagedUsersResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, users: await service.clients(request.query.search) }),
    );

    app.get(
      USER_ADMIN_PATHS.clientOrders,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "A client's orders with their projects",
          security,
          querystring: ZClientOrdersQuery,
          response: { 200: ZClientOrdersResponse },
        },
      },
      async (request) => {
        const client = await service.requireClient(request.query.userID);
        return { status: 'ok' as const, orders: await deps.projects.clientOrders(client.id) };
      },
    );
  };
