import {
  KEY_MANAGER_PATHS,
  ZCheckoutLicenseRequest,
  ZCheckoutLicenseResponse,
  ZFailedResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiKeyGuardFor } from '../api-key-guard.js';
import type { CallContext } from '../call-context.js';
import type { LicenceCheckout } from './licence-checkout.js';

type PublicApp = Parameters<FastifyPluginAsyncZod>[0];

/** The OpenAPI parts every public REST route shares (public-routes.ts). */
export interface PublicSchemaParts {
  tags: string[];
  security: { apiKey: string[] }[];
  failures: Record<number, typeof ZFailedResponse>;
}

/**
 * `POST checkout-license`, registered on the public REST plugin so it shares its CORS hook and
 * serializer. Secret and publishable keys may call it (PUBLISHABLE_KEY_OPERATIONS); 503 when this
 * server cannot open the owner's signing key (decision 024).
 */
export function registerCheckoutRoute(
  app: PublicApp,
  checkout: LicenceCheckout,
  requireApiKey: ApiKeyGuardFor,
  context: (request: FastifyRequest) => CallContext,
  parts: PublicSchemaParts,
): void {
  app.post(
    KEY_MANAGER_PATHS.checkoutLicense,
    {
      onRequest: requireApiKey('checkoutLicense'),
      schema: {
        operationId: 'checkoutLicense',
        tags: parts.tags,
        security: parts.security,
        summary: 'Check out a signed offline licence for an activated device (verify it offline)',
        description:
          'Counts as the device’s heartbeat too: its last-seen time moves to now and its lease starts again. 409 `This device is not activated for the key` means the slot is gone: activate again.',
        body: ZCheckoutLicenseRequest,
        response: { 200: ZCheckoutLicenseResponse, ...parts.failures, 503: ZFailedResponse },
      },
    },
    async (request) => {
      const { key, id, fingerprint, ttlSeconds } = request.body;
      // Also the device's heartbeat: its last-seen time and lease start again (decision 023).
      const issued = await checkout.checkout(context(request), {
        ref: { key, id },
        fingerprint,
        ttlSeconds,
      });
      return { status: 'ok' as const, ...issued };
    },
  );
}
