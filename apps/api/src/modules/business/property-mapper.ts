import { PROPERTY_STATUSES, type Property, type PropertyFields, type PropertyKind } from '@app/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businessAgents, type PropertyRow, propertyImages, users } from '../../db/schema/index.js';
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

/** Rows → the listing shape of the API, with photo ids (in order) and the assigned agent's name. */
export async function toProperties(db: Db, rows: PropertyRow[]): Promise<Property[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const images = await db
    .select()
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, ids))
    .orderBy(asc(propertyImages.position));
  const agentIds = [...new Set(rows.map((row) => row.agentId).filter((id): id is string => Boolean(id)))];
  const agents = agentIds.length
    ? await db
        .select({ id: businessAgents.id, name: users.username })
        .from(businessAgents)
        .innerJoin(users, eq(users.id, businessAgents.userId))
        .where(inArray(businessAgents.id, agentIds))
    : [];
  return rows.map((row) => {
    const agent = agents.find((a) => a.id === row.agentId);
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
      images: images.filter((image) => image.propertyId === row.id).map((image) => image.fileId),
      agent: agent ? { id: agent.id, name: agent.name } : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
