import {
  BILLING_PATHS,
  CARD_DECLINED_MESSAGE,
  SANDBOX_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  ZSandboxPayRequest,
  ZSandboxPayResponse,
  ZSandboxSessionRequest,
  ZSandboxSessionResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { AppError, badRequest, conflict } from '../../platform/http/errors.js';
import { toSummary } from './payments.js';
import { sandboxDeclines } from './providers/sandbox-cards.js';
import type { BillingServices } from './services.js';

const tags = ['billing sandbox'];
const security = [{ accessToken: [] }];

/**
 * The sandbox "processor" behind the hosted test-card page. It never grants anything itself: it
 * reports the outcome as a signed webhook, delivered through the server's own HTTP pipeline, and the
 * page then shows what the webhook did.
 */
export const sandboxRoutes =
  (deps: AppDeps, services: BillingServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments, sandbox } = services;
    // The account's payments; its billing members pay them (decision 033).
    const write = { preHandler: deps.guards.requireAccess('billing', 'write') };
    // Paying needs a verified address (decision 033: email_not_verified).
    const pay = {
      preHandler: [deps.guards.requireAccess('billing', 'write'), deps.guards.requireVerifiedEmail],
    };

    const deliver = async (body: string, headers: Record<string, string>) => {
      const response = await app.inject({
        method: 'POST',
        url: BILLING_PATHS.sandboxWebhook,
        headers,
        payload: body,
      });
      if (response.statusCode !== 200)
        throw new AppError(502, 'The payment could not be confirmed, try again');
    };

    app.post(
      BILLING_PATHS.sandboxSession,
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'The payment the test-card page is for',
          body: ZSandboxSessionRequest,
          response: { 200: ZSandboxSessionResponse },
        },
      },
      async (request) => {
        const row = await payments.own(currentAccount(request).id, request.body.paymentID);
        if (row.provider !== 'sandbox') throw badRequest('This payment is not a sandbox payment');
        return { status: 'ok' as const, payment: toSummary(row), refusal: payments.refusal(row.provider) };
      },
    );

    app.post(
      BILLING_PATHS.sandboxPay,
      {
        ...pay,
        schema: {
          tags,
          security,
          summary: `Pay with a test card (${SANDBOX_TEST_CARD} succeeds, ${SANDBOX_DECLINED_CARD} is declined)`,
          body: ZSandboxPayRequest,
          response: { 200: ZSandboxPayResponse },
        },
      },
      async (request) => {
        const userId = currentAccount(request).id;
        const body = request.body;
        const row = await payments.own(userId, body.paymentID);
        if (row.provider !== 'sandbox') throw badRequest('This payment is not a sandbox payment');
        if (row.status === 'paid') throw conflict('This payment is already paid');
        // Test payments off, or payments moved to Stripe: refused before any card is looked at.
        payments.assertMayComplete(row.provider);
        const [month, year] = body.expiry.split('/').map(Number);
        const now = deps.clock.now();
        if (!month || year === undefined || Date.UTC(2000 + year, month, 1) <= now.getTime()) {
          throw badRequest('The card has expired', 'expiry');
        }
        const declined = sandboxDeclines(body.cardNumber);
        // A recurring plan keeps the card for its renewals (decision 021).
        const savedCard = declined
          ? undefined
          : await services.renewals.savedCardFor(row, body.cardNumber, body.expiry);
        const signed = sandbox.signEvent(declined ? 'checkout.failed' : 'checkout.completed', {
          ...(savedCard ? { savedCard } : {}),
          paymentID: row.id,
          amount: row.amountCents,
          currency: row.currency,
          billing: {
            firstName: body.firstName,
            lastName: body.lastName,
            phone: body.phone,
            address: body.address,
            city: body.city,
            country: body.country,
            last4: body.cardNumber.slice(-4),
          },
        });
        await deliver(signed.body, signed.headers);
        if (declined) throw new AppError(402, CARD_DECLINED_MESSAGE);
        return { status: 'ok' as const, payment: toSummary(await payments.own(userId, row.id)) };
      },
    );

    app.post(
      BILLING_PATHS.sandboxCancel,
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Leave the test-card page without paying',
          body: ZSandboxSessionRequest,
          response: { 200: ZSandboxPayResponse },
        },
      },
      async (request) => {
        const userId = currentAccount(request).id;
        const row = await payments.own(userId, request.body.paymentID);
        if (row.provider !== 'sandbox') throw badRequest('This payment is not a sandbox payment');
        if (row.status === 'pending') {
          const signed = sandbox.signEvent('checkout.canceled', { paymentID: row.id });
          await deliver(signed.body, signed.headers);
        }
        return { status: 'ok' as const, payment: toSummary(await payments.own(userId, row.id)) };
      },
    );
  };
