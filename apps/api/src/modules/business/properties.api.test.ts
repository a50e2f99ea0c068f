import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyImages } from '../../db/schema/index.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { HOUSE, listingForm, ownerWithBusiness, PNG } from './business-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
const RE = '/api/business/real-estate';

interface Listing {
  id: string;
  thumbnail: string | null;
  images: string[];
  agent: { id: string; name: string } | null;
  [key: string]: unknown;
}

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const addHouse = (token: string, businessID: string, fields = {}, files: Record<string, Buffer> = {}) =>
  request<{ property: Listing; message?: string }>(`${RE}/house/add`, {
    token,
    body: listingForm({ ...HOUSE, businessID, ...fields }, files),
  });

/** Registers Ann Agent (password agent-pass-1) for the business. */
const addAgent = (ownerToken: string, businessID: string, email: string) =>
  request<{ agent: { id: string } }>(`${RE}/agent/add`, {
    token: ownerToken,
    body: {
      businessID,
      firstName: 'Ann',
      lastName: 'Agent',
      email,
      password: 'agent-pass-1',
      confirmationPassword: 'agent-pass-1',
    },
  });

async function uploadedFiles(): Promise<number> {
  const root = path.join(server.deps.config.DATA_DIR, 'uploads');
  const dirs = await readdir(root).catch(() => [] as string[]);
  let count = 0;
  for (const dir of dirs.filter((d) => d !== '.tmp')) count += (await readdir(path.join(root, dir))).length;
  return count;
}

describe('houses', () => {
  it('adds a house with a thumbnail and images, lists it and serves its photos to the owner', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const added = await addHouse(
      owner.access,
      businessId,
      {},
      { thumbnail: PNG, 'image-1': PNG, 'image-2': PNG },
    );
    expect(added.status).toBe(200);
    expect(added.body.property).toMatchObject({
      kind: 'house',
      number_of_bedrooms: 2,
      number_of_bathrooms: 1,
      number_of_floors: 1,
      area: 1700,
      price: 45000,
      country: 'United States',
      state: 'California',
      latitude: 34.05,
      status: 'Available',
      agent: null,
    });
    expect(added.body.property.images).toHaveLength(2);
    // Read as the driver's rows: the time is ISO text as Date#toISOString writes it, the price a number.
    expect(added.body.property.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.now() - Date.parse(String(added.body.property.createdAt))).toBeLessThan(60_000);
    const list = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(list.body.houseList.map((h) => h.id)).toEqual([added.body.property.id]);
    // The page reads photos and agent in its own statement; the listing is the one add answered,
    // photos in the order the database keeps them (their upload order).
    expect(list.body.houseList[0]).toEqual(added.body.property);
    const stored = await server.database.db
      .select({ fileId: propertyImages.fileId })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, added.body.property.id))
      .orderBy(asc(propertyImages.position));
    expect(list.body.houseList[0]?.images).toEqual(stored.map((image) => image.fileId));
    const photo = await fetch(`${server.baseUrl}/api/v1/files/${added.body.property.thumbnail}`, {
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });

  const bad: Array<[string, Record<string, string>, RegExp]> = [
    ['a latitude above 90', { latitude: '91' }, /Latitude must be between -90 and 90/],
    ['a longitude below -180', { longitude: '-181' }, /Longitude must be between -180 and 180/],
    ['a negative price', { price: '-1' }, /Price cannot be negative/],
    ['a negative bedroom count', { bedRoomCount: '-2' }, /Bedrooms cannot be negative/],
    ['a price that is not a number', { price: 'lots' }, /Price must be a number/],
    ['a missing address', { address: '' }, /Address is required/],
    ['an unknown country', { country: 'ZZ' }, /Choose a country/],
    ['a state of another country', { state: 'ON' }, /Choose a state of the selected country/],
    ['an unknown field', { owner: 'x' }, /The field "owner" is not accepted here/],
  ];
  for (const [name, fields, message] of bad) {
    it(`refuses ${name} with 400 and keeps no uploaded file`, async () => {
      const { owner, businessId } = await ownerWithBusiness(server);
      const before = await uploadedFiles();
      const response = await addHouse(owner.access, businessId, fields, { thumbnail: PNG });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.stringMatching(message) });
      expect(await uploadedFiles()).toBe(before);
    });
  }

  it('refuses an oversized image (413), a non-image (415), 11 images (400) and JSON (415)', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await addHouse(owner.access, businessId, {}, { thumbnail: big });
    expect(tooBig.status).toBe(413);
    const notImage = await addHouse(owner.access, businessId, {}, { 'image-1': Buffer.from('#!/bin/sh\n') });
    expect(notImage.status).toBe(415);
    const files: Record<string, Buffer> = {};
    for (let i = 1; i <= 11; i += 1) files[`image-${i}`] = PNG;
    const tooMany = await addHouse(owner.access, businessId, {}, files);
    expect(tooMany.status).toBe(400);
    const json = await request(`${RE}/house/add`, {
      token: owner.access,
      body: { ...HOUSE, businessID: businessId },
    });
    expect(json.status).toBe(415);
    const list = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(list.body.houseList).toEqual([]);
  });

  it('edits a house: new values, a replaced thumbnail, a removed and an added image', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const added = await addHouse(owner.access, businessId, {}, { thumbnail: PNG, 'image-1': PNG });
    const { id, thumbnail, images } = added.body.property;
    const updated = await request<{ property: Listing }>(`${RE}/house/update`, {
      token: owner.access,
      body: listingForm(
        {
          ...HOUSE,
          businessID: businessId,
          id,
          price: '50000.5',
          status: '3',
          removeImages: images.join(','),
        },
        { thumbnail: PNG, 'image-1': PNG },
      ),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.property).toMatchObject({ price: 50000.5, status: 'Open House', statusID: 3 });
    expect(updated.body.property.thumbnail).not.toBe(thumbnail);
    expect(updated.body.property.images).toHaveLength(1);
    expect(updated.body.property.images[0]).not.toBe(images[0]);
    const old = await fetch(`${server.baseUrl}/api/v1/files/${thumbnail}`, {
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(old.status).toBe(404);
  });
});

