import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_PASSWORD, testDemoPassword } from '../../test/demo-logins.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { ownerWithBusiness } from './business-kit.test.js';
import { businessSeed, DEMO_AGENT, DEMO_REALTOR } from './seed.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe('business registration', () => {
  it('lists the seeded RealEstate type and registers a business, which turns hasBusinessAccount on', async () => {
    const owner = await createAccount(server, 'client');
    const before = await request('/api/v1/user/information/get', { token: owner.access });
    expect(before.body).toMatchObject({ userInformation: { hasBusinessAccount: false } });
    const types = await request<{ types: { id: number; type: string }[] }>('/api/business/types', {
      token: owner.access,
    });
    expect(types.body.types.map((t) => t.type)).toContain('RealEstate');
    const typeId = types.body.types.find((t) => t.type === 'RealEstate')?.id;
    const registered = await request('/api/business/register', {
      token: owner.access,
      body: { businessName: '  Harbour Realty ', businessType: typeId, agree: true },
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      status: 'ok',
      business: { name: 'Harbour Realty', type: 'RealEstate', role: 'owner' },
    });
    const list = await request('/api/business/get', { token: owner.access });
    expect(list.body).toMatchObject({ status: 'ok', businessList: [{ name: 'Harbour Realty' }] });
    const after = await request('/api/v1/user/information/get', { token: owner.access });
    expect(after.body).toMatchObject({ userInformation: { hasBusinessAccount: true } });
  });

  it('refuses a registration without the agreement box: Agree to the terms', async () => {
    const owner = await createAccount(server, 'client');
    for (const agree of [false, undefined]) {
      const response = await request('/api/business/register', {
        token: owner.access,
        body: { businessName: 'No Terms Ltd', businessType: 1, ...(agree === undefined ? {} : { agree }) },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'failed',
        code: 'invalid_input',
        message: 'Agree to the terms',
        field: 'agree',
      });
    }
    const list = await request('/api/business/get', { token: owner.access });
    expect(list.body).toMatchObject({ businessList: [] });
  });

  it('refuses an empty name, an unknown type and unknown fields with 400', async () => {
    const owner = await createAccount(server, 'client');
    const cases: unknown[] = [
      { businessName: ' ', businessType: 1, agree: true },
      { businessName: 'X', businessType: 9999, agree: true },
      { businessName: 'X', businessType: 'abc', agree: true },
      { businessName: 'X', businessType: 1, agree: true, owner: 'someone' },
    ];
    for (const body of cases) {
      const response = await request('/api/business/register', { token: owner.access, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
    }
  });
});

describe('reference data', () => {
  it('serves countries and states from the data package, and the four property statuses', async () => {
    const user = await createAccount(server, 'client');
    const countries = await request<{ countries: { id: string; name: string }[] }>(
      '/api/business/real-estate/countries',
      { token: user.access },
    );
    expect(countries.body.countries.length).toBeGreaterThan(200);
    expect(countries.body.countries).toContainEqual({ id: 'US', name: 'United States' });
    const states = await request<{ states: { id: string; name: string }[] }>(
      '/api/business/real-estate/states',
      { token: user.access, body: { country: 'US' } },
    );
    expect(states.body.states).toContainEqual({ id: 'CA', name: 'California' });
    const unknown = await request('/api/business/real-estate/states', {
      token: user.access,
      body: { country: 'ZZ' },
    });
    expect(unknown.status).toBe(404);
    const statuses = await request('/api/business/real-estate/property/status/list', { token: user.access });
    expect(statuses.body).toEqual({
      status: 'ok',
      statuses: [
        { id: 1, status: 'Available' },
        { id: 2, status: 'Sold' },
        { id: 3, status: 'Open House' },
        { id: 4, status: 'Private visit' },
      ],
    });
  });
});

