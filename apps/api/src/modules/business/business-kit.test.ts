import { createAccount, type TestAccount } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

// A 1x1 PNG: real magic bytes, so the type is judged from content.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const HOUSE = {
  bedRoomCount: '2',
  bathRoomCount: '1',
  garageCount: '1',
  floorCount: '1',
  area: '1700',
  price: '45000',
  address: '12 Elm Street',
  country: 'US',
  state: 'CA',
  latitude: '34.05',
  longitude: '-118.25',
  description: 'Sunny family home',
};

export function listingForm(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, bytes] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${key}.png`);
  }
  return form;
}

/** A client who registered a real-estate business. */
export async function ownerWithBusiness(server: TestServer, name = 'Acme Homes') {
  const request = httpClient(server.baseUrl);
  const owner: TestAccount = await createAccount(server, 'client');
  const types = await request<{ types: { id: number; type: string }[] }>('/api/business/types', {
    token: owner.access,
  });
  const realEstate = types.body.types.find((t) => t.type === 'RealEstate');
  if (!realEstate) throw new Error('RealEstate type not seeded');
  const registered = await request<{ business: { id: string } }>('/api/business/register', {
    token: owner.access,
    body: { businessName: name, businessType: realEstate.id, agree: true },
  });
  if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
  return { owner, businessId: registered.body.business.id, typeId: realEstate.id };
}
