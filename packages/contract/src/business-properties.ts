import { z } from 'zod';
import { zBusinessRecordId } from './business.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';

/** Houses, buildings and lands share one set of calls under /api/business/real-estate/<kind>/. */
export const PROPERTY_KINDS = ['house', 'building', 'land'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export const propertyPaths = (kind: PropertyKind) => {
  const base = `/api/business/real-estate/${kind}`;
  return {
    add: `${base}/add`,
    get: `${base}/get`,
    update: `${base}/update`,
    delete: `${base}/delete`,
    assignAgent: `${base}/assign-agent`,
  } as const;
};

/**
 * Upload limits of listing photos (docs/product-contract.md §Entities, House add form: a thumbnail and
 * image-N files).
 */
export const PROPERTY_IMAGE_LIMITS = {
  maxImages: 10,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

/** House form defaults (docs/product-contract.md §Constants). */
export const HOUSE_DEFAULTS = { bedRoomCount: 2, floorCount: 1, area: 1700, price: 45000 } as const;

/**
 * A number field that also accepts the string a multipart body or an <input> carries. An empty
 * string counts as missing, never as 0; text that is not a number says so.
 */
const numeric = (label: string, rules: (base: z.ZodNumber) => z.ZodNumber = (base) => base) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    rules(
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
    ),
  );
const count = (label: string) =>
  numeric(label, (n) =>
    n
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(10_000, `${label} is too large`),
  );
const optionalCoordinate = (label: string, limit: number) =>
  numeric(label, (n) =>
    n
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  ).optional();
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Fields every listing has. Money is whole dollars with cents allowed; stored as integer cents. */
const listingFields = {
  businessID: zBusinessRecordId('Business'),
  area: numeric('Area', (n) => n.min(0, 'Area cannot be negative').max(1_000_000_000, 'Area is too large')),
  price: numeric('Price', (n) =>
    n
      .min(0, 'Price cannot be negative')
      .max(10_000_000_000, 'Price is too large')
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        'Price may have at most two decimals',
      ),
  ),
  address: text('Address', 300),
  country: text('Country', 8),
  state: z.string().trim().max(100, 'State is not valid').optional(),
  latitude: optionalCoordinate('Latitude', 90),
  longitude: optionalCoordinate('Longitude', 180),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').optional(),
  status: numeric('Status', (n) => n.int().min(1, 'Choose a status').max(4, 'Choose a status')).optional(),
};

export const ZHouseFields = z.strictObject({
  ...listingFields,
  bedRoomCount: count('Bedrooms'),
  bathRoomCount: count('Bathrooms'),
  garageCount: count('Garages'),
  floorCount: count('Floors'),
});
export const ZBuildingFields = z.strictObject({
  ...listingFields,
  floorCount: count('Floors'),
  unitCount: count('Units'),
  yearBuilt: numeric('Year built', (n) =>
    n
      .int('Year built must be a whole number')
      .min(1600, 'Year built must be 1600 or later')
      .max(2100, 'Year built must be 2100 or earlier'),
  ),
});
export const ZLandFields = z.strictObject({ ...listingFields, zoning: text('Zoning', 100) });

export const PROPERTY_FIELDS = { house: ZHouseFields, building: ZBuildingFields, land: ZLandFields } as const;
export type HouseFields = z.input<typeof ZHouseFields>;
export type BuildingFields = z.input<typeof ZBuildingFields>;
export type LandFields = z.input<typeof ZLandFields>;
export type PropertyFields = z.output<typeof ZHouseFields | typeof ZBuildingFields | typeof ZLandFields>;

/** Multipart fields an update carries besides the listing fields. */
export const ZPropertyUpdateExtras = z.strictObject({
  id: zBusinessRecordId('Listing'),
  /** Comma-separated ids of photos to remove. */
  removeImages: z
    .string()
    .max(2000)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.uuid('An image id is not valid')).max(11)),
});

