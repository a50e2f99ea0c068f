import {
  KEY_MANAGER_PATHS,
  KEY_REINSTATED_MESSAGE,
  KEY_RENEWED_MESSAGE,
  KEY_SUSPENDED_NOW_MESSAGE,
  type PublicKeyInformation,
  TRIAL_CONVERTED_MESSAGE,
  TRIAL_STARTED_MESSAGE,
  ZConvertTrialRequest,
  type ZFailedResponse,
  ZLicensingChangeResponse,
  ZRenewKeyRequest,
  ZStartTrialRequest,
  ZStartTrialResponse,
  ZSuspendKeyRequest,
  ZValidateKeyRequest,
  ZValidateKeyResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../../platform/rate-limit/limiter.js';
import { type ApiKeyGuardFor, apiCaller } from '../api-key-guard.js';
import type { CallContext } from '../call-context.js';
import { markOutcome } from '../usage/usage-mark.js';
import type { KeyLifecycle } from './key-lifecycle.js';
import type { KeyRecord } from './key-record.js';
import type { SignedReplies } from './signed-replies.js';
import type { KeyValidation } from './validation.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface LicensingPublicServices {
  validation: KeyValidation;
  lifecycle: KeyLifecycle;
  /** Trials started per caller address (an app may be installed many times behind one address, so generous). */
  trialsPerIp: RateLimiter;
  signed: SignedReplies;
}

export interface PublicRouteShared {
  tags: string[];
  security: Array<Record<string, string[]>>;
  failures: Record<number, typeof ZFailedResponse>;
  context: (request: FastifyRequest) => CallContext;
  replyOf: (request: FastifyRequest, record: KeyRecord) => PublicKeyInformation;
}

/**
 * Licensing's public REST operations (decision 032), registered inside the public REST plugin (its
 * CORS, compiled serializer and failures): validate-key and start-trial (secret or publishable key),
 * convert-trial, renew-key and suspend-key (secret key).
 */
export function registerLicensingPublicRoutes(
  app: App,
  services: LicensingPublicServices,
  requireApiKey: ApiKeyGuardFor,
  shared: PublicRouteShared,
): void {
  const { validation, lifecycle, trialsPerIp, signed } = services;
  const { tags, security, failures, context, replyOf } = shared;

  app.post(
    KEY_MANAGER_PATHS.validateKey,
    {
      onRequest: requireApiKey('validateKey'),
      schema: {
        operationId: 'validateKey',
        tags,
        security,
        summary: 'May the app run now? One answer: valid, a code, and the key’s information',
        description:
          'Checks the key (for this API key), its product, expiry, this device (the check is its heartbeat) and the entitlements asked. Always 200 once the API key is accepted: `valid` and `code` say the outcome. Send `x-km-nonce` to get the reply signed (`x-km-signature`, `x-km-signing-key`, `x-km-signed-at`).',
        body: ZValidateKeyRequest,
        response: { 200: ZValidateKeyResponse, ...failures },
      },
    },
    async (request, reply) => {
      signed.nonceOf(request);
      const { key, id, fingerprint, product, entitlements } = request.body;
      const audience = apiCaller(request).type === 'secret' ? 'owner' : 'public';
      const result = await validation.validate(
        { key, id },
        context(request),
        { fingerprint, product, entitlements },
        audience,
      );
      markOutcome(request.keyUsage, result.code);
      return signed.reply(request, reply, { status: 'ok' as const, ...result });
    },
  );

  app.post(
    KEY_MANAGER_PATHS.startTrial,
    {
      onRequest: requireApiKey('startTrial'),
      schema: {
        operationId: 'startTrial',
        tags,
        security,
        summary: 'Start a trial of a product on this device',
        description:
          'A new trial key from the product’s trial policy, already activated on the fingerprint. One trial per device per product (and per email when given): another answers 409 `trial_used`.',
        body: ZStartTrialRequest,
        response: { 200: ZStartTrialResponse, ...failures },
      },
    },
    async (request) => {
      await trialsPerIp.consume(request.ip ?? 'unknown');
      const { product, fingerprint, email, name, deviceName, platform } = request.body;
      const record = await lifecycle.startTrial(context(request), {
        product,
        fingerprint,
        email,
        name,
        deviceName,
        platform,
      });
      return { status: 'ok' as const, message: TRIAL_STARTED_MESSAGE, ...replyOf(request, record) };
    },
  );

  app.post(
    KEY_MANAGER_PATHS.convertTrial,
    {
      onRequest: requireApiKey('convertTrial'),
      schema: {
        operationId: 'convertTrial',
        tags,
        security,
        summary: 'Make a trial key a paid key (its devices stay)',
        body: ZConvertTrialRequest,
        response: { 200: ZLicensingChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { key, id, policyId, customerName, customerEmail, customerRef } = request.body;
      const record = await lifecycle.convertTrial({ key, id }, context(request), policyId, {
        customerName,
        customerEmail,
        customerRef,
      });
      return { status: 'ok' as const, message: TRIAL_CONVERTED_MESSAGE, ...replyOf(request, record) };
    },
  );

  app.post(
    KEY_MANAGER_PATHS.renewKey,
    {
      onRequest: requireApiKey('renewKey'),
      schema: {
        operationId: 'renewKey',
        tags,
        security,
        summary: 'Extend a key’s expiry by its duration, or to a date',
        body: ZRenewKeyRequest,
        response: { 200: ZLicensingChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { key, id, until } = request.body;
      const record = await lifecycle.renew({ key, id }, context(request), until);
      return { status: 'ok' as const, message: KEY_RENEWED_MESSAGE, ...replyOf(request, record) };
    },
  );

  app.post(
    KEY_MANAGER_PATHS.suspendKey,
    {
      onRequest: requireApiKey('suspendKey'),
      schema: {
        operationId: 'suspendKey',
        tags,
        security,
        summary: 'Suspend a key (e.g. unpaid) or reinstate it',
        body: ZSuspendKeyRequest,
        response: { 200: ZLicensingChangeResponse, ...failures },
      },
    },
    async (request) => {
      const { key, id, suspended } = request.body;
      const record = await lifecycle.suspend({ key, id }, context(request), suspended);
      const message = suspended ? KEY_SUSPENDED_NOW_MESSAGE : KEY_REINSTATED_MESSAGE;
      return { status: 'ok' as const, message, ...replyOf(request, record) };
    },
  );
}
