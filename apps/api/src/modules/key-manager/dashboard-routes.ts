import {
  API_KEY_CREATED_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  KEY_CREATED_MESSAGE,
  KEY_DELETED_MESSAGE,
  KEY_MANAGER_PATHS,
  KEY_SAVED_MESSAGE,
  SIMULATION_STARTED_MESSAGE,
  SIMULATION_STOPPED_MESSAGE,
  ZActivityRequest,
  ZActivityResponse,
  ZAddKeyRequest,
  ZAddKeyResponse,
  ZChangeKeyRequest,
  ZChangeKeyResponse,
  ZGenerateApiKeyRequest,
  ZGenerateApiKeyResponse,
  ZGetApiKeysRequest,
  ZGetApiKeysResponse,
  ZGetKeysRequest,
  ZGetKeysResponse,
  ZKeyManagerDataResponse,
  ZOkResponse,
  ZRemoveKeyRequest,
  ZRevokeApiKeyRequest,
  ZSimulateApiKeyRequest,
  ZSimulateApiKeyResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { entityTag, replyNotModified } from '../../platform/http/etag.js';
import type { ApiKeyService } from './api-key-service.js';
import type { CallContext } from './call-context.js';
import type { KeyOperations } from './key-operations.js';
import type { LicenceKeyList } from './licence-key-list.js';
import type { LicenceKeys } from './licence-keys.js';
import type { KeyManagerPlans } from './plans.js';

const tags = ['key-manager dashboard'];
const security = [{ accessToken: [] }];
// docs/product-contract.md §Calls sends these POSTs without a body; accept none or `{}` but nothing else.
const zEmptyBody = z.strictObject({}).optional();
/** A conditional poll that found nothing new: 304, no body (decision 025). */
const zNotModified = z.null().describe('Not modified: the If-None-Match tag is current');

export interface DashboardServices {
  plans: KeyManagerPlans;
  keys: LicenceKeys;
  list: LicenceKeyList;
  operations: KeyOperations;
  apiKeys: ApiKeyService;
}

function context(request: FastifyRequest): CallContext {
  return {
    ownerId: currentUser(request).id,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/**
 * docs/product-contract.md §Calls (Key Manager dashboard): bearer access token of a signed-in user.
 * The keys page and the data poll are the dashboard's hottest replies: zod's encoding took 222 µs of
 * a 50-key page, the compiled serialiser (`compiledRoutes`) 84 µs. Every reply here is built from
 * typed rows, the condition compiled-serializer.ts states.
 */
export const dashboardRoutes = (deps: AppDeps, services: DashboardServices): FastifyPluginAsyncZod =>
  compiledRoutes(async (app) => {
    const { plans, keys, list, operations, apiKeys } = services;
    const preHandler = deps.guards.requireUser;
    const route = (summary: string) => ({ tags, security, summary });

    app.post(
      KEY_MANAGER_PATHS.data,
      {
        preHandler,
        schema: {
          ...route('Plan and usage'),
          description: 'Answers 304 with no body when If-None-Match carries the current ETag.',
          body: zEmptyBody,
          response: { 200: ZKeyManagerDataResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const [product, plan, { usage, version }] = await Promise.all([
          plans.productRow(),
          plans.activePlanOf(userId),
          keys.usage(userId),
        ]);
        // Built from the counters and the plan the reply is made of, not by hashing the reply.
        const tag = entityTag([
          'data',
          userId,
          version,
          usage.apiKeys,
          usage.requestsMade,
          product.id,
          plan?.id,
          plan?.name,
          plan?.maxKeysAllowed,
          plan?.callsPerMinute,
        ]);
        if (replyNotModified(request, reply, tag)) return reply;
        return {
          status: 'ok' as const,
          planActivated: plan !== null,
          planInfo: plan ? { planName: plan.name, maxKeysAllowed: plan.maxKeysAllowed } : null,
          product: { id: product.id, name: product.name },
          callsPerMinute: plan?.callsPerMinute ?? null,
          usage,
        };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.addKey,
      {
        preHandler,
        schema: {
          ...route('Create a licence key'),
          body: ZAddKeyRequest,
          response: { 200: ZAddKeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: KEY_CREATED_MESSAGE,
        key: await keys.add(context(request), request.body),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.getKeys,
      {
        preHandler,
        schema: {
          ...route('List licence keys (keyset pages, search, filters)'),
          description:
            'No body: the first page (50 newest keys) and nextCursor. Answers 304 with no body when If-None-Match carries the current ETag.',
          body: ZGetKeysRequest.nullish(),
          response: { 200: ZGetKeysResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const ownerId = currentUser(request).id;
        const query = ZGetKeysRequest.parse(request.body ?? {});
        const tag = (version: number) => entityTag(['keys', ownerId, version, JSON.stringify(query)]);
        // A poll that holds a tag reads the counter alone first, so an unchanged list costs no page.
        if (request.headers['if-none-match'] !== undefined) {
          const { version } = await list.counters(ownerId);
          if (replyNotModified(request, reply, tag(version))) return reply;
        }
        // The page carries the counter of its own snapshot: its tag names exactly these rows.
        const { version, ...page } = await list.page(ownerId, query);
        if (replyNotModified(request, reply, tag(version))) return reply;
        return { status: 'ok' as const, ...page };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.changeKey,
      {
        preHandler,
        schema: {
          ...route('Edit a licence key'),
          body: ZChangeKeyRequest,
          response: { 200: ZChangeKeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: KEY_SAVED_MESSAGE,
        key: await keys.change(context(request), request.body),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.removeKey,
      {
        preHandler,
        schema: { ...route('Delete a licence key'), body: ZRemoveKeyRequest, response: { 200: ZOkResponse } },
      },
      async (request) => {
        await operations.remove({ id: request.body.id }, context(request));
        return { status: 'ok' as const, message: KEY_DELETED_MESSAGE };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.activity,
      {
        preHandler,
        schema: {
          ...route('Activations per day'),
          body: ZActivityRequest.optional(),
          response: { 200: ZActivityResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        days: await keys.activity(currentUser(request).id, request.body?.days ?? 14),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.generateApiKey,
      {
        preHandler,
        schema: {
          ...route('Generate a manager API key (shown once)'),
          body: ZGenerateApiKeyRequest.optional(),
          response: { 200: ZGenerateApiKeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: API_KEY_CREATED_MESSAGE,
        ...(await apiKeys.generate(
          currentUser(request).id,
          request.body?.name,
          request.body?.type ?? 'secret',
        )),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.getApiKeys,
      {
        preHandler,
        schema: {
          ...route('List manager API keys'),
          body: ZGetApiKeysRequest.nullish(),
          response: { 200: ZGetApiKeysResponse },
        },
      },
      async (request) => {
        const query = ZGetApiKeysRequest.parse(request.body ?? {});
        const result = await apiKeys.list(currentUser(request).id, query);
        return {
          status: 'ok' as const,
          keysInformation: result.keys,
          nextCursor: result.nextCursor,
          callsPerMinute: result.callsPerMinute,
        };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.revokeApiKey,
      {
        preHandler,
        schema: {
          ...route('Revoke a manager API key'),
          body: ZRevokeApiKeyRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await apiKeys.revoke(currentUser(request).id, request.body.id);
        return { status: 'ok' as const, message: API_KEY_REVOKED_MESSAGE };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.simulateApiKey,
      {
        preHandler,
        schema: {
          ...route('Simulate 402, 403 or a low rate limit on one API key for a while (off: stop)'),
          description:
            'Only the named key of the signed-in owner answers differently, for at most an hour; its plan, other keys and licence keys are unchanged.',
          body: ZSimulateApiKeyRequest,
          response: { 200: ZSimulateApiKeyResponse },
        },
      },
      async (request) => {
        const simulation = await apiKeys.simulate(currentUser(request).id, request.body);
        return {
          status: 'ok' as const,
          message: simulation ? SIMULATION_STARTED_MESSAGE : SIMULATION_STOPPED_MESSAGE,
          simulation,
        };
      },
    );
  });
