import {
  KEY_ACTIVATED_MESSAGE,
  KEY_ALREADY_ACTIVATED_MESSAGE,
  KEY_DEACTIVATED_MESSAGE,
  KEY_DELETED_MESSAGE,
  KEY_DISABLED_NOW_MESSAGE,
  KEY_ENABLED_MESSAGE,
  KEY_MANAGER_ERRORS,
  KEY_MANAGER_PATHS,
  KEY_MANAGER_PUBLIC_OPERATIONS,
  KEY_TRANSFERRED_MESSAGE,
  ZActivateKeyRequest,
  ZActivateKeyResponse,
  ZActivationRefusedResponse,
  ZDeactivateKeyRequest,
  ZDeleteKeyRequest,
  ZDeleteKeyResponse,
  ZFailedResponse,
  ZGetKeyInformationRequest,
  ZGetKeyInformationResponse,
  ZKeyManipulationResponse,
  ZMarkKeyAsActiveRequest,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { refusal } from '../../platform/http/errors.js';
import { type ApiKeyGuardFor, apiCaller } from './api-key-guard.js';
import type { CallContext } from './call-context.js';
import type { Devices } from './devices/devices.js';
import { registerHeartbeatRoute } from './devices/heartbeat-route.js';
import type { KeyOperations } from './key-operations.js';
import { registerCheckoutRoute } from './licences/checkout-route.js';
import type { LicenceCheckout } from './licences/licence-checkout.js';
import { type KeyRecord, publicInformation } from './licensing/key-record.js';
import {
  type LicensingPublicServices,
  registerLicensingPublicRoutes,
} from './licensing/licensing-public-routes.js';
import { registerPublicCors } from './public-cors.js';
import type { KeyUsage } from './usage/key-usage.js';
import { registerUsageRoute } from './usage/usage-route.js';

const tags = ['key-manager public REST'];
// Operation ids are the contract's operation names (the SDKs' method names), not derived from paths.
// The bearer here is a manager API key (secret or publishable), not an access token.
const security = [{ apiKey: [] }];
const failures = {
  400: ZFailedResponse,
  401: ZFailedResponse,
  402: ZFailedResponse,
  403: ZFailedResponse,
  404: ZFailedResponse,
  409: ZFailedResponse,
  429: ZFailedResponse,
};

/** A publishable key changes counts only through a device it names (decision 020). */
function requireFingerprintOfPublishable(request: FastifyRequest, fingerprint: string | undefined): void {
  if (!fingerprint && apiCaller(request).type === 'publishable') {
    throw refusal(KEY_MANAGER_ERRORS.publishableKeyFingerprint);
  }
}

function context(request: FastifyRequest): CallContext {
  const caller = apiCaller(request);
  return {
    ownerId: caller.ownerId,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    productId: caller.productId,
  };
}

/** A key's information for this caller at this moment: a secret key also sees the licensee. */
function replyOf(request: FastifyRequest, record: KeyRecord, clock: Clock) {
  const audience = apiCaller(request).type === 'secret' ? 'owner' : 'public';
  return publicInformation(record, clock.now().getTime(), audience);
}

/**
 * docs/product-contract.md §Calls (Key Manager public REST interface): bearer manager API key, POST
 * with a JSON body. Callable from web pages on any origin (CORS, this plugin only); each route's guard
 * knows its operation, so a publishable key is refused what it may not do. Replies go through the
 * compiled serialiser (`compiledRoutes`): they are built from typed rows.
 */
export const publicKeyRoutes = (
  operations: KeyOperations,
  requireApiKey: ApiKeyGuardFor,
  devices: Devices,
  licences: LicenceCheckout,
  clock: Clock,
  licensing: LicensingPublicServices,
  usage: Pick<KeyUsage, 'recorder' | 'reader'>,
): FastifyPluginAsyncZod =>
  compiledRoutes(async (app) => {
    // Verification analytics and the request log (decision 037): the guard marks a call once its API
    // key is known; one hook here counts it when the reply has gone, success or refusal.
    app.decorateRequest('keyUsage', null);
    const recorder = usage.recorder;
    if (recorder) {
      app.addHook('onResponse', (request, reply, done) => {
        recorder.record(request, reply);
        done();
      });
    }
    registerPublicCors(
      app,
      KEY_MANAGER_PUBLIC_OPERATIONS.map((operation) => KEY_MANAGER_PATHS[operation]),
    );

    app.post(
      KEY_MANAGER_PATHS.getKeyInformation,
      {
        onRequest: requireApiKey('getKeyInformation'),
        schema: {
          operationId: 'getKeyInformation',
          tags,
          security,
          summary: 'Get a licence key’s information by its key (or id)',
          body: ZGetKeyInformationRequest,
          response: { 200: ZGetKeyInformationResponse, ...failures },
        },
      },
      async (request, reply) => {
        licensing.signed.nonceOf(request);
        const { includeDevices, key, id } = request.body;
        const caller = apiCaller(request);
        const record = await operations.information({ key, id }, caller.ownerId, caller.productId);
        const info = replyOf(request, record, clock);
        // Signed on request, as validate-key (decision 032).
        if (!includeDevices)
          return licensing.signed.reply(request, reply, { status: 'ok' as const, ...info });
        // A publishable key sees devices without fingerprints and addresses (decision 023).
        const audience = caller.type === 'secret' ? 'owner' : 'public';
        const listed = await devices.forInformation(caller.ownerId, info.id, audience);
        return licensing.signed.reply(request, reply, { status: 'ok' as const, ...info, devices: listed });
      },
    );

    app.post(
      KEY_MANAGER_PATHS.activateKey,
      {
        onRequest: requireApiKey('activateKey'),
        schema: {
          operationId: 'activateKey',
          tags,
          security,
          summary: 'Add one activation (update activation count); optional device fingerprint',
          description:
            'With a `fingerprint` the activation is a device: activating it again is idempotent (safe to retry). At the limit, a key that allows transfers may release its least recently seen idle device (`transfer` in the reply); otherwise 409, with `nextTransferAt` when a transfer will be possible.',
          body: ZActivateKeyRequest,
          response: { 200: ZActivateKeyResponse, ...failures, 409: ZActivationRefusedResponse },
        },
      },
      async (request) => {
        const { fingerprint, deviceName, platform, key, id } = request.body;
        // A publishable key ships inside apps: an anonymous slot it took could never be freed by it.
        requireFingerprintOfPublishable(request, fingerprint);
        const details = { deviceName, platform };
        const result = await operations.activate({ key, id }, context(request), fingerprint, details);
        const info = replyOf(request, result.info, clock);
        if (result.transfer) {
          const { releasedFingerprint: _hidden, ...transfer } = result.transfer;
          return { status: 'ok' as const, message: KEY_TRANSFERRED_MESSAGE, ...info, transfer };
        }
        const message = result.changed ? KEY_ACTIVATED_MESSAGE : KEY_ALREADY_ACTIVATED_MESSAGE;
        return { status: 'ok' as const, message, ...info };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.deactivateKey,
      {
        onRequest: requireApiKey('deactivateKey'),
        schema: {
          operationId: 'deactivateKey',
          tags,
          security,
          summary: 'Remove one activation (or the given device’s)',
          body: ZDeactivateKeyRequest,
          response: { 200: ZKeyManipulationResponse, ...failures },
        },
      },
      async (request) => {
        const { fingerprint, key, id } = request.body;
        const ref = { key, id };
        // A publishable key frees only the device it names, never an anonymous slot.
        requireFingerprintOfPublishable(request, fingerprint);
        const result = await operations.deactivate(ref, context(request), fingerprint);
        return {
          status: 'ok' as const,
          message: KEY_DEACTIVATED_MESSAGE,
          ...replyOf(request, result.info, clock),
        };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.markKeyAsActive,
      {
        onRequest: requireApiKey('markKeyAsActive'),
        schema: {
          operationId: 'markKeyAsActive',
          tags,
          security,
          summary: 'Enable or disable a key (`isActive`, or `isActivated` as in the field table)',
          body: ZMarkKeyAsActiveRequest,
          response: { 200: ZKeyManipulationResponse, ...failures },
        },
      },
      async (request) => {
        const { isActive, isActivated, key, id } = request.body;
        const value = (isActive ?? isActivated) === true;
        const record = await operations.setActive({ key, id }, context(request), value);
        return {
          status: 'ok' as const,
          message: value ? KEY_ENABLED_MESSAGE : KEY_DISABLED_NOW_MESSAGE,
          ...replyOf(request, record, clock),
        };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.deleteKey,
      {
        onRequest: requireApiKey('deleteKey'),
        schema: {
          operationId: 'deleteKey',
          tags,
          security,
          summary: 'Delete a key; later calls with it answer Invalid Key Provided',
          body: ZDeleteKeyRequest,
          response: { 200: ZDeleteKeyResponse, ...failures },
        },
      },
      async (request) => {
        const { key, id } = request.body;
        await operations.remove({ key, id }, context(request));
        return { status: 'ok' as const, message: KEY_DELETED_MESSAGE };
      },
    );

    registerHeartbeatRoute(app, devices, requireApiKey, context, { tags, security, failures });
    // The owner's usage counts (decision 037), secret API key only.
    registerUsageRoute(app, requireApiKey, { ...usage, clock }, { tags, security, failures });
    // Signed offline licences (decision 024).
    registerCheckoutRoute(app, licences, requireApiKey, context, { tags, security, failures });
    // Licensing (decision 032).
    registerLicensingPublicRoutes(app, licensing, requireApiKey, {
      tags,
      security,
      failures,
      context,
      replyOf: (request, record) => replyOf(request, record, clock),
    });
  });
