import {
  BILLING_PATHS,
  UPGRADE_APPROVED_MESSAGE,
  ZBillingMessageResponse,
  ZUpgradeApproveRequest,
  ZUpgradeRequestsGetResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { UpgradeService } from './upgrades.js';

const tags = ['admin billing'];
const security = [{ accessToken: [] }];

/** docs/product-contract.md §Calls (Admin): plan-upgrade requests. */
export const billingAdminRoutes =
  (deps: AppDeps, upgrades: UpgradeService): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { preHandler: deps.guards.requireRole('admin') };

    app.get(
      BILLING_PATHS.upgradeRequestsGet,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Plan-upgrade requests, newest first',
          response: { 200: ZUpgradeRequestsGetResponse },
        },
      },
      async () => ({ status: 'ok' as const, requests: await upgrades.list() }),
    );

    app.post(
      BILLING_PATHS.upgradeRequestsApprove,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: 'Approve: the plan switches now, or after the client pays the prorated difference',
          body: ZUpgradeApproveRequest,
          response: { 200: ZBillingMessageResponse },
        },
      },
      async (request) => {
        await upgrades.approve(request.body.requestID);
        return { status: 'ok' as const, message: UPGRADE_APPROVED_MESSAGE };
      },
    );
  };
