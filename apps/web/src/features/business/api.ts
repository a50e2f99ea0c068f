import {
  type AddAgentRequest,
  type AgentRef,
  type AssignAgentRequest,
  BUSINESS_PATHS,
  type Business,
  PROPERTY_LIST_RESPONSES,
  type PropertyKind,
  propertyPaths,
  type RegisterBusinessRequest,
  type SetAgentPasswordRequest,
  ZAddAgentResponse,
  ZAgentListResponse,
  ZBusinessListResponse,
  ZBusinessTypesResponse,
  ZOkResponse,
  ZPropertyCountResponse,
  ZPropertySavedResponse,
  ZStatesResponse,
  ZStatusesResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { USER_INFO_KEY } from '../../lib/user-information';
import { withQuery } from '../../lib/with-query';

/** docs/product-contract.md §Polling: the agents list is polled every 2.5 s. */
export const AGENTS_POLL_MS = 2500;

const keys = {
  businesses: ['business', 'list'] as const,
  agents: (business: string) => ['business', business, 'agents'] as const,
  properties: (business: string, kind: PropertyKind) => ['business', business, 'properties', kind] as const,
};

/**
 * One keyset page of a business list (decision 030): the server searches and pages; the client holds one
 * page.
 */
export interface ListPage {
  search?: string;
  cursor?: string;
  limit?: number;
}

/** The page's request body: only what is set, so `{business}` alone is the spec's call. */
const pageBody = (business: string, page: ListPage) => ({
  business,
  ...(page.search?.trim() ? { search: page.search.trim() } : {}),
  ...(page.cursor ? { cursor: page.cursor } : {}),
  ...(page.limit ? { limit: page.limit } : {}),
});

// Reference data changes only with a release: fetched once per session.
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const useBusinessTypes = () =>
  useQuery({
    queryKey: ['business', 'types'],
    queryFn: ({ signal }) => apiRequest(BUSINESS_PATHS.types, { schema: ZBusinessTypesResponse, signal }),
    select: (reply) => reply.types,
    ...forever,
  });

export const useStates = (country: string) =>
  useQuery({
    queryKey: ['business', 'states', country],
    queryFn: ({ signal }) =>
      apiRequest(BUSINESS_PATHS.states, { body: { country }, schema: ZStatesResponse, signal }),
    select: (reply) => reply.states,
    enabled: country !== '',
    ...forever,
  });

export const useStatuses = () =>
  useQuery({
    queryKey: ['business', 'statuses'],
    queryFn: ({ signal }) => apiRequest(BUSINESS_PATHS.statuses, { schema: ZStatusesResponse, signal }),
    select: (reply) => reply.statuses,
    ...forever,
  });

/**
 * One page of the caller's businesses (own ones first, then the one they are an agent of), searched by
 * name on the server; `role` keeps one side. No parameters: the spec's call, the first 50.
 */
export const useBusinesses = (page: ListPage & { role?: Business['role'] } = {}) =>
  useQuery({
    queryKey: [...keys.businesses, page.role ?? '', page.search?.trim() ?? '', page.cursor, page.limit],
    queryFn: ({ signal }) =>
      apiRequest(
        withQuery(BUSINESS_PATHS.list, {
          role: page.role,
          search: page.search?.trim(),
          cursor: page.cursor,
          limit: page.limit,
        }),
        { schema: ZBusinessListResponse, signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useRegisterBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBusinessRequest) =>
      apiRequest(BUSINESS_PATHS.register, {
        body,
        schema: z.object({ status: z.literal('ok'), message: z.string() }),
      }),
    // Not awaited: the new business account can unmount the caller (the Dashboard's button), and
    // the caller's own success feedback must run first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.businesses });
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}

/** One page of a business's agents, polled every 2.5 s with its ETag (304 while unchanged). */
export const useAgents = (business: string, page: ListPage = {}, enabled = true) =>
  useQuery({
    queryKey: [...keys.agents(business), page.search?.trim() ?? '', page.cursor, page.limit],
    queryFn: ({ signal }) =>
      apiRequest(BUSINESS_PATHS.agentGet, {
        body: pageBody(business, page),
        schema: ZAgentListResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: AGENTS_POLL_MS,
    placeholderData: keepPreviousData,
    enabled,
  });

export function useAddAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAgentRequest) =>
      apiRequest(BUSINESS_PATHS.agentAdd, { body, schema: ZAddAgentResponse }),
    onSuccess: (_reply, body) => queryClient.invalidateQueries({ queryKey: keys.agents(body.businessID) }),
  });
}

/** Extension: the owner gives an agent a new password (agents have no usable security question). */
export const useSetAgentPassword = () =>
  useMutation({
    mutationFn: (body: SetAgentPasswordRequest) =>
      apiRequest(BUSINESS_PATHS.agentSetPassword, { body, schema: ZOkResponse }),
  });

/** Extension: removing an agent also unassigns their listings, so every list of the business refreshes. */
export function useRemoveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentRef) => apiRequest(BUSINESS_PATHS.agentRemove, { body, schema: ZOkResponse }),
    onSuccess: (_reply, body) => queryClient.invalidateQueries({ queryKey: ['business', body.businessID] }),
  });
}

/** One page of a business's listings of a kind, searched on the server. */
export const useProperties = (business: string, kind: PropertyKind, page: ListPage = {}) =>
  useQuery({
    queryKey: [...keys.properties(business, kind), page.search?.trim() ?? '', page.cursor],
    queryFn: async ({ signal }) => {
      const reply = await apiRequest(propertyPaths(kind).get, {
        body: pageBody(business, page),
        schema: PROPERTY_LIST_RESPONSES[kind],
        signal,
      });
      const list =
        'houseList' in reply
          ? reply.houseList
          : 'buildingList' in reply
            ? reply.buildingList
            : reply.landList;
      return { list, nextCursor: reply.nextCursor };
    },
    placeholderData: keepPreviousData,
  });

/** Add or edit a listing: multipart with progress (docs/product-contract.md §States: 0–100, two decimals). */
export function useSaveProperty(business: string, kind: PropertyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      mode,
      onProgress,
    }: {
      form: FormData;
      mode: 'add' | 'update';
      onProgress: (p: number) => void;
    }) => apiUpload(propertyPaths(kind)[mode], form, { schema: ZPropertySavedResponse, onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.properties(business, kind) }),
  });
}

export function useDeleteProperties(business: string, kind: PropertyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest(propertyPaths(kind).delete, {
        body: { businessID: business, ids },
        schema: ZPropertyCountResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.properties(business, kind) }),
  });
}

export function useAssignAgent(business: string, kind: PropertyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AssignAgentRequest, 'businessID'>) =>
      apiRequest(propertyPaths(kind).assignAgent, {
        body: { ...body, businessID: business },
        schema: ZPropertyCountResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.properties(business, kind) }),
  });
}