describe('agents', () => {
  it('registers an agent who can sign in; mismatched passwords and a taken email are refused', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const email = `agent-${Date.now()}@example.com`;
    const base = { businessID: businessId, firstName: 'Ann', lastName: 'Agent', email };
    const mismatch = await request('/api/business/real-estate/agent/add', {
      token: owner.access,
      body: { ...base, password: 'agent-pass-1', confirmationPassword: 'agent-pass-2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Passwords do not match',
    });
    const added = await request('/api/business/real-estate/agent/add', {
      token: owner.access,
      body: { ...base, password: 'agent-pass-1', confirmationPassword: 'agent-pass-1' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      status: 'ok',
      agent: { firstName: 'Ann', email, business: 'Acme Homes' },
    });
    const again = await request('/api/business/real-estate/agent/add', {
      token: owner.access,
      body: { ...base, password: 'agent-pass-1', confirmationPassword: 'agent-pass-1' },
    });
    expect(again.status).toBe(409);
    const agents = await request('/api/business/real-estate/agent/get', {
      token: owner.access,
      body: { business: businessId },
    });
    expect(agents.body).toMatchObject({ status: 'ok', agents: [{ email, username: 'Ann Agent' }] });
    const signin = await request('/api/v1/user/authenticate/signin', {
      body: { email, password: 'agent-pass-1', rememberMe: false },
    });
    expect(signin.status).toBe(200);
    const token = String(signin.body.access);
    const businesses = await request('/api/business/get', { token });
    expect(businesses.body).toMatchObject({ businessList: [{ id: businessId, role: 'agent' }] });
    // An agent looks but does not manage: listing agents or adding more is owner-only.
    const agentTries = await request('/api/business/real-estate/agent/get', {
      token,
      body: { business: businessId },
    });
    expect(agentTries.status).toBe(403);
  });
});

describe('isolation between owners', () => {
  it("answers 404 for another owner's business and agents", async () => {
    const a = await ownerWithBusiness(server, 'Owner A');
    const b = await ownerWithBusiness(server, 'Owner B');
    const listB = await request('/api/business/get', { token: b.owner.access });
    expect(listB.body).toMatchObject({ businessList: [{ name: 'Owner B' }] });
    expect(JSON.stringify(listB.body)).not.toContain('Owner A');
    const agents = await request('/api/business/real-estate/agent/get', {
      token: b.owner.access,
      body: { business: a.businessId },
    });
    expect(agents.status).toBe(404);
    const add = await request('/api/business/real-estate/agent/add', {
      token: b.owner.access,
      body: {
        businessID: a.businessId,
        firstName: 'Sly',
        lastName: 'Fox',
        email: `sly-${Date.now()}@example.com`,
        password: 'agent-pass-1',
        confirmationPassword: 'agent-pass-1',
      },
    });
    expect(add.status).toBe(404);
    const houses = await request('/api/business/real-estate/house/get', {
      token: b.owner.access,
      body: { business: a.businessId },
    });
    expect(houses.status).toBe(404);
  });
});

describe('demo seed', () => {
  it('creates a realtor with three listings and an agent who sees the assigned house; runs twice safely', async () => {
    const step = businessSeed(server.deps, testDemoPassword);
    const context = { db: server.database.db, log: server.app.log };
    await step.run(context);
    await step.run(context);
    const signin = (account: { email: string }) =>
      request<{ access: string }>('/api/v1/user/authenticate/signin', {
        body: { ...account, password: TEST_DEMO_PASSWORD, rememberMe: false },
      });
    const realtor = (await signin(DEMO_REALTOR)).body.access;
    const list = await request<{ businessList: { id: string }[] }>('/api/business/get', { token: realtor });
    expect(list.body.businessList).toHaveLength(1);
    const business = list.body.businessList[0]?.id;
    for (const kind of ['house', 'building', 'land']) {
      const listed = await request<Record<string, unknown[]>>(`/api/business/real-estate/${kind}/get`, {
        token: realtor,
        body: { business },
      });
      expect(Object.values(listed.body).find(Array.isArray)).toHaveLength(1);
    }
    const agent = (await signin(DEMO_AGENT)).body.access;
    const houses = await request<{ houseList: { address: string }[] }>(
      '/api/business/real-estate/house/get',
      {
        token: agent,
        body: { business },
      },
    );
    expect(houses.body.houseList.map((h) => h.address)).toEqual(['42 Seacliff Drive, Santa Cruz']);
  });
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';
describeRoleMatrix('business', () => server, [
  { method: 'GET', path: '/api/business/types', allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: '/api/business/get', allowed: ['client'] },
  {
    method: 'POST',
    path: '/api/business/register',
    body: { businessName: 'Matrix Homes', businessType: 1, agree: true },
    allowed: ['client'],
  },
  { method: 'GET', path: '/api/business/real-estate/countries', allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: '/api/business/real-estate/states',
    body: { country: 'US' },
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'GET',
    path: '/api/business/real-estate/property/status/list',
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/agent/get',
    body: { business: SOME_ID },
    allowed: ['client'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/agent/set-password',
    body: {
      businessID: SOME_ID,
      agentID: SOME_ID,
      password: 'agent-pass-1',
      confirmationPassword: 'agent-pass-1',
    },
    allowed: ['client'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/agent/remove',
    body: { businessID: SOME_ID, agentID: SOME_ID },
    allowed: ['client'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/house/get',
    body: { business: SOME_ID },
    allowed: ['client'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/land/delete',
    body: { businessID: SOME_ID, ids: [SOME_ID] },
    allowed: ['client'],
  },
  {
    method: 'POST',
    path: '/api/business/real-estate/building/assign-agent',
    body: { businessID: SOME_ID, ids: [SOME_ID], agentID: null },
    allowed: ['client'],
  },
]);
