import { PROPERTY_STATUSES, type Property, type PropertyFields, type PropertyKind } from '@app/contract';
import { sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified.js';
import {
  businessAgents,
  type PropertyRow,
  properties,
  propertyImages,
  users,
} from '../../db/schema/index.js';
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
 * event loop.
 */
export const LISTING_COLUMNS = {
  row: properties,
  imageIds: sql<
    string[]
  >`(select coalesce(array_agg(${qualified(propertyImages.fileId)}::text order by ${qualified(propertyImages.position)}), '{}') from ${propertyImages} where ${qualified(propertyImages.propertyId)} = ${qualified(properties.id)})`,
  agentName: sql<
    string | null
  >`(select ${qualified(users.username)} from ${businessAgents} join ${users} on ${qualified(users.id)} = ${qualified(businessAgents.userId)} where ${qualified(businessAgents.id)} = ${qualified(properties.agentId)})`,
};

export interface ListingEntry {
  row: PropertyRow;
  imageIds: string[];
  agentName: string | null;
}

/** A listing read with LISTING_COLUMNS → the listing shape of the API. */
export function toProperty({ row, imageIds, agentName }: ListingEntry): Property {
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
    price: row.priceCents / 100,
    status: statusName(row.statusId),
    statusID: row.statusId,
    description: row.description,
    thumbnail: row.thumbnailFileId,
    images: imageIds,
    agent: row.agentId && agentName !== null ? { id: row.agentId, name: agentName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
