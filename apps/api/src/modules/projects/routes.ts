import {
  APPLICATION_TYPES,
  PROJECT_MESSAGES,
  PROJECT_PATHS,
  ZApplicationTypesResponse,
  ZProjectRequestFields,
  ZProjectRequestResponse,
  ZQuickProjectRequest,
  ZUserProjectsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth/guard.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/http/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { parseOrBadRequest } from '../../platform/http/validation.js';
import { ORDER_FILE_FIELDS } from './uploads.js';

const tags = ['projects'];

/** Client side of projects (spec §7 Projects): requests, application types, the client's orders. */
export const projectRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { projects, storage, guards } = deps;

    app.post(
      PROJECT_PATHS.request,
      {
        preHandler: guards.requireRole('client'),
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
        const client = currentUser(request);
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
          summary: 'Application types (spec §3)',
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
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The signed-in client's orders with their projects, keyed by order id",
          security: [{ accessToken: [] }],
          response: { 200: ZUserProjectsResponse },
        },
      },
      async (request) => {
        const orders = await projects.clientOrders(currentUser(request).id);
        return { status: 'ok' as const, data: Object.fromEntries(orders.map((order) => [order.id, order])) };
      },
    );
  };
