import {
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_PATHS,
  WEBHOOK_REDELIVER_MESSAGE,
  WEBHOOK_SAVED_MESSAGE,
  WEBHOOK_SECRET_ROLLED_MESSAGE,
  WEBHOOK_TEST_SENT_MESSAGE,
  type WebhookEndpoint,
  ZCreateWebhookEndpointRequest,
  ZOkResponse,
  ZUpdateWebhookEndpointRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveriesResponse,
  ZWebhookDeliveryParams,
  ZWebhookEndpointParams,
  ZWebhookEndpointResponse,
  ZWebhookEndpointsResponse,
  ZWebhookSecretResponse,
  ZWebhookTestResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { changes } from '../../../platform/audit/changes.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import { auditDashboardAction, type KeyAuditEntry } from '../key-audit.js';
import type { WebhookDeliveryLog } from './delivery-log.js';
import type { WebhookEndpoints } from './webhook-endpoints.js';

const tags = ['key-manager webhooks'];
const security = [{ accessToken: [] }];
// Actions without input: no body or `{}`, nothing else.
const zNoInput = z.strictObject({}).optional();

/** Webhook endpoints of the signed-in developer (docs/api.md "Webhooks"); another's read as 404. */
export const webhookRoutes =
  (deps: AppDeps, endpoints: WebhookEndpoints, log: WebhookDeliveryLog): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string) => ({ tags, security, summary });
    // The audit log (decision 037): endpoint changes follow the store's own statement.
    const audit = (request: FastifyRequest, entry: KeyAuditEntry) =>
      auditDashboardAction(deps.database.db, request, entry);
    const find = async (ownerId: string, id: string) =>
      (await endpoints.list(ownerId)).find((endpoint) => endpoint.id === id);

    app.get(
      WEBHOOK_PATHS.endpoints,
      {
        preHandler: read,
        schema: { ...route('List webhook endpoints'), response: { 200: ZWebhookEndpointsResponse } },
      },
      async (request) => ({
        status: 'ok' as const,
        endpoints: await endpoints.list(currentAccount(request).id),
      }),
    );

    app.post(
      WEBHOOK_PATHS.endpoints,
      {
        preHandler: write,
        schema: {
          ...route('Add a webhook endpoint (the signing secret is shown once)'),
          body: ZCreateWebhookEndpointRequest,
          response: { 200: ZWebhookSecretResponse },
        },
      },
      async (request) => {
        const created = await endpoints.create(currentAccount(request).id, request.body);
        // Never the secret: the endpoint's fields carry only its hint (whsec_…last four).
        await audit(request, {
          action: 'webhook.created',
          target: created.endpoint.url,
          after: settable(created.endpoint),
        });
        return { status: 'ok' as const, message: WEBHOOK_CREATED_MESSAGE, ...created };
      },
    );

    app.patch(
      WEBHOOK_PATHS.endpoint,
      {
        preHandler: write,
        schema: {
          ...route('Change a webhook endpoint'),
          params: ZWebhookEndpointParams,
          body: ZUpdateWebhookEndpointRequest,
          response: { 200: ZWebhookEndpointResponse },
        },
      },
      async (request) => {
        const before = await find(currentAccount(request).id, request.params.id);
        const endpoint = await endpoints.update(currentAccount(request).id, request.params.id, request.body);
        const changed = before ? changes(settable(before), settable(endpoint)) : null;
        if (changed) await audit(request, { action: 'webhook.changed', target: endpoint.url, ...changed });
        return { status: 'ok' as const, message: WEBHOOK_SAVED_MESSAGE, endpoint };
      },
    );

    app.delete(
      WEBHOOK_PATHS.endpoint,
      {
        preHandler: write,
        schema: {
          ...route('Remove a webhook endpoint and its delivery log'),
          params: ZWebhookEndpointParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const before = await find(currentAccount(request).id, request.params.id);
        await endpoints.remove(currentAccount(request).id, request.params.id);
        if (before) {
          await audit(request, {
            action: 'webhook.deleted',
            target: before.url,
            before: settable(before),
            after: null,
          });
        }
        return { status: 'ok' as const, message: WEBHOOK_DELETED_MESSAGE };
      },
    );

    app.post(
      WEBHOOK_PATHS.rollSecret,
      {
        preHandler: write,
        schema: {
          ...route('Replace the signing secret (shown once; the old one stops at once)'),
          params: ZWebhookEndpointParams,
          body: zNoInput,
          response: { 200: ZWebhookSecretResponse },
        },
      },
      async (request) => {
        const before = await find(currentAccount(request).id, request.params.id);
        const rolled = await endpoints.rollSecret(currentAccount(request).id, request.params.id);
        await audit(request, {
          action: 'webhook.secret_rolled',
          target: rolled.endpoint.url,
          before: { secretHint: before?.secretHint ?? null },
          after: { secretHint: rolled.endpoint.secretHint },
        });
        return { status: 'ok' as const, message: WEBHOOK_SECRET_ROLLED_MESSAGE, ...rolled };
      },
    );

    app.post(
      WEBHOOK_PATHS.sendTest,
      {
        preHandler: write,
        schema: {
          ...route('Send a webhook.test event to this endpoint'),
          params: ZWebhookEndpointParams,
          body: zNoInput,
          response: { 200: ZWebhookTestResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: WEBHOOK_TEST_SENT_MESSAGE,
        ...(await endpoints.sendTest(currentAccount(request).id, request.params.id)),
      }),
    );

    app.get(
      WEBHOOK_PATHS.deliveries,
      {
        preHandler: read,
        schema: {
          ...route('Delivery log: every attempt, newest first'),
          params: ZWebhookEndpointParams,
          querystring: ZWebhookDeliveriesQuery,
          response: { 200: ZWebhookDeliveriesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await log.list(currentAccount(request).id, request.params.id, request.query)),
      }),
    );

    app.post(
      WEBHOOK_PATHS.redeliver,
      {
        preHandler: write,
        schema: {
          ...route('Deliver this event to the endpoint again'),
          params: ZWebhookDeliveryParams,
          body: zNoInput,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await log.redeliver(currentAccount(request).id, request.params.id, request.params.deliveryId);
        await audit(request, {
          action: 'webhook.redelivered',
          target: (await find(currentAccount(request).id, request.params.id))?.url ?? null,
          detail: { endpointId: request.params.id, deliveryId: request.params.deliveryId },
        });
        return { status: 'ok' as const, message: WEBHOOK_REDELIVER_MESSAGE };
      },
    );
  };

/** What an owner sets on an endpoint (and the secret's hint), for the audit log's before → after. */
function settable(endpoint: WebhookEndpoint) {
  const { url, description, events, enabled, product, secretHint } = endpoint;
  return { url, description, events, enabled, product, secretHint };
}
