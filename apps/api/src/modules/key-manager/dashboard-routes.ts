import {
  API_KEY_CREATED_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  API_KEY_ROLLED_MESSAGE,
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
  ZRollApiKeyRequest,
  ZRollApiKeyResponse,
  ZSimulateApiKeyRequest,
  ZSimulateApiKeyResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount, currentUser } from '../../platform/auth/guard.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { entityTag, replyNotModified } from '../../platform/http/etag.js';
import { apiKeyCreatedNotice } from '../accounts/index.js';
import type { ApiKeyRolls } from './api-key-roll.js';
import type { ApiKeyService } from './api-key-service.js';
import { dashboardContext as context } from './dashboard-context.js';
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
  rolls: ApiKeyRolls;
}

/**
 * docs/product-contract.md §Calls (Key Manager dashboard): bearer access token of a signed-in user.
 * The keys page and the data poll are the dashboard's hottest replies: zod's encoding took 222 µs of
 * a 50-key page, the compiled serialiser (`compiledRoutes`) 84 µs. Every reply here is built from
 * typed rows, the condition compiled-serializer.ts states.
 */
export const dashboardRoutes = (deps: AppDeps, services: DashboardServices): FastifyPluginAsyncZod =>
  compiledRoutes(async (app) => {
    const { plans, keys, list, operations, apiKeys, rolls } = services;
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const readApiKeys = deps.guards.requireAccess('apiKeys', 'read');
    const writeApiKeys = deps.guards.requireAccess('apiKeys', 'write');
    const route = (summary: string) => ({ tags, security, summary });

    app.post(
      KEY_MANAGER_PATHS.data,
      {
        preHandler: read,
        schema: {
          ...route('Plan and usage'),
          description: 'Answers 304 with no body when If-None-Match carries the current ETag.',
          body: zEmptyBody,
          response: { 200: ZKeyManagerDataResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const userId = currentAccount(request).id;
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
        preHandler: write,
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
        preHandler: read,
        schema: {
          ...route('List licence keys (keyset pages, search, filters)'),
          description:
            'No body: the first page (50 newest keys) and nextCursor. Answers 304 with no body when If-None-Match carries the current ETag.',
          body: ZGetKeysRequest.nullish(),
          response: { 200: ZGetKeysResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const ownerId = currentAccount(request).id;
        const query = ZGetKeysRequest.parse(request.body ?? {});
        const tag = (version: number) => entityTag(['keys', ownerId, version, JSON.stringify(query)]);
        // A poll that holds a tag reads the counter alone first, so an unchanged list costs no page.
        if (request.headers['if-none-match'] !== undefined) {
          const { version } = await list.counters(ownerId);
          if (replyNotModified(request, reply, tag(version))) return reply;
        }
        // The page carries the counter of its own snapshot: its tag names exactly these rows.
        const { version, ...page } = await list.page(ownerId, query, deps.clock.now().getTime());
        if (replyNotModified(request, reply, tag(version))) return reply;
        return { status: 'ok' as const, ...page };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.changeKey,
      {
        preHandler: write,
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
        preHandler: write,
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
        preHandler: read,
        schema: {
          ...route('Activations per day'),
          body: ZActivityRequest.optional(),
          response: { 200: ZActivityResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        days: await keys.activity(currentAccount(request).id, request.body?.days ?? 14),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.generateApiKey,
      {
        // Creating an API key also needs a verified address (decision 033: email_not_verified).
        preHandler: [writeApiKeys, deps.guards.requireVerifiedEmail],
        schema: {
          ...route('Generate a manager API key (shown once)'),
          body: ZGenerateApiKeyRequest.optional(),
          response: { 200: ZGenerateApiKeyResponse },
        },
      },
      async (request) => {
        const account = currentAccount(request);
        const generated = await apiKeys.generate(
          account.id,
          request.body?.name,
          request.body?.type ?? 'secret',
          request.body?.productId,
        );
        // The account's trail and a mail to the person who created it; neither fails the call.
        await apiKeyCreatedNotice(
          deps,
          { person: currentUser(request), accountId: account.id, ip: request.ip },
          { id: generated.id, name: request.body?.name, type: generated.type },
        );
        return { status: 'ok' as const, message: API_KEY_CREATED_MESSAGE, ...generated };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.getApiKeys,
      {
        preHandler: readApiKeys,
        schema: {
          ...route('List manager API keys'),
          body: ZGetApiKeysRequest.nullish(),
          response: { 200: ZGetApiKeysResponse },
        },
      },
      async (request) => {
        const query = ZGetApiKeysRequest.parse(request.body ?? {});
        const result = await apiKeys.list(currentAccount(request).id, query);
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
        preHandler: writeApiKeys,
        schema: {
          ...route('Revoke a manager API key'),
          body: ZRevokeApiKeyRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await apiKeys.revoke(context(request), request.body.id);
        return { status: 'ok' as const, message: API_KEY_REVOKED_MESSAGE };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.rollApiKey,
      {
        // A roll creates a key: the same gate as generating one.
        preHandler: [writeApiKeys, deps.guards.requireVerifiedEmail],
        schema: {
          ...route('Roll a manager API key: a new key now, the old one until the overlap ends'),
          description:
            'The new key has the old one’s type, name and product and is shown once. The old key keeps working for overlapHours (0 to 168), then answers 401 api_key_expired and is revoked.',
          body: ZRollApiKeyRequest,
          response: { 200: ZRollApiKeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: API_KEY_ROLLED_MESSAGE,
        ...(await rolls.roll(context(request), request.body)),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.simulateApiKey,
      {
        preHandler: writeApiKeys,
        schema: {
          ...route('Simulate 402, 403 or a low rate limit on one API key for a while (off: stop)'),
          description:
            'Only the named key of the signed-in owner answers differently, for at most an hour; its plan, other keys and licence keys are unchanged.',
          body: ZSimulateApiKeyRequest,
          response: { 200: ZSimulateApiKeyResponse },
        },
      },
      async (request) => {
        const simulation = await apiKeys.simulate(context(request), request.body);
        return {
          status: 'ok' as const,
          message: simulation ? SIMULATION_STARTED_MESSAGE : SIMULATION_STOPPED_MESSAGE,
          simulation,
        };
      },
    );
  });