describe('buildings and lands', () => {
  it('adds a building and a land with their own fields, each in its own list', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const common = {
      businessID: businessId,
      area: '5000',
      price: '900000',
      address: '1 Main St',
      country: 'GB',
    };
    const building = await request<{ property: Listing }>(`${RE}/building/add`, {
      token: owner.access,
      body: listingForm(
        {
          ...common,
          state: 'LND',
          floorCount: '6',
          unitCount: '24',
          yearBuilt: '1998',
          latitude: '51.5',
          longitude: '-0.12',
        },
        { 'image-1': PNG },
      ),
    });
    expect(building.status).toBe(200);
    expect(building.body.property).toMatchObject({
      kind: 'building',
      number_of_floors: 6,
      number_of_units: 24,
      year_built: 1998,
    });
    const land = await request<{ property: Listing }>(`${RE}/land/add`, {
      token: owner.access,
      body: listingForm({ ...common, state: 'LND', zoning: 'Residential R2' }),
    });
    expect(land.status).toBe(200);
    expect(land.body.property).toMatchObject({
      kind: 'land',
      zoning: 'Residential R2',
      number_of_floors: null,
    });
    const badYear = await request(`${RE}/building/add`, {
      token: owner.access,
      body: listingForm({ ...common, state: 'LND', floorCount: '6', unitCount: '-1', yearBuilt: '1998' }),
    });
    expect(badYear.status).toBe(400);
    const lands = await request<{ landList: Listing[] }>(`${RE}/land/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(lands.body.landList.map((l) => l.id)).toEqual([land.body.property.id]);
    const buildings = await request<{ buildingList: Listing[] }>(`${RE}/building/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(buildings.body.buildingList.map((b) => b.id)).toEqual([building.body.property.id]);
    // A land id is not a house id: deleting it as a house finds nothing.
    const wrongKind = await request(`${RE}/house/delete`, {
      token: owner.access,
      body: { businessID: businessId, ids: [land.body.property.id] },
    });
    expect(wrongKind.status).toBe(404);
  });
});

