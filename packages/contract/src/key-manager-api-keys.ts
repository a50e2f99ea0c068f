import { z } from 'zod';
import { KEY_LIMITS, ZApiKeyType } from './key-manager.js';
import { ZApiKeySimulation } from './key-manager-simulation.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Key Manager dashboard: the owner's manager API keys (docs/product-contract.md §Entities), which the public
 * REST interface takes as its bearer credential. Paths are in KEY_MANAGER_PATHS (key-manager.ts).
 */
export const ZGenerateApiKeyRequest = z.strictObject({
  name: z.string().trim().max(KEY_LIMITS.nameMax).optional(),
  /** Default `secret`, as before types existed. */
  type: ZApiKeyType.optional(),
  /** Licensing (decision 032): restrict the key to one product; its calls see other products' keys as unknown. */
  productId: z.uuid('Product is not a valid product ID').optional(),
});
export type GenerateApiKeyRequest = z.input<typeof ZGenerateApiKeyRequest>;
/** `key` is the full API key, returned only here; the server keeps its SHA-256 hash. */
export const ZGenerateApiKeyResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  id: z.string(),
  key: z.string(),
  type: ZApiKeyType,
});
export type GenerateApiKeyResponse = z.infer<typeof ZGenerateApiKeyResponse>;

/** docs/product-contract.md §Entities (Manager API key); `key` is masked (prefix…last four). */
export const ZApiKeyInformation = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string().nullable(),
  type: ZApiKeyType,
  last_used: z.string().nullable(),
  remaining_requests: z.number().int(),
  requests_made: z.number().int(),
  created_at: z.string(),
  /** Extension: the failure this key is simulating (key-manager-simulation.ts); null when none. */
  simulation: ZApiKeySimulation.nullable(),
  /** Licensing (decision 032): the one product this key reaches; null for all. */
  product_id: z.string().nullable(),
  /**
   * Extension (decision 037): a rolled key stops working at this time; null for a key not rolled. The
   * server always sends both; optional so replies recorded before rotation still parse.
   */
  expires_at: z.string().nullable().optional(),
  /** Extension (decision 037): the id of the key that replaced this one when it was rolled. */
  replaced_by: z.string().nullable().optional(),
});
export type ApiKeyInformation = z.infer<typeof ZApiKeyInformation>;
/** Extension (decision 025): the API-key list is paged like every list; no body is the first page. */
export const ZGetApiKeysRequest = z.strictObject({ ...zPageQuery });
export type GetApiKeysRequest = z.input<typeof ZGetApiKeysRequest>;
export const ZGetApiKeysResponse = z.object({
  status: z.literal('ok'),
  keysInformation: z.array(ZApiKeyInformation),
  /** Extension: the cursor of the next page; null on the last one. */
  nextCursor: zNextCursor,
  /** Calls per minute of the plan: the window `remaining_requests` counts down from. */
  callsPerMinute: z.number().int().nullable(),
});
export type GetApiKeysResponse = z.infer<typeof ZGetApiKeysResponse>;

export const ZRevokeApiKeyRequest = z.strictObject({ id: z.uuid('ID is not a valid API key ID') });
export type RevokeApiKeyRequest = z.input<typeof ZRevokeApiKeyRequest>;

/** API-key rotation (decision 037): the overlap during which the old key keeps working, 0 to 7 days. */
export const API_KEY_ROLL_MAX_HOURS = 168;
export const ZRollApiKeyRequest = z.strictObject({
  id: z.uuid('ID is not a valid API key ID'),
  overlapHours: z
    .number('Choose how many hours the old key keeps working')
    .int('The overlap is a whole number of hours')
    .min(0, 'The overlap cannot be negative')
    .max(API_KEY_ROLL_MAX_HOURS, `The overlap is at most ${API_KEY_ROLL_MAX_HOURS} hours (7 days)`),
});
export type RollApiKeyRequest = z.input<typeof ZRollApiKeyRequest>;
/** The new key in full (shown once), and when the old one stops. */
export const ZRollApiKeyResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  id: z.string(),
  key: z.string(),
  type: ZApiKeyType,
  replaces: z.string(),
  oldKeyExpiresAt: z.string(),
});
export type RollApiKeyResponse = z.infer<typeof ZRollApiKeyResponse>;
export const API_KEY_ROLLED_MESSAGE = 'New API key created. Copy it now: it is shown only once.';
export const API_KEY_ALREADY_ROLLED_MESSAGE =
  'This API key was already rolled: it has a replacement and a stop time. Roll the new key instead.';
