import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { ownerWithBusiness } from '../business/business-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
beforeAll(async () => {
  // Its own database on PostgreSQL: the counters and recent sign-ups must not see other files' users.
  server = await startTestServer({ isolatedDatabase: true });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

interface Overview {
  overview: {
    clients: number;
    agents: number;
    recentSignups: { email: string; userType: string; agent: boolean }[];
  };
}

/** Decision 007: a business's agents are client accounts, but not the company's clients. */
describe('agents in the admin area', () => {
  it('labels an agent as an agent, counts them apart and leaves them out of the clients list', async () => {
    const admin = await createAccount(server, 'admin');
    const before = await request<Overview>('/api/v1/admin/overview', { token: admin.access });
    const { owner, businessId } = await ownerWithBusiness(server, 'Agents Test Homes');
    const email = `agent-${Date.now()}@example.com`;
    const added = await request('/api/business/real-estate/agent/add', {
      token: owner.access,
      body: {
        businessID: businessId,
        firstName: 'Ann',
        lastName: 'Agent',
        email,
        password: 'agent-pass-1',
        confirmationPassword: 'agent-pass-1',
      },
    });
    expect(added.status).toBe(200);

    const after = await request<Overview>('/api/v1/admin/overview', { token: admin.access });
    expect(after.status).toBe(200);
    expect(after.body.overview.agents).toBe(before.body.overview.agents + 1);
    expect(after.body.overview.clients).toBe(before.body.overview.clients + 1); // the owner
    const signups = after.body.overview.recentSignups;
    expect(signups.find((user) => user.email === email)).toMatchObject({ userType: 'c', agent: true });
    expect(signups.find((user) => user.email === owner.email)).toMatchObject({ userType: 'c', agent: false });

    const clients = await request<{ users: { email: string }[] }>('/api/v1/admin/users/clients', {
      token: admin.access,
    });
    expect(clients.status).toBe(200);
    const emails = clients.body.users.map((user) => user.email);
    expect(emails).toContain(owner.email);
    expect(emails).not.toContain(email);
  });
});