describe('agents, assignment and isolation', () => {
  it('an agent sees only the listings assigned to them and cannot change any', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const email = `agent-${Date.now()}@example.com`;
    const agent = await addAgent(owner.access, businessId, email);
    const mine = await addHouse(owner.access, businessId, { address: 'Assigned Road' }, { thumbnail: PNG });
    const other = await addHouse(
      owner.access,
      businessId,
      { address: 'Other Road', status: '2' },
      { thumbnail: PNG },
    );
    const assign = await request(`${RE}/house/assign-agent`, {
      token: owner.access,
      body: { businessID: businessId, ids: [mine.body.property.id], agentID: agent.body.agent.id },
    });
    expect(assign.status).toBe(200);
    const signin = await request('/api/v1/user/authenticate/signin', {
      body: { email, password: 'agent-pass-1', rememberMe: false },
    });
    const token = String(signin.body.access);
    const info = await request('/api/v1/user/information/get', { token });
    expect(info.body).toMatchObject({ userInformation: { hasBusinessAccount: true } });
    const seen = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token,
      body: { business: businessId },
    });
    expect(seen.body.houseList.map((h) => h.address)).toEqual(['Assigned Road']);
    expect(seen.body.houseList[0]?.agent).toMatchObject({ name: 'Ann Agent' });
    const del = await request(`${RE}/house/delete`, {
      token,
      body: { businessID: businessId, ids: [mine.body.property.id] },
    });
    expect(del.status).toBe(403);
    const add = await addHouse(token, businessId);
    expect(add.status).toBe(403);
    // Photos: the agent reads the assigned listing's; a sold listing's are not public.
    const photo = (id: string | null, t?: string) =>
      fetch(`${server.baseUrl}/api/v1/files/${id}`, { headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect((await photo(mine.body.property.thumbnail, token)).status).toBe(200);
    expect((await photo(other.body.property.thumbnail, token)).status).toBe(404);
    expect((await photo(other.body.property.thumbnail)).status).toBe(404);
    expect((await photo(mine.body.property.thumbnail)).status).toBe(200);
    // Unassigning takes it away.
    await request(`${RE}/house/assign-agent`, {
      token: owner.access,
      body: { businessID: businessId, ids: [mine.body.property.id], agentID: null },
    });
    const none = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token,
      body: { business: businessId },
    });
    expect(none.body.houseList).toEqual([]);
  });

  it("answers 404 for another owner's houses and agents, and changes nothing", async () => {
    const a = await ownerWithBusiness(server, 'Owner A');
    const b = await ownerWithBusiness(server, 'Owner B');
    const house = await addHouse(a.owner.access, a.businessId);
    const houseId = house.body.property.id;
    const agentA = await addAgent(a.owner.access, a.businessId, `a-${Date.now()}@example.com`);
    const attempts = [
      request(`${RE}/house/delete`, {
        token: b.owner.access,
        body: { businessID: b.businessId, ids: [houseId] },
      }),
      request(`${RE}/house/delete`, {
        token: b.owner.access,
        body: { businessID: a.businessId, ids: [houseId] },
      }),
      request(`${RE}/house/assign-agent`, {
        token: b.owner.access,
        body: { businessID: b.businessId, ids: [houseId], agentID: null },
      }),
      request(`${RE}/house/update`, {
        token: b.owner.access,
        body: listingForm({ ...HOUSE, businessID: b.businessId, id: houseId }),
      }),
      addHouse(b.owner.access, a.businessId),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    const ownHouse = await addHouse(b.owner.access, b.businessId);
    const foreignAgent = await request(`${RE}/house/assign-agent`, {
      token: b.owner.access,
      body: { businessID: b.businessId, ids: [ownHouse.body.property.id], agentID: agentA.body.agent.id },
    });
    expect(foreignAgent.status).toBe(404);
    const stillThere = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token: a.owner.access,
      body: { business: a.businessId },
    });
    expect(stillThere.body.houseList).toHaveLength(1);
    const client = await createAccount(server, 'client');
    expect(
      (await request(`${RE}/house/get`, { token: client.access, body: { business: a.businessId } })).status,
    ).toBe(404);
  });

  it('deletes ticked houses with their photos', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const one = await addHouse(owner.access, businessId, {}, { thumbnail: PNG, 'image-1': PNG });
    const two = await addHouse(owner.access, businessId);
    const before = await uploadedFiles();
    const del = await request(`${RE}/house/delete`, {
      token: owner.access,
      body: { businessID: businessId, ids: [one.body.property.id, two.body.property.id] },
    });
    expect(del.body).toMatchObject({ status: 'ok', message: 'deletion successful!', count: 2 });
    expect(await uploadedFiles()).toBe(before - 2);
  });
});

describe('public listings', () => {
  it('shows the unsold listings of a business to anyone, with photo URLs and no agent', async () => {
    const { owner, businessId } = await ownerWithBusiness(server, 'Public Homes');
    await addHouse(owner.access, businessId, { address: 'For sale' }, { thumbnail: PNG });
    await addHouse(owner.access, businessId, { address: 'Sold one', status: '2' });
    const response = await request<{ listings: { address: string; thumbnailUrl: string | null }[] }>(
      `/api/business/public/${businessId}/listings`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.body).toMatchObject({ business: { name: 'Public Homes' } });
    expect(response.body.listings.map((l) => l.address)).toEqual(['For sale']);
    expect(JSON.stringify(response.body)).not.toContain('agent');
    const url = new URL(String(response.body.listings[0]?.thumbnailUrl));
    const image = await fetch(`${server.baseUrl}${url.pathname}`);
    expect(image.status).toBe(200);
    // Public photos may be embedded by the owner's own site (another origin).
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await request('/api/business/public/not-an-id/listings')).status).toBe(404);
    expect((await request('/api/business/public/00000000-0000-4000-8000-000000000000/listings')).status).toBe(
      404,
    );
  });
});

