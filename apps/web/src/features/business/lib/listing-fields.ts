import { HOUSE_DEFAULTS, type Property, type PropertyKind } from '@app/contract';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'number' | 'text';
  step?: string;
  min?: number;
}

/**
 * The fields of each listing form besides the shared ones (docs/product-contract.md §Entities, House add
 * form; decision 007).
 */
export const KIND_FIELDS: Record<PropertyKind, FieldSpec[]> = {
  house: [
    { name: 'bedRoomCount', label: 'Bedrooms', type: 'number', min: 0 },
    { name: 'bathRoomCount', label: 'Bathrooms', type: 'number', min: 0 },
    { name: 'garageCount', label: 'Garages', type: 'number', min: 0 },
    { name: 'floorCount', label: 'Floors', type: 'number', min: 0 },
  ],
  building: [
    { name: 'floorCount', label: 'Floors', type: 'number', min: 0 },
    { name: 'unitCount', label: 'Units', type: 'number', min: 0 },
    { name: 'yearBuilt', label: 'Year built', type: 'number', min: 1600 },
  ],
  land: [{ name: 'zoning', label: 'Zoning', type: 'text' }],
};

export const SHARED_NUMBERS: FieldSpec[] = [
  { name: 'area', label: 'Area (sq ft)', type: 'number', min: 0, step: 'any' },
  { name: 'price', label: 'Price (USD)', type: 'number', min: 0, step: '0.01' },
  { name: 'latitude', label: 'Latitude', type: 'number', step: 'any' },
  { name: 'longitude', label: 'Longitude', type: 'number', step: 'any' },
];

const str = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * Starting values: the defaults for a new house (docs/product-contract.md §Constants), the listing's own
 * values when editing.
 */
export function initialValues(kind: PropertyKind, property?: Property): Record<string, string> {
  if (property) {
    const byName: Record<string, number | string | null> = {
      bedRoomCount: property.number_of_bedrooms,
      bathRoomCount: property.number_of_bathrooms,
      garageCount: property.number_of_garages,
      floorCount: property.number_of_floors,
      unitCount: property.number_of_units,
      yearBuilt: property.year_built,
      zoning: property.zoning,
    };
    return {
      ...Object.fromEntries(KIND_FIELDS[kind].map((f) => [f.name, str(byName[f.name])])),
      area: str(property.area),
      price: str(property.price),
      latitude: str(property.latitude),
      longitude: str(property.longitude),
      address: property.address,
      country: property.countryID,
      state: property.stateID,
      description: property.description,
      status: String(property.statusID),
    };
  }
  const fresh: Record<PropertyKind, Record<string, string>> = {
    house: {
      bedRoomCount: String(HOUSE_DEFAULTS.bedRoomCount),
      bathRoomCount: '1',
      garageCount: '0',
      floorCount: String(HOUSE_DEFAULTS.floorCount),
    },
    building: { floorCount: '', unitCount: '', yearBuilt: '' },
    land: { zoning: '' },
  };
  const defaults =
    kind === 'house'
      ? { area: String(HOUSE_DEFAULTS.area), price: String(HOUSE_DEFAULTS.price) }
      : { area: '', price: '' };
  return {
    ...fresh[kind],
    ...defaults,
    latitude: '',
    longitude: '',
    address: '',
    country: '',
    state: '',
    description: '',
    status: '1',
  };
}

/** Only filled-in values are sent: an empty optional field is absent, never 0. */
export function filledValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