/**
 * house/delete {businessID, ids} (docs/product-contract.md §Calls); the same shape for buildings and lands.
 */
export const ZDeletePropertiesRequest = z.strictObject({
  businessID: zBusinessRecordId('Business'),
  ids: z.array(zBusinessRecordId('Listing')).min(1, 'Tick at least one listing').max(200),
});
export const ZAssignAgentRequest = z.strictObject({
  businessID: zBusinessRecordId('Business'),
  ids: z.array(zBusinessRecordId('Listing')).min(1, 'Tick at least one listing').max(200),
  /** null takes the listings off any agent. */
  agentID: zBusinessRecordId('Agent').nullable(),
});
export type AssignAgentRequest = z.input<typeof ZAssignAgentRequest>;

/**
 * docs/product-contract.md §Entities (House list), extended with the building and land fields and what the
 * forms need.
 */
export const ZProperty = z.object({
  id: z.string(),
  kind: z.enum(PROPERTY_KINDS),
  number_of_bedrooms: z.number().nullable(),
  number_of_bathrooms: z.number().nullable(),
  number_of_garages: z.number().nullable(),
  number_of_floors: z.number().nullable(),
  number_of_units: z.number().nullable(),
  year_built: z.number().nullable(),
  zoning: z.string().nullable(),
  area: z.number(),
  country: z.string(),
  countryID: z.string(),
  state: z.string(),
  stateID: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  price: z.number(),
  status: z.string(),
  statusID: z.number(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  images: z.array(z.string()),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Property = z.infer<typeof ZProperty>;

/**
 * house/get {business} (docs/product-contract.md §Calls; and building/get, land/get), extended (decision
 * 030): newest first in keyset pages; `search` matches the address, or a status or country whose name
 * contains it. `{business}` alone is the first 50 listings.
 */
export const ZPropertyListRequest = z.strictObject({
  business: zBusinessRecordId('Business'),
  search: zListSearch,
  ...zPageQuery,
});
export type PropertyListRequest = z.input<typeof ZPropertyListRequest>;
export type PropertyListQuery = z.infer<typeof ZPropertyListRequest>;

const page = { nextCursor: zNextCursor };
export const ZHouseListResponse = z.object({
  status: z.literal('ok'),
  houseList: z.array(ZProperty),
  ...page,
});
export const ZBuildingListResponse = z.object({
  status: z.literal('ok'),
  buildingList: z.array(ZProperty),
  ...page,
});
export const ZLandListResponse = z.object({ status: z.literal('ok'), landList: z.array(ZProperty), ...page });
export const PROPERTY_LIST_KEYS = { house: 'houseList', building: 'buildingList', land: 'landList' } as const;
export const PROPERTY_LIST_RESPONSES = {
  house: ZHouseListResponse,
  building: ZBuildingListResponse,
  land: ZLandListResponse,
} as const;

export const ZPropertySavedResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  property: ZProperty,
});
export const ZPropertyCountResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  count: z.number(),
});

/** One listing as the public, embeddable endpoint shows it: no agent, absolute photo URLs. */
export const ZPublicListing = ZProperty.omit({ agent: true, thumbnail: true, images: true }).extend({
  thumbnailUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
});
export type PublicListing = z.infer<typeof ZPublicListing>;
/**
 * The public listings in keyset pages: `limit` (default 50, max 200) and `cursor` from `nextCursor`.
 * Other parameters are ignored, not refused: embedding sites add cache-busters and campaign tags.
 */
export const ZPublicListingsQuery = z.object({ ...zPageQuery });
export type PublicListingsQuery = z.infer<typeof ZPublicListingsQuery>;
export const ZPublicListingsResponse = z.object({
  status: z.literal('ok'),
  business: z.object({ id: z.string(), name: z.string() }),
  listings: z.array(ZPublicListing),
  nextCursor: zNextCursor,
});