describe('managing agents (extension)', () => {
  async function withAgent() {
    const { owner, businessId } = await ownerWithBusiness(server);
    const email = `agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const added = await addAgent(owner.access, businessId, email);
    expect(added.status).toBe(200);
    const signin = await request<{ access: string; refresh: string }>('/api/v1/user/authenticate/signin', {
      body: { email, password: 'agent-pass-1', rememberMe: true },
    });
    expect(signin.status).toBe(200);
    return { owner, businessId, email, agentId: added.body.agent.id, agentSession: signin.body };
  }

  it('lets the owner set an agent’s password, which signs the agent out everywhere', async () => {
    const { owner, businessId, email, agentId, agentSession } = await withAgent();
    const ref = { businessID: businessId, agentID: agentId };
    const mismatch = await request(`${RE}/agent/set-password`, {
      token: owner.access,
      body: { ...ref, password: 'agent-pass-2', confirmationPassword: 'agent-pass-3' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Passwords do not match',
    });
    const short = await request(`${RE}/agent/set-password`, {
      token: owner.access,
      body: { ...ref, password: 'x', confirmationPassword: 'x' },
    });
    expect(short.status).toBe(400);
    // The agent manages nothing, not even their own password through this route.
    const bySelf = await request(`${RE}/agent/set-password`, {
      token: agentSession.access,
      body: { ...ref, password: 'agent-pass-2', confirmationPassword: 'agent-pass-2' },
    });
    expect(bySelf.status).toBe(403);

    const set = await request(`${RE}/agent/set-password`, {
      token: owner.access,
      body: { ...ref, password: 'agent-pass-2', confirmationPassword: 'agent-pass-2' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      status: 'ok',
      message: 'Password changed; the agent is signed out everywhere',
    });
    const refresh = await request('/api/v1/user/authenticate/refresh', {
      body: { refresh: agentSession.refresh },
    });
    expect(refresh.status).toBe(401);
    const signin = (password: string) =>
      request('/api/v1/user/authenticate/signin', { body: { email, password, rememberMe: false } });
    expect((await signin('agent-pass-1')).status).toBe(401);
    expect((await signin('agent-pass-2')).status).toBe(200);
  });

  it('removes an agent: access ends at once and their listings become unassigned', async () => {
    const { owner, businessId, agentId, agentSession } = await withAgent();
    const house = await addHouse(owner.access, businessId, { address: 'Agent Lane' });
    await request(`${RE}/house/assign-agent`, {
      token: owner.access,
      body: { businessID: businessId, ids: [house.body.property.id], agentID: agentId },
    });
    const seen = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token: agentSession.access,
      body: { business: businessId },
    });
    expect(seen.body.houseList).toHaveLength(1);
    const bySelf = await request(`${RE}/agent/remove`, {
      token: agentSession.access,
      body: { businessID: businessId, agentID: agentId },
    });
    expect(bySelf.status).toBe(403);

    const removed = await request(`${RE}/agent/remove`, {
      token: owner.access,
      body: { businessID: businessId, agentID: agentId },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ status: 'ok', message: 'Agent removed' });
    const after = await request(`${RE}/house/get`, {
      token: agentSession.access,
      body: { business: businessId },
    });
    expect(after.status).toBe(404);
    const businesses = await request<{ businessList: unknown[] }>('/api/business/get', {
      token: agentSession.access,
    });
    expect(businesses.body.businessList).toEqual([]);
    const owners = await request<{ houseList: Listing[] }>(`${RE}/house/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(owners.body.houseList[0]?.agent).toBeNull();
    const agents = await request<{ agents: unknown[] }>(`${RE}/agent/get`, {
      token: owner.access,
      body: { business: businessId },
    });
    expect(agents.body.agents).toEqual([]);
    const again = await request(`${RE}/agent/remove`, {
      token: owner.access,
      body: { businessID: businessId, agentID: agentId },
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: 'failed', code: 'not_found', message: 'Agent not found' });
  });

  it("answers 404 for another owner's agent and changes nothing", async () => {
    const a = await withAgent();
    const b = await ownerWithBusiness(server, 'Owner B');
    for (const [path, extra] of [
      ['set-password', { password: 'agent-pass-9', confirmationPassword: 'agent-pass-9' }],
      ['remove', {}],
    ] as const) {
      // Their own business with A's agent id, and A's business: both unknown to B.
      for (const businessID of [b.businessId, a.businessId]) {
        const response = await request(`${RE}/agent/${path}`, {
          token: b.owner.access,
          body: { businessID, agentID: a.agentId, ...extra },
        });
        expect(response.status).toBe(404);
      }
    }
    const agents = await request<{ agents: unknown[] }>(`${RE}/agent/get`, {
      token: a.owner.access,
      body: { business: a.businessId },
    });
    expect(agents.body.agents).toHaveLength(1);
    const signin = await request('/api/v1/user/authenticate/signin', {
      body: { email: a.email, password: 'agent-pass-1', rememberMe: false },
    });
    expect(signin.status).toBe(200);
  });
});
