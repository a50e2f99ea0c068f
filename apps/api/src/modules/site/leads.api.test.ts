import { SITE_PATHS } from '@app/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '../../config.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { LEAD_LIMIT } from './lead-service.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const lead = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Reyes',
  email: uniqueEmail('lead'),
  company: 'Reyes Realty',
  intent: 'demo',
  message: 'We manage 40 rentals and want to see the agent view.',
  ...overrides,
});
const send = (body: unknown, ip = freshIp()) =>
  request(SITE_PATHS.crmLead, { body, headers: { 'x-forwarded-for': ip } });

describe('CRM leads', () => {
  it('stores a lead, tells the sales inbox and lists it for admins', async () => {
    const body = lead({ intent: 'reserve-spot' });
    const response = await send(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', message: expect.stringContaining(body.email) });

    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'hello@northwind.dev'))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail?.subject).toBe('New CRM lead: Dana Reyes asks for a reserved spot');
    expect(mail?.text).toContain(`All leads: ${publicUrl(server.deps.config)}/company/admin?section=leads`);

    const admin = await createAccount(server, 'admin');
    const list = await request<{ leads: Record<string, unknown>[] }>(SITE_PATHS.adminLeads, {
      token: admin.access,
    });
    expect(list.status).toBe(200);
    expect(list.body.leads[0]).toMatchObject({
      name: 'Dana Reyes',
      email: body.email,
      company: 'Reyes Realty',
      intent: 'reserve-spot',
    });
  });

  it('accepts a lead without company or message', async () => {
    const response = await send({ name: 'Sam', email: uniqueEmail('min'), intent: 'early-access' });
    expect(response.status).toBe(200);
  });

  it('refuses bad input with a 400 envelope', async () => {
    const bad = [
      {},
      lead({ name: '   ' }),
      lead({ email: 'nope' }),
      lead({ intent: 'buy-now' }),
      lead({ message: 'x'.repeat(1001) }),
      lead({ company: 'x'.repeat(121) }),
      lead({ admin: true }),
      lead({ name: 5 }),
    ];
    for (const body of bad) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
  });

  it('limits leads per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < LEAD_LIMIT.points; i++) expect((await send(lead(), ip)).status).toBe(200);
    const limited = await send(lead(), ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describeRoleMatrix('CRM leads admin', () => server, [
  { method: 'GET', path: SITE_PATHS.adminLeads, allowed: ['admin'] },
]);
