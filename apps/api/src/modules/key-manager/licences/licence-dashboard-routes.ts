import {
  ENTITLEMENTS_SAVED_MESSAGE,
  LICENSE_PATHS,
  SIGNING_KEY_RETIRED_MESSAGE,
  SIGNING_KEY_ROTATED_MESSAGE,
  ZEntitlementsRequest,
  ZEntitlementsResponse,
  ZLicenceKeyParams,
  ZRotateSigningKeyResponse,
  ZSigningKeyParams,
  ZSigningKeysResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import type { KeyEntitlements } from './key-entitlements.js';
import type { SigningKeys } from './signing-keys.js';

const tags = ['key-manager offline licences'];
const security = [{ accessToken: [] }];
const zNoInput = z.strictObject({}).optional();

/** The signed-in developer's licence signing keys and per-key entitlements (decision 024). */
export const licenceDashboardRoutes =
  (deps: AppDeps, signingKeys: SigningKeys, entitlements: KeyEntitlements): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string) => ({ tags, security, summary });

    app.get(
      LICENSE_PATHS.signingKeys,
      {
        preHandler: read,
        schema: {
          ...route('Public keys that verify offline licences (the first call creates the signing key)'),
          response: { 200: ZSigningKeysResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        signingKeys: await signingKeys.list(currentAccount(request).id),
      }),
    );

    app.post(
      LICENSE_PATHS.rotateSigningKey,
      {
        preHandler: write,
        schema: {
          ...route('Rotate: a new key signs; the old one verifies until retired'),
          body: zNoInput,
          response: { 200: ZRotateSigningKeyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: SIGNING_KEY_ROTATED_MESSAGE,
        signingKeys: await signingKeys.rotate(currentAccount(request).id),
      }),
    );

    app.post(
      LICENSE_PATHS.retireSigningKey,
      {
        preHandler: write,
        schema: {
          ...route('Retire a previous signing key: certificates it signed stop verifying'),
          params: ZSigningKeyParams,
          body: zNoInput,
          response: { 200: ZRotateSigningKeyResponse },
        },
      },
      async (request) => {
        const ownerId = currentAccount(request).id;
        await signingKeys.retire(ownerId, request.params.id);
        return {
          status: 'ok' as const,
          message: SIGNING_KEY_RETIRED_MESSAGE,
          signingKeys: await signingKeys.list(ownerId),
        };
      },
    );

    app.get(
      LICENSE_PATHS.entitlements,
      {
        preHandler: read,
        schema: {
          ...route('A licence key’s entitlements'),
          params: ZLicenceKeyParams,
          response: { 200: ZEntitlementsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        entitlements: await entitlements.read(currentAccount(request).id, request.params.id),
      }),
    );

    app.put(
      LICENSE_PATHS.entitlements,
      {
        preHandler: write,
        schema: {
          ...route('Replace a licence key’s entitlements (copied into later certificates)'),
          params: ZLicenceKeyParams,
          body: ZEntitlementsRequest,
          response: { 200: ZEntitlementsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: ENTITLEMENTS_SAVED_MESSAGE,
        entitlements: await entitlements.replace(
          currentAccount(request).id,
          request.params.id,
          request.body.entitlements,
        ),
      }),
    );
  };
