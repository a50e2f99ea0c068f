import {
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  ZNoBody,
  ZPlansActivatedGetResponse,
  ZPlansGetRequest,
  ZPlansGetResponse,
  ZProductsGetAllResponse,
  ZSaasProductsGetResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import type { ProductCatalog } from './products.js';
import type { CatalogService } from './service.js';

const tags = ['catalog'];

/**
 * docs/product-contract.md §Calls (Products, plans and payment): the catalog calls visitors and
 * signed-in users make.
 */
export const catalogRoutes =
  (deps: AppDeps, catalog: CatalogService, products: ProductCatalog): FastifyPluginAsyncZod =>
  async (app) => {
    const { guards } = deps;
    const security = [{ accessToken: [] }];

    app.post(
      CATALOG_PATHS.plansGet,
      {
        preHandler: guards.requireAccess('billing', 'read'),
        schema: {
          tags,
          security,
          summary: 'Plans of a SaaS product, with the caller’s active plan',
          body: ZPlansGetRequest,
          response: { 200: ZPlansGetResponse },
        },
      },
      async (request) => {
        const result = await catalog.listPlans(request.body.product_id, currentAccount(request).id);
        return { status: 'ok' as const, ...result };
      },
    );

    app.get(
      CATALOG_PATHS.plansActivatedGet,
      {
        preHandler: guards.requireAccess('billing', 'read'),
        schema: {
          tags,
          security,
          summary: 'The caller’s active plans, one per product',
          response: { 200: ZPlansActivatedGetResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        products: await catalog.activatedProducts(currentAccount(request).id),
      }),
    );

    // Public: the Products page's Store tab (docs/product-contract.md §Screens), shown to visitors too.
    app.get(
      CATALOG_ADMIN_PATHS.productsGetAll,
      {
        schema: {
          tags,
          summary: 'Every product (data) and SaaS product with its plans (sassProducts)',
          response: { 200: ZProductsGetAllResponse },
        },
      },
      async () => ({
        status: 'ok' as const,
        data: await products.listProducts(),
        sassProducts: await products.listSaasProducts(),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.saasProductsGet,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          security,
          summary: 'SaaS products with their plans',
          body: ZNoBody,
          response: { 200: ZSaasProductsGetResponse },
        },
      },
      async () => ({ status: 'ok' as const, products: await products.listSaasProducts() }),
    );
  };
