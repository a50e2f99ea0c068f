import {
  RENEWAL_PATHS,
  ZBillingPortalResponse,
  ZNoBody,
  ZPastDueQuery,
  ZPastDueResponse,
  ZSandboxCardRequest,
  ZSubscriptionActionRequest,
  ZSubscriptionActionResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { listPastDue } from './past-due.js';
import type { RenewalActions } from './renewal-actions.js';

const security = [{ accessToken: [] }];

/** Cancel at period end, resume, the sandbox's card update, Stripe's portal; the admin's past-due view. */
export const renewalRoutes =
  (deps: AppDeps, actions: RenewalActions): FastifyPluginAsyncZod =>
  async (app) => {
    // Subscriptions belong to the account; its billing members manage them (decision 033).
    const write = { preHandler: deps.guards.requireAccess('billing', 'write') };
    // Saving a card may charge a due renewal: it needs a verified address (decision 033).
    const pay = {
      preHandler: [deps.guards.requireAccess('billing', 'write'), deps.guards.requireVerifiedEmail],
    };
    const tags = ['billing'];

    app.post(
      RENEWAL_PATHS.cancel,
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Cancel at period end: access ends exactly then, nothing more is charged',
          body: ZSubscriptionActionRequest,
          response: { 200: ZSubscriptionActionResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await actions.cancel(currentAccount(request).id, request.body.subscriptionID)),
      }),
    );

    app.post(
      RENEWAL_PATHS.resume,
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Undo a cancel at period end while the period runs',
          body: ZSubscriptionActionRequest,
          response: { 200: ZSubscriptionActionResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await actions.resume(currentAccount(request).id, request.body.subscriptionID)),
      }),
    );

    app.post(
      RENEWAL_PATHS.sandboxCard,
      {
        ...pay,
        schema: {
          tags: ['billing sandbox'],
          security,
          summary: 'Save a test card for renewals; a renewal that is due is charged at once',
          body: ZSandboxCardRequest,
          response: { 200: ZSubscriptionActionResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await actions.updateSandboxCard(currentAccount(request).id, request.body)),
      }),
    );

    app.post(
      RENEWAL_PATHS.billingPortal,
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Manage billing: a Stripe customer-portal session for the caller',
          body: ZNoBody,
          response: { 200: ZBillingPortalResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        url: await actions.billingPortal(currentAccount(request).id),
      }),
    );

    app.get(
      RENEWAL_PATHS.adminPastDue,
      {
        preHandler: deps.guards.requireRole('admin'),
        schema: {
          tags: ['admin billing'],
          security,
          summary: 'Past-due subscriptions (failed automatic renewals), newest first',
          querystring: ZPastDueQuery,
          response: { 200: ZPastDueResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await listPastDue(deps.database.db, deps.clock, request.query)),
      }),
    );
  };
