import {
  PROPERTY_FIELDS,
  PROPERTY_KINDS,
  PROPERTY_LIST_RESPONSES,
  type Property,
  type PropertyKind,
  propertyPaths,
  ZAssignAgentRequest,
  ZDeletePropertiesRequest,
  ZPropertyCountResponse,
  ZPropertyListRequest,
  ZPropertySavedResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { compiledRoutes } from '../../platform/http/compiled-serializer.js';
import { listingUpdateFields, readListingForm } from './listing-form.js';
import type { PropertyService } from './property-service.js';

const tags = ['business'];
const security = [{ accessToken: [] }];
/** The three list replies differ only in the key name (spec: houseList; buildingList, landList). */
function listReply(kind: PropertyKind, list: Property[], nextCursor: string | null) {
  if (kind === 'house') return { status: 'ok' as const, houseList: list, nextCursor };
  if (kind === 'building') return { status: 'ok' as const, buildingList: list, nextCursor };
  return { status: 'ok' as const, landList: list, nextCursor };
}

const NOUN: Record<PropertyKind, string> = { house: 'House', building: 'Building', land: 'Land' };

/**
 * docs/product-contract.md §Calls: house/add, house/get, house/delete, and the same calls for buildings
 * and lands, plus update and assign-agent (not in the contract; docs/api.md). A page is 50 listings
 * of 25 fields: zod's encoding of it was a tenth of the page's CPU, so replies go through the compiled
 * serialiser (`compiledRoutes`); every one is built by toProperty from typed rows, the condition
 * compiled-serializer.ts states.
 */
export const propertyRoutes = (deps: AppDeps, listings: PropertyService): FastifyPluginAsyncZod =>
  compiledRoutes(async (app) => {
    // Listings belong to the account (decision 033); its members reach them by their role.
    const read = deps.guards.requireAccess('business', 'read', 'client');
    const write = deps.guards.requireAccess('business', 'write', 'client');

    for (const kind of PROPERTY_KINDS) {
      const paths = propertyPaths(kind);
      const noun = NOUN[kind];
      const multipart = { tags, security, consumes: ['multipart/form-data'] };

      app.post(
        paths.add,
        {
          preHandler: write,
          schema: {
            ...multipart,
            summary: `Add a ${kind} listing (multipart: fields, thumbnail, image-1…image-10)`,
            multipartFields: PROPERTY_FIELDS[kind],
            response: { 200: ZPropertySavedResponse },
          },
        },
        async (request) => {
          const user = currentAccount(request);
          const form = await readListingForm(request, deps.storage, kind, user.id, 'add');
          const property = await listings.add(user.id, kind, form);
          return { status: 'ok' as const, message: `${noun} added`, property };
        },
      );

      app.post(
        paths.update,
        {
          preHandler: write,
          schema: {
            ...multipart,
            summary: `Edit a ${kind} listing (multipart: id, fields, optional new photos, removeImages)`,
            multipartFields: listingUpdateFields(kind),
            response: { 200: ZPropertySavedResponse },
          },
        },
        async (request) => {
          const user = currentAccount(request);
          const form = await readListingForm(request, deps.storage, kind, user.id, 'update');
          const property = await listings.update(user.id, kind, form);
          return { status: 'ok' as const, message: `${noun} updated`, property };
        },
      );

      app.post(
        paths.get,
        {
          preHandler: read,
          schema: {
            tags,
            security,
            summary: `${noun} listings of a business, newest first in keyset pages (an agent sees those assigned to them)`,
            description:
              '{business} alone: the first 50 listings and nextCursor. limit (max 200), cursor and search ' +
              '(address, status or country name) page and filter on the server.',
            body: ZPropertyListRequest,
            response: { 200: PROPERTY_LIST_RESPONSES[kind] },
          },
        },
        async (request) => {
          const page = await listings.list(currentAccount(request).id, kind, request.body);
          return listReply(kind, page.items, page.nextCursor);
        },
      );

      app.post(
        paths.delete,
        {
          preHandler: write,
          schema: {
            tags,
            security,
            summary: `Delete ${kind} listings and their photos`,
            body: ZDeletePropertiesRequest,
            response: { 200: ZPropertyCountResponse },
          },
        },
        async (request) => {
          const { businessID, ids } = request.body;
          const count = await listings.remove(currentAccount(request).id, kind, businessID, ids);
          return { status: 'ok' as const, message: 'deletion successful!', count };
        },
      );

      app.post(
        paths.assignAgent,
        {
          preHandler: write,
          schema: {
            tags,
            security,
            summary: `Assign ${kind} listings to an agent of the business (agentID null unassigns)`,
            body: ZAssignAgentRequest,
            response: { 200: ZPropertyCountResponse },
          },
        },
        async (request) => {
          const { businessID, ids, agentID } = request.body;
          const count = await listings.assign(currentAccount(request).id, kind, businessID, ids, agentID);
          return { status: 'ok' as const, message: agentID ? 'Agent assigned' : 'Agent removed', count };
        },
      );
    }
  });
