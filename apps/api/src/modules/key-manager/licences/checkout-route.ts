import {
  KEY_MANAGER_PATHS,
  ZCheckoutLicenseRequest,
  ZCheckoutLicenseResponse,
  ZFailedResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ApiKeyGuardFor, apiCaller } from '../api-key-guard.js';
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
        body: ZCheckoutLicenseRequest,
        response: { 200: ZCheckoutLicenseResponse, ...parts.failures, 503: ZFailedResponse },
      },
    },
    async (request) => {
      const { key, id, fingerprint, ttlSeconds } = request.body;
      const issued = await checkout.checkout(apiCaller(request).ownerId, {
        ref: { key, id },
        fingerprint,
        ttlSeconds,
      });
      return { status: 'ok' as const, ...issued };
    },
  );
}
