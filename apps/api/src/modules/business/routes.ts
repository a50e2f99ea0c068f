import {
  AGENT_PASSWORD_SET_MESSAGE,
  AGENT_REMOVED_MESSAGE,
  BUSINESS_PATHS,
  PROPERTY_STATUSES,
  ZAddAgentRequest,
  ZAddAgentResponse,
  ZAgentListRequest,
  ZAgentListResponse,
  ZAgentRef,
  ZBusinessListQuery,
  ZBusinessListResponse,
  ZBusinessTypesResponse,
  ZCountriesResponse,
  ZOkResponse,
  ZPublicListingsQuery,
  ZPublicListingsResponse,
  ZRegisterBusinessRequest,
  ZRegisterBusinessResponse,
  ZSetAgentPasswordRequest,
  ZStatesRequest,
  ZStatesResponse,
  ZStatusesResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import { listNotModified, zNotModified } from '../../platform/http/list-etag.js';
import type { BusinessService } from './business-service.js';
import type { PropertyService } from './property-service.js';
import { listCountries, listStates } from './reference-data.js';

const tags = ['business'];
const security = [{ accessToken: [] }];
/** What the agents list reads (table_stats versions, decision 026/030). */
const AGENT_LIST_TABLES = ['business_agents', 'users'];

/**
 * docs/product-contract.md §Calls (Business and real estate): businesses, agents, reference data and the
 * public listings.
 */
export const businessRoutes =
  (deps: AppDeps, businesses: BusinessService, listings: PropertyService): FastifyPluginAsyncZod =>
  async (app) => {
    // Business account holders are clients (docs/product-contract.md §Roles); staff and admins have
    // their own areas.
    // Businesses belong to the account (decision 033); its members reach them by their role.
    const read = deps.guards.requireAccess('business', 'read', 'client');
    const write = deps.guards.requireAccess('business', 'write', 'client');
    const signedIn = deps.guards.requireUser;

    app.get(
      BUSINESS_PATHS.types,
      {
        preHandler: signedIn,
        schema: { tags, security, summary: 'Business types', response: { 200: ZBusinessTypesResponse } },
      },
      async () => ({ status: 'ok' as const, types: await businesses.listTypes() }),
    );

    app.get(
      BUSINESS_PATHS.list,
      {
        preHandler: read,
        schema: {
          tags,
          security,
          summary: 'Businesses the caller owns or is an agent of, in keyset pages',
          description:
            'Own businesses first, then the one the caller is an agent of, each oldest first. No parameters: ' +
            'the first 50 and nextCursor. limit (max 200), cursor, search (the name) and role (owner or agent) ' +
            'page and filter on the server.',
          querystring: ZBusinessListQuery,
          response: { 200: ZBusinessListResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await businesses.list(currentAccount(request).id, request.query)),
      }),
    );

    app.post(
      BUSINESS_PATHS.register,
      {
        preHandler: write,
        schema: {
          tags,
          security,
          summary: 'Register a business (the terms must be agreed)',
          body: ZRegisterBusinessRequest,
          response: { 200: ZRegisterBusinessResponse },
        },
      },
      async (request) => {
        const { businessName, businessType } = request.body;
        const business = await businesses.register(currentAccount(request).id, businessName, businessType);
        return { status: 'ok' as const, message: 'Business registered', business };
      },
    );

    app.get(
      BUSINESS_PATHS.countries,
      {
        preHandler: signedIn,
        schema: { tags, security, summary: 'Countries (ISO 3166-1)', response: { 200: ZCountriesResponse } },
      },
      async () => ({ status: 'ok' as const, countries: listCountries() }),
    );

    app.post(
      BUSINESS_PATHS.states,
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'States of a country (ISO 3166-2)',
          body: ZStatesRequest,
          response: { 200: ZStatesResponse },
        },
      },
      async (request) => {
        const states = listStates(request.body.country);
        if (!states) throw notFound('Country not found');
        return { status: 'ok' as const, states };
      },
    );

    app.get(
      BUSINESS_PATHS.statuses,
      {
        preHandler: signedIn,
        schema: { tags, security, summary: 'Property statuses', response: { 200: ZStatusesResponse } },
      },
      async () => ({ status: 'ok' as const, statuses: PROPERTY_STATUSES.map((s) => ({ ...s })) }),
    );

    app.post(
      BUSINESS_PATHS.agentAdd,
      {
        preHandler: write,
        schema: {
          tags,
          security,
          summary: 'Register an agent (a sign-in account) for one of your businesses',
          body: ZAddAgentRequest,
          response: { 200: ZAddAgentResponse },
        },
      },
      async (request) => {
        const { businessID, ...input } = request.body;
        const agent = await businesses.addAgent(currentAccount(request).id, businessID, input);
        return { status: 'ok' as const, message: 'Agent registered', agent };
      },
    );

    app.post(
      BUSINESS_PATHS.agentSetPassword,
      {
        preHandler: write,
        schema: {
          tags,
          security,
          summary: 'Set a new password for one of your agents (signs them out everywhere)',
          body: ZSetAgentPasswordRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const { businessID, agentID, ...passwords } = request.body;
        await businesses.setAgentPassword(currentAccount(request).id, businessID, agentID, passwords);
        return { status: 'ok' as const, message: AGENT_PASSWORD_SET_MESSAGE };
      },
    );

    app.post(
      BUSINESS_PATHS.agentRemove,
      {
        preHandler: write,
        schema: {
          tags,
          security,
          summary: 'Remove an agent from one of your businesses; their listings become unassigned',
          body: ZAgentRef,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await businesses.removeAgent(
          currentAccount(request).id,
          request.body.businessID,
          request.body.agentID,
        );
        return { status: 'ok' as const, message: AGENT_REMOVED_MESSAGE };
      },
    );

    app.post(
      BUSINESS_PATHS.agentGet,
      {
        preHandler: read,
        schema: {
          tags,
          security,
          summary: 'Agents of one of your businesses, oldest first in keyset pages (304 when unchanged)',
          description:
            '{business} alone: the first 50 agents and nextCursor. limit (max 200), cursor and search (name ' +
            'or email) page and filter on the server. Polled (docs/product-contract.md §9 Polling, 2.5 s): answers 304 with no body ' +
            'when If-None-Match carries the current ETag.',
          body: ZAgentListRequest,
          response: { 200: ZAgentListResponse, 304: zNotModified },
        },
      },
      async (request, reply) => {
        const userId = currentAccount(request).id;
        // Access first (a 304 says nothing to a caller who may not see the list), then the versions,
        // then the rows.
        const { business } = await businesses.ownerAccess(userId, request.body.business);
        if (await listNotModified(deps.database.db, request, reply, `agents:${userId}`, AGENT_LIST_TABLES)) {
          return reply;
        }
        return { status: 'ok' as const, ...(await businesses.listAgents(business, request.body)) };
      },
    );

    const base = publicUrl(deps.config).replace(/\/$/, '');
    app.get(
      BUSINESS_PATHS.publicListings,
      {
        schema: {
          tags,
          summary: 'Public, read-only listings of a business (not sold), for embedding on other sites',
          description:
            "Newest first in keyset pages: limit (default 50, max 200) and cursor (the previous reply's nextCursor). " +
            'Without them, the first page and nextCursor.',
          params: z.object({ businessId: z.string().max(64) }),
          querystring: ZPublicListingsQuery,
          response: { 200: ZPublicListingsResponse },
        },
      },
      async (request, reply) => {
        const result = await listings.publicListings(
          request.params.businessId,
          request.query,
          (id) => `${base}/api/v1/files/${id}`,
        );
        // Read-only public data: any site may fetch it (the point of embedding), without credentials.
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.header('Cache-Control', 'public, max-age=60');
        return { status: 'ok' as const, ...result };
      },
    );
  };
