import {
  KEY_MANAGER_PATHS,
  type ZFailedResponse,
  ZHeartbeatRequest,
  ZHeartbeatResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ApiKeyGuardFor, apiCaller } from '../api-key-guard.js';
import type { CallContext } from '../call-context.js';
import type { Devices } from './devices.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `heartbeat` (decision 023), registered inside the public REST plugin (its CORS, serializer and
 * failures). Secret and publishable keys may call it: it only says "this device is still here".
 */
export function registerHeartbeatRoute(
  app: App,
  devices: Devices,
  requireApiKey: ApiKeyGuardFor,
  context: (request: FastifyRequest) => CallContext,
  shared: {
    tags: string[];
    security: Array<Record<string, string[]>>;
    failures: Record<number, typeof ZFailedResponse>;
  },
): void {
  app.post(
    KEY_MANAGER_PATHS.heartbeat,
    {
      onRequest: requireApiKey('heartbeat'),
      schema: {
        operationId: 'heartbeat',
        tags: shared.tags,
        security: shared.security,
        summary: 'Keep a device’s activation alive within its key’s lease',
        description:
          'Records that the device with this fingerprint still runs. A key with a lease (`leaseSeconds` > 0) releases a device that sends none within it. 409 `This device is not activated for the key` means the slot is gone (released or lapsed): activate again.',
        body: ZHeartbeatRequest,
        response: { 200: ZHeartbeatResponse, ...shared.failures },
      },
    },
    async (request) => {
      const { fingerprint, key, id } = request.body;
      // A publishable key's reply leaves the licensee out (decision 032).
      const audience = apiCaller(request).type === 'secret' ? 'owner' : 'public';
      const result = await devices.heartbeat({ key, id }, fingerprint, context(request), audience);
      return { status: 'ok' as const, ...result };
    },
  );
}
