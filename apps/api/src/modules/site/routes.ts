import {
  SITE_PATHS,
  ZAdminLeadsQuery,
  ZAdminSubscribersQuery,
  ZCreateLeadRequest,
  ZLeadsResponse,
  ZNewsletterTokenRequest,
  ZOneClickBody,
  ZOneClickQuery,
  ZSiteMessageResponse,
  ZSubscribeRequest,
  ZSubscribersResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { badRequest } from '../../platform/http/errors.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { createLeadService } from './lead-service.js';
import { createNewsletterService } from './newsletter-service.js';
import { seoRoutes } from './seo-routes.js';

const tags = ['site'];
/** What each admin list reads: their change versions make its ETag (table_stats, decision 026). */
const SUBSCRIBER_TABLES = ['newsletter_subscriptions'];
const LEAD_TABLES = ['crm_leads'];

export const siteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const newsletter = createNewsletterService(deps);
    const leads = createLeadService(deps);
    const adminOnly = deps.guards.requireRole('admin');
    await app.register(seoRoutes(deps));

    // Mail clients send RFC 8058 one-click unsubscribes form-encoded; scoped to this plugin only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        try {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        } catch {
          done(badRequest('Malformed form body'), undefined);
        }
      },
    );

    app.post(
      SITE_PATHS.subscribe,
      {
        schema: {
          tags,
          summary: 'Subscribe to the newsletter (double opt-in: a confirmation mail is sent)',
          body: ZSubscribeRequest,
          response: { 200: ZSiteMessageResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: await newsletter.subscribe(request.body.email, request.ip),
      }),
    );

    app.post(
      SITE_PATHS.confirmSubscription,
      {
        schema: {
          tags,
          summary: 'Confirm a subscription with the token from the confirmation mail',
          body: ZNewsletterTokenRequest,
          response: { 200: ZSiteMessageResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, message: await newsletter.confirm(request.body.token) }),
    );

    app.post(
      SITE_PATHS.unsubscribe,
      {
        schema: {
          tags,
          summary: 'Unsubscribe with the token from the mail (the web page calls this)',
          body: ZNewsletterTokenRequest,
          response: { 200: ZSiteMessageResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        message: await newsletter.unsubscribe(request.body.token),
      }),
    );

    app.post(
      SITE_PATHS.oneClickUnsubscribe,
      {
        schema: {
          tags,
          summary: 'RFC 8058 one-click unsubscribe (target of the List-Unsubscribe header)',
          querystring: ZOneClickQuery,
          body: ZOneClickBody,
          response: { 200: ZSiteMessageResponse },
        },
      },
      async (request) => {
        // RFC 8058 §3.2: the POST SHOULD be multipart/form-data. Its only field carries no information
        // (the token is in the URL); it is read through the one multipart reader, which takes no files.
        if (request.isMultipart()) await readMultipart(request, deps.storage, { files: {}, ownerId: null });
        return { status: 'ok' as const, message: await newsletter.unsubscribe(request.query.token) };
      },
    );

    app.post(
      SITE_PATHS.crmLead,
      {
        schema: {
          tags,
          summary: 'Ask for early access, a demo or a reserved spot for the CRM',
          body: ZCreateLeadRequest,
          response: { 200: ZSiteMessageResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, message: await leads.create(request.body, request.ip) }),
    );

    app.get(
      SITE_PATHS.adminSubscribers,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Confirmed newsletter subscribers, newest first, in keyset pages (304 when unchanged)',
          security: [{ accessToken: [] }],
          querystring: ZAdminSubscribersQuery,
          response: { 200: ZSubscribersResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const { db } = deps.database;
        if (await listNotModified(db, request, reply, 'admin-subscribers', SUBSCRIBER_TABLES)) return reply;
        return { status: 'ok' as const, ...(await newsletter.confirmedSubscribers(request.query)) };
      },
    );

    app.get(
      SITE_PATHS.adminLeads,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'CRM leads, newest first, searchable, in keyset pages (304 when unchanged)',
          security: [{ accessToken: [] }],
          querystring: ZAdminLeadsQuery,
          response: { 200: ZLeadsResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const { db } = deps.database;
        if (await listNotModified(db, request, reply, 'admin-leads', LEAD_TABLES)) return reply;
        return { status: 'ok' as const, ...(await leads.list(request.query)) };
      },
    );
  };
