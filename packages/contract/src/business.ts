import { z } from 'zod';
import { LIMITS, zEmail, zName, zPassword } from './common.js';
import { zIntId } from './integer-ids.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';
import { stripInvisibleCharacters } from './text-hygiene.js';

/**
 * docs/product-contract.md §Calls (Business and real estate), plus the calls the contract leaves unshown
 * (docs/api.md).
 */
export const BUSINESS_PATHS = {
  types: '/api/business/types',
  list: '/api/business/get',
  register: '/api/business/register',
  countries: '/api/business/real-estate/countries',
  states: '/api/business/real-estate/states',
  statuses: '/api/business/real-estate/property/status/list',
  agentAdd: '/api/business/real-estate/agent/add',
  agentGet: '/api/business/real-estate/agent/get',
  /** Extension: the owner sets a new password for an agent (agents have no usable security question). */
  agentSetPassword: '/api/business/real-estate/agent/set-password',
  /** Extension: the owner removes an agent; their listings become unassigned. */
  agentRemove: '/api/business/real-estate/agent/remove',
  /** Public, read-only listings of one business, for embedding on the owner's own site. */
  publicListings: '/api/business/public/:businessId/listings',
} as const;

export const publicListingsPath = (businessId: string) => `/api/business/public/${businessId}/listings`;

export const zBusinessRecordId = (label: string) => z.uuid(`${label} is not a valid id`);

/** docs/product-contract.md §Entities (Business type): id, type. Seeded by migration (RealEstate). */
export const ZBusinessType = z.object({ id: z.number().int(), type: z.string() });
export type BusinessType = z.infer<typeof ZBusinessType>;
export const ZBusinessTypesResponse = z.object({ status: z.literal('ok'), types: z.array(ZBusinessType) });

/**
 * docs/product-contract.md §Entities (Business registration): businessName, businessType. `agree` is the
 * terms box: the server refuses a registration without it (§Validation, message 'Agree to the terms').
 */
export const ZRegisterBusinessRequest = z.strictObject({
  businessName: z
    .string()
    .overwrite(stripInvisibleCharacters)
    .trim()
    .min(1, 'Business name is required')
    .max(LIMITS.nameMax, `Business name must be at most ${LIMITS.nameMax} characters`),
  businessType: zIntId('businessType', { coerce: true }),
  agree: z.literal(true, 'Agree to the terms'),
});
export type RegisterBusinessRequest = z.input<typeof ZRegisterBusinessRequest>;

/**
 * docs/product-contract.md §Entities (Business): id, name, type. `role` tells an owner's business from one
 * the user is an agent of.
 */
export const ZBusiness = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  role: z.enum(['owner', 'agent']),
  owner: z.string(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof ZBusiness>;
export const ZRegisterBusinessResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  business: ZBusiness,
});
/**
 * GET business/get (docs/product-contract.md §Calls), extended (decision 030): the caller's own businesses
 * first, then the one they are an agent of, each oldest first (ties by id), in keyset pages. `search` matches
 * the name (substring); `role` keeps one side. No parameters: the first 50 and `nextCursor`.
 */
export const ZBusinessListQuery = z.strictObject({
  search: zListSearch,
  role: z.enum(['owner', 'agent'], 'Role must be owner or agent').optional(),
  ...zPageQuery,
});
export type BusinessListRequest = z.input<typeof ZBusinessListQuery>;
export type BusinessListQuery = z.infer<typeof ZBusinessListQuery>;
export const ZBusinessListResponse = z.object({
  status: z.literal('ok'),
  businessList: z.array(ZBusiness),
  nextCursor: zNextCursor,
});

/**
 * docs/product-contract.md §Entities (Country, State): id, name. Ids are ISO 3166 codes (country `US`, state
 * `CA`).
 */
export const ZPlace = z.object({ id: z.string(), name: z.string() });
export type Place = z.infer<typeof ZPlace>;
export const ZCountriesResponse = z.object({ status: z.literal('ok'), countries: z.array(ZPlace) });
export const ZStatesRequest = z.strictObject({
  country: z.string().trim().min(1, 'Country is required').max(8, 'Country is not valid'),
});
export const ZStatesResponse = z.object({ status: z.literal('ok'), states: z.array(ZPlace) });

/**
 * docs/product-contract.md §States (house status). Fixed reference data: ids are stable and stored on each
 * property.
 */
export const PROPERTY_STATUSES = [
  { id: 1, status: 'Available' },
  { id: 2, status: 'Sold' },
  { id: 3, status: 'Open House' },
  { id: 4, status: 'Private visit' },
] as const;
export type PropertyStatusId = (typeof PROPERTY_STATUSES)[number]['id'];
export const ZPropertyStatus = z.object({ id: z.number().int(), status: z.string() });
export const ZStatusesResponse = z.object({ status: z.literal('ok'), statuses: z.array(ZPropertyStatus) });

/**
 * agent/add (docs/product-contract.md §Calls). Whether the two passwords match is checked by the server
 * (§Validation), which answers 'Passwords do not match'; the form shows that message in an alert.
 */
export const ZAddAgentRequest = z.strictObject({
  businessID: zBusinessRecordId('Business'),
  firstName: zName('First name'),
  lastName: zName('Last name'),
  email: zEmail,
  password: zPassword,
  confirmationPassword: z.string().max(LIMITS.passwordMax),
});
export type AddAgentRequest = z.input<typeof ZAddAgentRequest>;

/**
 * docs/product-contract.md §Entities (Agent): id, firstName, lastName, email, business (shown with the user
 * name).
 */
export const ZAgent = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  business: z.string(),
});
export type Agent = z.infer<typeof ZAgent>;
export const ZAddAgentResponse = z.object({ status: z.literal('ok'), message: z.string(), agent: ZAgent });
export const ZBusinessRequest = z.strictObject({ business: zBusinessRecordId('Business') });

/**
 * agent/get {business} (docs/product-contract.md §Calls), extended (decision 030): oldest first in keyset
 * pages, `search` matches the agent's name or email. `{business}` alone is the first 50 agents.
 */
export const ZAgentListRequest = ZBusinessRequest.extend({ search: zListSearch, ...zPageQuery });
export type AgentListRequest = z.input<typeof ZAgentListRequest>;
export type AgentListQuery = z.infer<typeof ZAgentListRequest>;
export const ZAgentListResponse = z.object({
  status: z.literal('ok'),
  agents: z.array(ZAgent),
  nextCursor: zNextCursor,
});

/** Extension: one agent of one of the caller's businesses. */
export const ZAgentRef = z.strictObject({
  businessID: zBusinessRecordId('Business'),
  agentID: zBusinessRecordId('Agent'),
});
export type AgentRef = z.input<typeof ZAgentRef>;

/** Extension: a new password for an agent; matching is the server's call, as for agent/add. */
export const ZSetAgentPasswordRequest = ZAgentRef.extend({
  password: zPassword,
  confirmationPassword: z.string().max(LIMITS.passwordMax),
});
export type SetAgentPasswordRequest = z.input<typeof ZSetAgentPasswordRequest>;

export const AGENT_REMOVED_MESSAGE = 'Agent removed';
export const AGENT_PASSWORD_SET_MESSAGE = 'Password changed; the agent is signed out everywhere';
