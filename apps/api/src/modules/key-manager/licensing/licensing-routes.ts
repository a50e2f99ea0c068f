import {
  KEY_PAGE_PATHS,
  KEY_PRODUCT_NOT_FOUND_MESSAGE,
  KEY_PRODUCT_PATHS,
  LICENSING_SETTINGS_SAVED_MESSAGE,
  POLICY_CREATED_MESSAGE,
  POLICY_DELETED_MESSAGE,
  POLICY_NOT_FOUND_MESSAGE,
  POLICY_SAVED_MESSAGE,
  PRODUCT_CREATED_MESSAGE,
  PRODUCT_DELETED_MESSAGE,
  PRODUCT_SAVED_MESSAGE,
  ZCreatePolicyRequest,
  ZCreateProductRequest,
  ZGetPoliciesRequest,
  ZGetPoliciesResponse,
  ZGetProductsRequest,
  ZGetProductsResponse,
  ZKeyDetailResponse,
  ZKeyHistoryRequest,
  ZKeyHistoryResponse,
  ZLicensingSettings,
  ZLicensingSettingsResponse,
  ZOkResponse,
  ZPolicyResponse,
  ZProductResponse,
  ZUpdatePolicyRequest,
  ZUpdateProductRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { changes } from '../../../platform/audit/changes.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import type { CallContext } from '../call-context.js';
import { dashboardContext as context } from '../dashboard-context.js';
import { auditKeyAction, type KeyAuditEntry } from '../key-audit.js';
import type { KeyPage } from './key-page.js';
import { type KeyPolicies, toPolicy } from './policies.js';
import type { KeyProducts } from './products.js';
import type { LicensingSettingsStore } from './settings.js';

const tags = ['key-manager licensing'];
const security = [{ accessToken: [] }];
const zProductParams = z.object({ id: z.uuid(KEY_PRODUCT_NOT_FOUND_MESSAGE) });
const zPolicyParams = z.object({ id: z.uuid(POLICY_NOT_FOUND_MESSAGE) });
const zKeyParams = z.object({ id: z.uuid('ID is not a valid key ID') });

export interface LicensingServices {
  products: KeyProducts;
  policies: KeyPolicies;
  settings: LicensingSettingsStore;
  keyPage: KeyPage;
}

/** Products, policies, licensing settings and the key page (decision 032): the signed-in owner's only. */
export const licensingRoutes =
  (deps: AppDeps, { products, policies, settings, keyPage }: LicensingServices): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string) => ({ tags, security, summary });
    const owner = (request: Parameters<typeof currentAccount>[0]) => currentAccount(request).id;
    // Policies and settings are written by their stores in one statement each; the audit event
    // follows the change (decision 037), with the state read just before it as `before`.
    const audit = (ctx: CallContext, entry: KeyAuditEntry) => auditKeyAction(deps.database.db, ctx, entry);

    app.get(
      KEY_PRODUCT_PATHS.products,
      {
        preHandler: read,
        schema: {
          ...route('List products (newest first, paged)'),
          querystring: ZGetProductsRequest,
          response: { 200: ZGetProductsResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await products.page(owner(request), request.query.limit, request.query.cursor)),
      }),
    );

    app.post(
      KEY_PRODUCT_PATHS.products,
      {
        preHandler: write,
        schema: {
          ...route('Create a product'),
          body: ZCreateProductRequest,
          response: { 200: ZProductResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: PRODUCT_CREATED_MESSAGE,
        product: await products.create(
          owner(request),
          request.body.code,
          request.body.name,
          context(request),
        ),
      }),
    );

    app.patch(
      KEY_PRODUCT_PATHS.product,
      {
        preHandler: write,
        schema: {
          ...route('Rename a product'),
          params: zProductParams,
          body: ZUpdateProductRequest,
          response: { 200: ZProductResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: PRODUCT_SAVED_MESSAGE,
        product: await products.rename(
          owner(request),
          request.params.id,
          request.body.name,
          context(request),
        ),
      }),
    );

    app.delete(
      KEY_PRODUCT_PATHS.product,
      {
        preHandler: write,
        schema: {
          ...route('Delete a product without keys'),
          params: zProductParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await products.remove(owner(request), request.params.id, context(request));
        return { status: 'ok' as const, message: PRODUCT_DELETED_MESSAGE };
      },
    );

    app.get(
      KEY_PRODUCT_PATHS.policies,
      {
        preHandler: read,
        schema: {
          ...route('List policies (of one product with productId), newest first, paged'),
          querystring: ZGetPoliciesRequest,
          response: { 200: ZGetPoliciesResponse },
        },
      },
      async (request) => {
        const { limit, cursor, productId } = request.query;
        return { status: 'ok' as const, ...(await policies.page(owner(request), limit, cursor, productId)) };
      },
    );

    app.post(
      KEY_PRODUCT_PATHS.policies,
      {
        preHandler: write,
        schema: {
          ...route('Create a policy'),
          body: ZCreatePolicyRequest,
          response: { 200: ZPolicyResponse },
        },
      },
      async (request) => {
        const policy = await policies.create(owner(request), request.body);
        await audit(context(request), {
          action: 'policy.created',
          target: policy.name,
          after: { ...policy },
        });
        return { status: 'ok' as const, message: POLICY_CREATED_MESSAGE, policy };
      },
    );

    app.patch(
      KEY_PRODUCT_PATHS.policy,
      {
        preHandler: write,
        schema: {
          ...route('Change a policy (keys already issued keep their terms)'),
          params: zPolicyParams,
          body: ZUpdatePolicyRequest,
          response: { 200: ZPolicyResponse },
        },
      },
      async (request) => {
        const before = toPolicy(await policies.get(owner(request), request.params.id));
        const policy = await policies.update(owner(request), request.params.id, request.body);
        const changed = changes({ ...before }, { ...policy });
        if (changed)
          await audit(context(request), { action: 'policy.changed', target: policy.name, ...changed });
        return { status: 'ok' as const, message: POLICY_SAVED_MESSAGE, policy };
      },
    );

    app.delete(
      KEY_PRODUCT_PATHS.policy,
      {
        preHandler: write,
        schema: { ...route('Delete a policy'), params: zPolicyParams, response: { 200: ZOkResponse } },
      },
      async (request) => {
        const before = toPolicy(await policies.get(owner(request), request.params.id));
        await policies.remove(owner(request), request.params.id);
        await audit(context(request), {
          action: 'policy.deleted',
          target: before.name,
          before: { ...before },
        });
        return { status: 'ok' as const, message: POLICY_DELETED_MESSAGE };
      },
    );

    app.get(
      KEY_PRODUCT_PATHS.settings,
      {
        preHandler: read,
        schema: { ...route('Licensing settings'), response: { 200: ZLicensingSettingsResponse } },
      },
      async (request) => ({ status: 'ok' as const, settings: await settings.of(owner(request)) }),
    );

    app.put(
      KEY_PRODUCT_PATHS.settings,
      {
        preHandler: write,
        schema: {
          ...route('Save licensing settings'),
          body: ZLicensingSettings,
          response: { 200: ZLicensingSettingsResponse },
        },
      },
      async (request) => {
        const before = await settings.of(owner(request));
        const saved = await settings.set(owner(request), request.body);
        const changed = changes({ ...before }, { ...saved });
        if (changed)
          await audit(context(request), { action: 'licensing_settings.changed', target: null, ...changed });
        return { status: 'ok' as const, message: LICENSING_SETTINGS_SAVED_MESSAGE, settings: saved };
      },
    );

    app.get(
      KEY_PAGE_PATHS.key,
      {
        preHandler: read,
        schema: {
          ...route('One key with its product and policy'),
          params: zKeyParams,
          response: { 200: ZKeyDetailResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        key: await keyPage.detail(owner(request), request.params.id),
      }),
    );

    app.get(
      KEY_PAGE_PATHS.history,
      {
        preHandler: read,
        schema: {
          ...route('A key’s events, newest first (paged)'),
          params: zKeyParams,
          querystring: ZKeyHistoryRequest,
          response: { 200: ZKeyHistoryResponse },
        },
      },
      async (request) => {
        const { limit, cursor } = request.query;
        return {
          status: 'ok' as const,
          ...(await keyPage.history(owner(request), request.params.id, limit, cursor)),
        };
      },
    );
  };
