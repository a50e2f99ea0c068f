import {
  API_INFO_SET_MESSAGE,
  CATALOG_ADMIN_PATHS,
  CHANGES_SAVED_MESSAGE,
  humaniseFieldName,
  PLAN_ADDED_MESSAGE,
  PLAN_DELETED_MESSAGE,
  PRODUCT_ADDED_MESSAGE,
  PRODUCT_UPDATE_ADDED_MESSAGE,
  SAAS_PRODUCT_ADDED_MESSAGE,
  ZAdminPlansRequest,
  ZAdminPlansResponse,
  ZApiInfoGetRequest,
  ZApiInfoGetResponse,
  ZApiInfoSetRequest,
  ZCatalogMessageResponse,
  ZPlanAddRequest,
  ZPlanDeleteRequest,
  ZPlanSaveResponse,
  ZPlanUpdateRequest,
  ZProductAddFields,
  ZProductAddResponse,
  ZProductUpdateFields,
  ZSaasProductAddRequest,
  ZSaasProductAddResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import { badRequest } from '../../platform/http/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { parseOrBadRequest } from '../../platform/http/validation.js';
import type { PlanAdmin } from './plan-admin.js';
import type { ProductCatalog } from './products.js';
import { matchMediaField, PRODUCT_FILE_FIELDS, UPDATE_FILE_FIELDS } from './uploads.js';

const tags = ['admin catalog'];
const security = [{ accessToken: [] }];

/** Single text values of a multipart form (a repeated field is a mistake here). */
function single(fields: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) throw badRequest(`Send ${humaniseFieldName(key).toLowerCase()} only once`, key);
    out[key] = value;
  }
  return out;
}

/**
 * docs/product-contract.md §Calls (Admin): products, product updates, SaaS products, plans and API
 * limits.
 */
export const catalogAdminRoutes =
  (deps: AppDeps, products: ProductCatalog, plans: PlanAdmin): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { preHandler: deps.guards.requireRole('admin') };

    app.post(
      CATALOG_ADMIN_PATHS.productsAdd,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary:
            'Add a product: multipart {applicationName, applicationPrice (cents), applicationDescription, applicationExecutable, dependencies, media-1…media-4}',
          consumes: ['multipart/form-data'],
          multipartFields: ZProductAddFields,
          response: { 200: ZProductAddResponse },
        },
      },
      async (request) => {
        const form = await readMultipart(request, deps.storage, {
          files: PRODUCT_FILE_FIELDS,
          match: matchMediaField,
          ownerId: currentUser(request).id,
        });
        const stored = Object.values(form.files).flat();
        try {
          const fields = parseOrBadRequest(ZProductAddFields, single(form.fields));
          const executable = form.files.applicationExecutable?.[0];
          if (!executable) throw badRequest('Choose the executable file to upload', 'applicationExecutable');
          const product = await products.addProduct(fields, executable, form.files.media ?? []);
          return { status: 'ok' as const, message: PRODUCT_ADDED_MESSAGE, product };
        } catch (error) {
          await Promise.all(stored.map((file) => deps.storage.remove(file)));
          throw error;
        }
      },
    );

    app.post(
      CATALOG_ADMIN_PATHS.productUpdateAdd,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Add a product update: multipart {productID, date, file, dependencies}',
          consumes: ['multipart/form-data'],
          multipartFields: ZProductUpdateFields,
          response: { 200: ZProductAddResponse },
        },
      },
      async (request) => {
        const form = await readMultipart(request, deps.storage, {
          files: UPDATE_FILE_FIELDS,
          ownerId: currentUser(request).id,
        });
        const stored = Object.values(form.files).flat();
        try {
          const fields = parseOrBadRequest(ZProductUpdateFields, single(form.fields));
          const product = await products.addUpdate(fields, form.files.file?.[0]);
          return { status: 'ok' as const, message: PRODUCT_UPDATE_ADDED_MESSAGE, product };
        } catch (error) {
          await Promise.all(stored.map((file) => deps.storage.remove(file)));
          throw error;
        }
      },
    );

    app.post(
      CATALOG_ADMIN_PATHS.saasProductAdd,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Add a SaaS product',
          body: ZSaasProductAddRequest,
          response: { 200: ZSaasProductAddResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: SAAS_PRODUCT_ADDED_MESSAGE,
        product: await products.addSaasProduct(request.body),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.plansAdd,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Add a plan to a SaaS product',
          body: ZPlanAddRequest,
          response: { 200: ZPlanSaveResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: PLAN_ADDED_MESSAGE,
        plan: await plans.add(request.body),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.plansUpdate,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Edit a plan: fields, newFeaturesToAdd, featuresToDelete (item ids)',
          body: ZPlanUpdateRequest,
          response: { 200: ZPlanSaveResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: CHANGES_SAVED_MESSAGE,
        plan: await plans.update(request.body),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.plansDelete,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Delete a plan (subscribers keep it)',
          body: ZPlanDeleteRequest,
          response: { 200: ZCatalogMessageResponse },
        },
      },
      async (request) => {
        await plans.remove(request.body.productID, request.body.planID);
        return { status: 'ok' as const, message: PLAN_DELETED_MESSAGE };
      },
    );

    app.post(
      CATALOG_ADMIN_PATHS.plans,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Plans of a product (or one plan) with their API information',
          body: ZAdminPlansRequest,
          response: { 200: ZAdminPlansResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await plans.plans(request.body.productID, request.body.planID)),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.apiInfoGet,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Calls per minute of every plan (optionally of one product)',
          body: ZApiInfoGetRequest.optional(),
          response: { 200: ZApiInfoGetResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        information: await plans.apiInfo(request.body?.productID),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.apiInfoSet,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Set a plan’s calls per minute (minimum 10)',
          body: ZApiInfoSetRequest,
          response: { 200: ZCatalogMessageResponse },
        },
      },
      async (request) => {
        const { productID, planID, callsPerMinute } = request.body;
        await plans.setCallsPerMinute(productID, planID, callsPerMinute);
        return { status: 'ok' as const, message: API_INFO_SET_MESSAGE };
      },
    );
  };
