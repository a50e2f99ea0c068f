import {
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  CATALOG_PATHS,
  PAYMENT_STARTED_MESSAGE,
  ZApisSubscribedResponse,
  ZLaunchPaymentResponse,
  ZNoBody,
  ZPaymentStatusRequest,
  ZPaymentStatusResponse,
  ZPayPendingRequest,
  ZPendingPaymentsResponse,
  ZPlansActivateRequest,
  ZReceiptsGetQuery,
  ZReceiptsGetResponse,
  ZRenewRequest,
  ZSubscriptionsGetResponse,
  ZUpgradeQuoteRequest,
  ZUpgradeQuoteResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import type { BillingServices } from './services.js';

const tags = ['billing'];
const security = [{ accessToken: [] }];
/** What the payment history reads (table_stats versions, decision 030): refunds change payments. */
const RECEIPT_LIST_TABLES = ['receipts', 'payments'];

/**
 * docs/product-contract.md §Calls: plan activation with payment, subscriptions, subscribed APIs,
 * receipts; and extensions.
 */
export const billingClientRoutes =
  (deps: AppDeps, services: BillingServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { activation, account, payments, upgrades } = services;
    // Plans and payments belong to the account; its billing members reach them (decision 033).
    const read = { preHandler: deps.guards.requireAccess('billing', 'read') };
    // Subscribing and paying (every change here) also need a verified address (decision 033: email_not_verified).
    const pay = {
      preHandler: [deps.guards.requireAccess('billing', 'write'), deps.guards.requireVerifiedEmail],
    };
    const caller = async (id: string) => ({ id, email: await services.emailOf(id) });

    app.post(
      CATALOG_PATHS.plansActivate,
      {
        ...pay,
        schema: {
          tags,
          security,
          summary:
            'Activate a plan: free at once; paid opens a checkout (launchPayment, paymentData); a paid subscriber asks for a change (isUpgrade)',
          body: ZPlansActivateRequest,
          response: { 200: ZLaunchPaymentResponse },
        },
      },
      async (request) => {
        const { productID, planID, isUpgrade } = request.body;
        const result = await activation.activate(
          await caller(currentAccount(request).id),
          productID,
          planID,
          isUpgrade,
        );
        return { status: 'ok' as const, ...result };
      },
    );

    app.post(
      BILLING_PATHS.upgradeQuote,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'What a plan change would cost now (prorated)',
          body: ZUpgradeQuoteRequest,
          response: { 200: ZUpgradeQuoteResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await upgrades.quote(currentAccount(request).id, request.body.productID, request.body.planID)),
      }),
    );

    app.post(
      BILLING_PATHS.subscriptionsGet,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'The caller’s subscriptions with state, renewal date and grace countdown',
          body: ZNoBody,
          response: { 200: ZSubscriptionsGetResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        subscriptions: await account.subscriptions(currentAccount(request).id),
      }),
    );

    app.post(
      CATALOG_ADMIN_PATHS.apisSubscribed,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'Subscribed APIs with calls per minute',
          body: ZNoBody,
          response: { 200: ZApisSubscribedResponse },
        },
      },
      async (request) => {
        const subscriptions = await account.subscriptions(currentAccount(request).id);
        return {
          status: 'ok' as const,
          data: subscriptions
            .filter((sub) => sub.hasAPI)
            .map((sub) => ({
              productID: sub.productID,
              product: sub.product,
              plan: sub.plan.name,
              api_information: sub.plan.api_information,
              subscribedPlanID: sub.subscribedPlanID,
              state: sub.state,
            })),
        };
      },
    );

    app.get(
      BILLING_PATHS.receiptsGet,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'The caller’s receipts, newest first in keyset pages (304 when unchanged)',
          description:
            'No parameters: the first 50 receipts and nextCursor. limit (max 200) and cursor page; ' +
            'receipt=<id> returns that one receipt. Polled: answers 304 with no body when If-None-Match ' +
            'carries the current ETag.',
          querystring: ZReceiptsGetQuery,
          response: { 200: ZReceiptsGetResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const userId = currentAccount(request).id;
        const db = deps.database.db;
        if (await listNotModified(db, request, reply, `receipts:${userId}`, RECEIPT_LIST_TABLES))
          return reply;
        return { status: 'ok' as const, ...(await account.receipts(userId, request.query)) };
      },
    );

    app.post(
      BILLING_PATHS.pendingPayments,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'Amount due: open checkouts, renewals and approved plan changes (null = None)',
          body: ZNoBody,
          response: { 200: ZPendingPaymentsResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, ...(await account.pending(currentAccount(request).id)) }),
    );

    app.post(
      BILLING_PATHS.paymentStatus,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: 'A payment of the caller (default: the latest), as the webhook left it',
          body: ZPaymentStatusRequest.optional(),
          response: { 200: ZPaymentStatusResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        payment: await payments.status(currentAccount(request).id, request.body?.paymentID),
      }),
    );

    app.post(
      BILLING_PATHS.renew,
      {
        ...pay,
        schema: {
          tags,
          security,
          summary: 'Pay the next period of a recurring plan',
          body: ZRenewRequest,
          response: { 200: ZLaunchPaymentResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await activation.renew(await caller(currentAccount(request).id), request.body.productID)),
      }),
    );

    app.post(
      BILLING_PATHS.payPending,
      {
        ...pay,
        schema: {
          tags,
          security,
          summary: 'Pay an open checkout ({paymentID}) or an approved plan change ({requestID})',
          body: ZPayPendingRequest,
          response: { 200: ZLaunchPaymentResponse },
        },
      },
      async (request) => {
        const me = await caller(currentAccount(request).id);
        const body = request.body;
        if ('paymentID' in body) {
          const paymentData = await payments.resume(me.id, me.email, body.paymentID);
          return {
            status: 'ok' as const,
            message: PAYMENT_STARTED_MESSAGE,
            launchPayment: true,
            paymentData,
          };
        }
        return { status: 'ok' as const, ...(await activation.payUpgrade(me, body.requestID)) };
      },
    );
  };
