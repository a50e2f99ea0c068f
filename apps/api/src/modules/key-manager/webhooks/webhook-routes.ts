import {
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_PATHS,
  WEBHOOK_REDELIVER_MESSAGE,
  WEBHOOK_SAVED_MESSAGE,
  WEBHOOK_SECRET_ROLLED_MESSAGE,
  WEBHOOK_TEST_SENT_MESSAGE,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentUser } from '../../../platform/auth/guard.js';
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
    const preHandler = deps.guards.requireUser;
    const route = (summary: string) => ({ tags, security, summary });

    app.get(
      WEBHOOK_PATHS.endpoints,
      {
        preHandler,
        schema: { ...route('List webhook endpoints'), response: { 200: ZWebhookEndpointsResponse } },
      },
      async (request) => ({
        status: 'ok' as const,
        endpoints: await endpoints.list(currentUser(request).id),
      }),
    );

    app.post(
      WEBHOOK_PATHS.endpoints,
      {
        preHandler,
        schema: {
          ...route('Add a webhook endpoint (the signing secret is shown once)'),
          body: ZCreateWebhookEndpointRequest,
          response: { 200: ZWebhookSecretResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: WEBHOOK_CREATED_MESSAGE,
        ...(await endpoints.create(currentUser(request).id, request.body)),
      }),
    );

    app.patch(
      WEBHOOK_PATHS.endpoint,
      {
        preHandler,
        schema: {
          ...route('Change a webhook endpoint'),
          params: ZWebhookEndpointParams,
          body: ZUpdateWebhookEndpointRequest,
          response: { 200: ZWebhookEndpointResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: WEBHOOK_SAVED_MESSAGE,
        endpoint: await endpoints.update(currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      WEBHOOK_PATHS.endpoint,
      {
        preHandler,
        schema: {
          ...route('Remove a webhook endpoint and its delivery log'),
          params: ZWebhookEndpointParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await endpoints.remove(currentUser(request).id, request.params.id);
        return { status: 'ok' as const, message: WEBHOOK_DELETED_MESSAGE };
      },
    );

    app.post(
      WEBHOOK_PATHS.rollSecret,
      {
        preHandler,
        schema: {
          ...route('Replace the signing secret (shown once; the old one stops at once)'),
          params: ZWebhookEndpointParams,
          body: zNoInput,
          response: { 200: ZWebhookSecretResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: WEBHOOK_SECRET_ROLLED_MESSAGE,
        ...(await endpoints.rollSecret(currentUser(request).id, request.params.id)),
      }),
    );

    app.post(
      WEBHOOK_PATHS.sendTest,
      {
        preHandler,
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
        ...(await endpoints.sendTest(currentUser(request).id, request.params.id)),
      }),
    );

    app.get(
      WEBHOOK_PATHS.deliveries,
      {
        preHandler,
        schema: {
          ...route('Delivery log: every attempt, newest first'),
          params: ZWebhookEndpointParams,
          querystring: ZWebhookDeliveriesQuery,
          response: { 200: ZWebhookDeliveriesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await log.list(currentUser(request).id, request.params.id, request.query)),
      }),
    );

    app.post(
      WEBHOOK_PATHS.redeliver,
      {
        preHandler,
        schema: {
          ...route('Deliver this event to the endpoint again'),
          params: ZWebhookDeliveryParams,
          body: zNoInput,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await log.redeliver(currentUser(request).id, request.params.id, request.params.deliveryId);
        return { status: 'ok' as const, message: WEBHOOK_REDELIVER_MESSAGE };
      },
    );
  };
