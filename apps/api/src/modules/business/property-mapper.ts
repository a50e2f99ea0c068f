import { PROPERTY_STATUSES, type Property, type PropertyFields, type PropertyKind } from '@app/contract';
import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../db/keyset.js';
import { qualified } from '../../db/qualified.js';
import { aliased } from '../../db/raw-rows.js';
import { businessAgents, properties, propertyImages, users } from '../../db/schema/index.js';
import { countryName, stateName } from './reference-data.js';

export const SOLD_STATUS_ID = 2;

export const statusName = (id: number) => PROPERTY_STATUSES.find((s) => s.id === id)?.status ?? 'Available';

/** The columns a listing form sets, by kind; the other kinds' columns stay null. */
export function columnsOf(
  kind: PropertyKind,
  fields: PropertyFields,
  place: { country: string; state: string },
) {
  const value = fields as Record<string, unknown>;
  const num = (key: string) => (typeof value[key] === 'number' ? (value[key] as number) : null);
  return {
    statusId: fields.status ?? 1,
    bedrooms: kind === 'house' ? num('bedRoomCount') : null,
    bathrooms: kind === 'house' ? num('bathRoomCount') : null,
    garages: kind === 'house' ? num('garageCount') : null,
    floors: kind === 'land' ? null : num('floorCount'),
    units: kind === 'building' ? num('unitCount') : null,
    yearBuilt: kind === 'building' ? num('yearBuilt') : null,
    zoning: kind === 'land' && typeof value.zoning === 'string' ? value.zoning : null,
    area: fields.area,
    priceCents: Math.round(fields.price * 100),
    address: fields.address,
    countryCode: place.country,
    stateCode: place.state,
    latitude: fields.latitude ?? null,
    longitude: fields.longitude ?? null,
    description: fields.description ?? '',
  };
}

/**
 * What a listing's reply is read from, in one statement: the row, its photo ids in order and its
 * agent's name, as subqueries per row (property_images' primary key, business_agents' key). A page
 * used to send two more statements with its 50 ids as parameters, the largest cost of a page on the
 * event loop. Columns are aliased by their keys and read as the driver's rows (`rawRows`): Drizzle's
 * per-cell mapping of the whole row, and a Date per time, were a sixth of a page's CPU.
 */
export const LISTING_COLUMNS = aliased({
  id: properties.id,
  kind: properties.kind,
  statusId: properties.statusId,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  garages: properties.garages,
  floors: properties.floors,
  units: properties.units,
  yearBuilt: properties.yearBuilt,
  zoning: properties.zoning,
  area: properties.area,
  priceCents: properties.priceCents,
  address: properties.address,
  countryCode: properties.countryCode,
  stateCode: properties.stateCode,
  latitude: properties.latitude,
  longitude: properties.longitude,
  description: properties.description,
  thumbnailFileId: properties.thumbnailFileId,
  agentId: properties.agentId,
  createdAt: isoTimestamp(properties.createdAt),
  imageIds: sql`(select coalesce(array_agg(${qualified(propertyImages.fileId)}::text order by ${qualified(propertyImages.position)}), '{}') from ${propertyImages} where ${qualified(propertyImages.propertyId)} = ${qualified(properties.id)})`,
  agentName: sql`(select ${qualified(users.username)} from ${businessAgents} join ${users} on ${qualified(users.id)} = ${qualified(businessAgents.userId)} where ${qualified(businessAgents.id)} = ${qualified(properties.agentId)})`,
});

/** A listing as the driver returns LISTING_COLUMNS. */
export interface ListingRow {
  id: string;
  kind: PropertyKind;
  statusId: number;
  bedrooms: number | null;
  bathrooms: number | null;
  garages: number | null;
  floors: number | null;
  units: number | null;
  yearBuilt: number | null;
  zoning: string | null;
  area: number;
  /** int8: text or bigint from the driver. */
  priceCents: string | number | bigint;
  address: string;
  countryCode: string;
  stateCode: string;
  latitude: number | null;
  longitude: number | null;
  description: string;
  thumbnailFileId: string | null;
  agentId: string | null;
  /** ISO text (`isoTimestamp`). */
  createdAt: string;
  imageIds: string[];
  agentName: string | null;
}

/** A listing read with LISTING_COLUMNS → the listing shape of the API. */
export function toProperty(row: ListingRow): Property {
  return {
    id: row.id,
    kind: row.kind,
    number_of_bedrooms: row.bedrooms,
    number_of_bathrooms: row.bathrooms,
    number_of_garages: row.garages,
    number_of_floors: row.floors,
    number_of_units: row.units,
    year_built: row.yearBuilt,
    zoning: row.zoning,
    area: row.area,
    country: countryName(row.countryCode),
    countryID: row.countryCode,
    state: row.stateCode ? stateName(row.countryCode, row.stateCode) : '',
    stateID: row.stateCode,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    price: Number(row.priceCents) / 100,
    status: statusName(row.statusId),
    statusID: row.statusId,
    description: row.description,
    thumbnail: row.thumbnailFileId,
    images: row.imageIds,
    agent: row.agentId && row.agentName !== null ? { id: row.agentId, name: row.agentName } : null,
    createdAt: row.createdAt,
  };
}
