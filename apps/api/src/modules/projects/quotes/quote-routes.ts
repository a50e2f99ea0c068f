import {
  DEAL_MESSAGES,
  QUOTE_PATHS,
  ZAcceptQuoteRequest,
  ZAdminQuotesQuery,
  ZDeclineQuoteRequest,
  ZMilestonesResponse,
  ZProjectDealsQuery,
  ZQuoteIdRequest,
  ZQuotePdfQuery,
  ZQuoteResponse,
  ZQuotesPageResponse,
  ZQuotesResponse,
  ZSaveQuoteRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentAccount, currentUser } from '../../../platform/auth/guard.js';
import { notFound } from '../../../platform/http/errors.js';
import type { ProjectService } from '../service.js';
import { assertMayReadDeals } from './quote-access.js';
import { type QuoteDecisions, quoteView } from './quote-decisions.js';
import { QUOTE_NOT_FOUND, type QuoteDrafts } from './quote-drafts.js';
import type { QuoteQueries } from './quote-queries.js';

const security = [{ accessToken: [] }];

/** Quotes and milestones (decision 035): the admin drafts and sends; the client accepts or declines. */
export const quoteRoutes =
  (
    deps: AppDeps,
    projects: ProjectService,
    drafts: QuoteDrafts,
    decisions: QuoteDecisions,
    queries: QuoteQueries,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const admin = deps.guards.requireRole('admin');
    const adminTags = ['admin', 'deals'];
    const reply = async (message: string, quoteId: string) => ({
      status: 'ok' as const,
      message,
      quote: await quoteView(db, quoteId, deps.clock.now()),
    });

    app.post(
      QUOTE_PATHS.adminSave,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary:
            'Create or edit the project’s draft quote; a sent quote is superseded by a new revision (409 quote_not_open once one was accepted)',
          body: ZSaveQuoteRequest,
          response: { 200: ZQuoteResponse },
        },
      },
      async (request) =>
        reply(DEAL_MESSAGES.quoteSaved, await drafts.save(request.body, currentUser(request).id)),
    );

    app.post(
      QUOTE_PATHS.adminSend,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Send a draft quote to the client (portal and mail)',
          body: ZQuoteIdRequest,
          response: { 200: ZQuoteResponse },
        },
      },
      async (request) => {
        await drafts.send(request.body.quoteID);
        return reply(DEAL_MESSAGES.quoteSent, request.body.quoteID);
      },
    );

    app.post(
      QUOTE_PATHS.adminWithdraw,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Withdraw a draft or sent quote',
          body: ZQuoteIdRequest,
          response: { 200: ZQuoteResponse },
        },
      },
      async (request) => {
        await drafts.withdraw(request.body.quoteID);
        return reply(DEAL_MESSAGES.quoteWithdrawn, request.body.quoteID);
      },
    );

    app.get(
      QUOTE_PATHS.adminList,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Every quote, newest first, by status and search (project, client email), in keyset pages',
          querystring: ZAdminQuotesQuery,
          response: { 200: ZQuotesPageResponse },
        },
      },
      async (request) => {
        const page = await queries.adminPage(request.query);
        return { status: 'ok' as const, quotes: page.items, nextCursor: page.nextCursor };
      },
    );

    app.get(
      QUOTE_PATHS.projectQuotes,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags: ['deals'],
          security,
          summary: 'A project’s quote revisions, newest first (the client sees those sent to them)',
          querystring: ZProjectDealsQuery,
          response: { 200: ZQuotesResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await assertMayReadDeals(projects, user, request.query.projectID);
        const quotes = await queries.ofProject(request.query.projectID, user.role === 'admin');
        const accepted = quotes.find((quote) => quote.status === 'accepted');
        const support =
          user.role === 'client' && user.account && accepted?.recurringPayment && accepted.term
            ? await deps.catalog.projectSupport(request.query.projectID, user.account.id)
            : null;
        return {
          status: 'ok' as const,
          quotes,
          support:
            support && accepted?.recurringPayment && accepted.term
              ? {
                  productID: support.productId,
                  planID: support.planId,
                  price: accepted.recurringPayment,
                  currency: accepted.currency,
                  term: accepted.term,
                  active: support.active,
                }
              : null,
        };
      },
    );

    app.get(
      QUOTE_PATHS.milestones,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags: ['deals'],
          security,
          summary: 'A project’s milestones (from its accepted quote), each with its invoice',
          querystring: ZProjectDealsQuery,
          response: { 200: ZMilestonesResponse },
        },
      },
      async (request) => {
        await assertMayReadDeals(projects, currentUser(request), request.query.projectID);
        return { status: 'ok' as const, milestones: await queries.milestones(request.query.projectID) };
      },
    );

    app.get(
      QUOTE_PATHS.pdf,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags: ['deals'],
          security,
          summary: 'A quote as a PDF; once accepted, the PDF it was frozen as',
          querystring: ZQuotePdfQuery,
        },
      },
      async (request, response) => {
        const user = currentUser(request);
        const quote = await queries.projectOf(request.query.quoteID);
        await assertMayReadDeals(projects, user, quote.projectId);
        // A client never sees a revision that was not sent to them.
        if (user.role !== 'admin' && !quote.sentAt) throw notFound(QUOTE_NOT_FOUND);
        const pdf = await queries.pdf(request.query.quoteID);
        return response
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="${pdf.filename}"`)
          .send(pdf.bytes);
      },
    );

    const decide = deps.guards.requireAccess('billing', 'write', 'client');
    app.post(
      QUOTE_PATHS.accept,
      {
        preHandler: [decide, deps.guards.requireVerifiedEmail],
        schema: {
          tags: ['deals'],
          security,
          summary:
            'Accept a sent quote with the name typed: approves the project and freezes the quote as a PDF (409 quote_expired, quote_not_open)',
          body: ZAcceptQuoteRequest,
          response: { 200: ZQuoteResponse },
        },
      },
      async (request) => {
        await decisions.accept(request.body.quoteID, request.body.name, {
          personId: currentUser(request).id,
          accountId: currentAccount(request).id,
          ip: request.ip,
        });
        return reply(DEAL_MESSAGES.quoteAccepted, request.body.quoteID);
      },
    );

    app.post(
      QUOTE_PATHS.decline,
      {
        preHandler: [decide, deps.guards.requireVerifiedEmail],
        schema: {
          tags: ['deals'],
          security,
          summary: 'Decline a sent quote, with an optional reason',
          body: ZDeclineQuoteRequest,
          response: { 200: ZQuoteResponse },
        },
      },
      async (request) => {
        await decisions.decline(request.body.quoteID, request.body.reason, {
          personId: currentUser(request).id,
          accountId: currentAccount(request).id,
          ip: request.ip,
        });
        return reply(DEAL_MESSAGES.quoteDeclined, request.body.quoteID);
      },
    );
  };
