import {
  APPLICATION_TYPES,
  PROJECT_MESSAGES,
  PROJECT_PATHS,
  ZApplicationTypesResponse,
  ZProjectRequestFields,
  ZProjectRequestResponse,
  ZQuickProjectRequest,
  ZUserProjectsQuery,
  ZUserProjectsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { badRequest } from '../../platform/http/errors.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { parseOrBadRequest } from '../../platform/http/validation.js';
import type { ProjectService } from './service.js';
import { ORDER_FILE_FIELDS } from './uploads.js';

const tags = ['projects'];
/** What a client's orders list reads (table_stats versions, decisions 026 and 030). */
const ORDER_LIST_TABLES = ['project_orders', 'projects', 'project_employees', 'project_activities', 'users'];

/**
 * Client side of projects (docs/product-contract.md §Calls, Projects and chat): requests, application
 * types, the client's orders.
 */
export const projectRoutes =
  (deps: AppDeps, projects: ProjectService): FastifyPluginAsyncZod =>
  async (app) => {
    const { storage, guards } = deps;

    app.post(
      PROJECT_PATHS.request,
      {
        preHandler: guards.requireAccess('projects', 'write', 'client'),
        schema: {
          tags,
          summary: 'Request a project',
          description:
            'Order page: multipart {android, desktop, web, name, proposal (file), proposalLink, designFiles (files), ' +
            'designsLink, designTemplates}; a name and a proposal file or http(s) link are required. ' +
            'Customer-area variant: JSON {desktop, web, combination, name} with exactly one type.',
          security: [{ accessToken: [] }],
          response: { 200: ZProjectRequestResponse },
        },
      },
      async (request) => {
        // Orders belong to the account; any member who may order places them for it (decision 033).
        const client = currentAccount(request);
        if (!request.isMultipart()) {
          const body = parseOrBadRequest(ZQuickProjectRequest, request.body ?? {});
          const orderID = await projects.createQuickOrder(client.id, body);
          return { status: 'ok' as const, message: PROJECT_MESSAGES.requested, orderID };
        }
        const { fields, files } = await readMultipart(request, storage, {
          ownerId: client.id,
          files: ORDER_FILE_FIELDS,
        });
        const stored = [...(files.proposal ?? []), ...(files.designFiles ?? [])];
        try {
          const { designTemplates, ...rest } = fields;
          const templates = designTemplates === undefined ? [] : [designTemplates].flat();
          const parsed = parseOrBadRequest(ZProjectRequestFields, { ...rest, designTemplates: templates });
          if (!files.proposal?.length && !parsed.proposalLink) {
            throw badRequest('Upload a proposal file or give a proposal link', 'proposal');
          }
          const orderID = await projects.createOrder(client.id, parsed, {
            proposal: files.proposal ?? [],
            designs: files.designFiles ?? [],
          });
          return { status: 'ok' as const, message: PROJECT_MESSAGES.requested, orderID };
        } catch (error) {
          // A refused request keeps nothing the client sent.
          await Promise.all(stored.map((file) => storage.remove(file)));
          throw error;
        }
      },
    );

    app.get(
      PROJECT_PATHS.applicationTypes,
      {
        schema: {
          tags,
          summary: 'Application types (docs/product-contract.md §3 Screens)',
          response: { 200: ZApplicationTypesResponse },
        },
      },
      async () => ({
        status: 'ok' as const,
        applicationTypes: APPLICATION_TYPES.map((type) => ({ ...type })),
      }),
    );

    app.get(
      PROJECT_PATHS.userProjects,
      {
        preHandler: guards.requireAccess('projects', 'read'),
        schema: {
          tags,
          summary:
            "The signed-in client's orders with their projects, keyed by order id, newest first in keyset pages (304 when unchanged)",
          description:
            'No parameters: the first 50 orders and nextCursor. limit (max 200) and cursor page; order=<id> ' +
            'returns that one order. Polled (docs/product-contract.md §9 Polling, 2 s): answers 304 with no body when If-None-Match ' +
            'carries the current ETag.',
          security: [{ accessToken: [] }],
          querystring: ZUserProjectsQuery,
          response: { 200: ZUserProjectsResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const userId = currentAccount(request).id;
        if (await listNotModified(deps.database.db, request, reply, `orders:${userId}`, ORDER_LIST_TABLES)) {
          return reply;
        }
        const page = await projects.clientOrderPage(userId, request.query);
        return {
          status: 'ok' as const,
          data: Object.fromEntries(page.orders.map((order) => [order.id, order])),
          nextCursor: page.nextCursor,
        };
      },
    );
  };
