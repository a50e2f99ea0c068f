import {
  CATALOG_PATHS,
  PLAN_ACTIVATED_MESSAGE,
  ZPlansActivatedGetResponse,
  ZPlansActivateRequest,
  ZPlansActivateResponse,
  ZPlansGetRequest,
  ZPlansGetResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth/guard.js';
import type { AppDeps } from '../../platform/deps.js';

const tags = ['catalog'];

/** Spec §7 Products, plans and payment: the plan calls a signed-in user makes. */
export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalog, guards } = deps;
    const security = [{ bearer: [] }];

    app.post(
      CATALOG_PATHS.plansGet,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          security,
          summary: 'Plans of a SaaS product, with the caller’s active plan',
          body: ZPlansGetRequest,
          response: { 200: ZPlansGetResponse },
        },
      },
      async (request) => {
        const result = await catalog.listPlans(request.body.product_id, currentUser(request).id);
        return { status: 'ok' as const, ...result };
      },
    );

    app.post(
      CATALOG_PATHS.plansActivate,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          security,
          summary: 'Activate a plan (free plans at once; paid plans need online payment)',
          body: ZPlansActivateRequest,
          response: { 200: ZPlansActivateResponse },
        },
      },
      async (request) => {
        const { productID, planID } = request.body;
        const result = await catalog.activate(currentUser(request).id, productID, planID);
        return { status: 'ok' as const, message: PLAN_ACTIVATED_MESSAGE, ...result };
      },
    );

    app.get(
      CATALOG_PATHS.plansActivatedGet,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          security,
          summary: 'The caller’s active plans, one per product',
          response: { 200: ZPlansActivatedGetResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        products: await catalog.activatedProducts(currentUser(request).id),
      }),
    );
  };
