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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { changes } from '../../../platform/audit/changes.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import { auditDashboardAction, type KeyAuditEntry } from '../key-audit.js';
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
    // The audit log (decision 037): these stores write in statements of their own; the event follows.
    const audit = (request: FastifyRequest, entry: KeyAuditEntry) =>
      auditDashboardAction(deps.database.db, request, entry);

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
      async (request) => {
        const ownerId = currentAccount(request).id;
        const was = (await signingKeys.list(ownerId)).find((key) => key.state === 'current')?.id ?? null;
        const rotated = await signingKeys.rotate(ownerId);
        const now = rotated.find((key) => key.state === 'current')?.id ?? null;
        // Key ids only (a hash of the public key): never a private key.
        await audit(request, {
          action: 'signing_key.rotated',
          target: now,
          before: { currentSigningKey: was },
          after: { currentSigningKey: now },
        });
        return { status: 'ok' as const, message: SIGNING_KEY_ROTATED_MESSAGE, signingKeys: rotated };
      },
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
        await audit(request, {
          action: 'signing_key.retired',
          target: request.params.id,
          before: { signingKey: request.params.id },
          after: null,
        });
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
      async (request) => {
        const ownerId = currentAccount(request).id;
        const before = await entitlements.read(ownerId, request.params.id);
        const after = await entitlements.replace(ownerId, request.params.id, request.body.entitlements);
        const changed = changes({ entitlements: before }, { entitlements: after });
        if (changed) {
          await audit(request, {
            action: 'key.changed',
            target: null,
            detail: { keyId: request.params.id },
            ...changed,
          });
        }
        return { status: 'ok' as const, message: ENTITLEMENTS_SAVED_MESSAGE, entitlements: after };
      },
    );
  };
