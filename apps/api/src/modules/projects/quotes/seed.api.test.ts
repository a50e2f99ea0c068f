import {
  INVOICE_PATHS,
  type Invoice,
  type Order,
  type ProjectSupport,
  QUOTE_PATHS,
  type Quote,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_PASSWORD, testDemoPassword } from '../../../test/demo-logins.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { accountSeed, DEMO_ACCOUNTS } from '../../accounts/seed.js';
import { invoiceSeed } from '../../billing/invoices/seed.js';
import { projectSeed } from '../seed.js';
import { quoteSeed } from './seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo deals seed', () => {
  it('gives the demo client an accepted quote with a due milestone invoiced and a quote to decide; runs twice safely', async () => {
    const context = { db: server.database.db, log: server.app.log };
    await accountSeed(server.deps, testDemoPassword).run(context);
    await projectSeed(server.deps).run(context);
    for (let run = 0; run < 2; run++) {
      await quoteSeed(server.deps).run(context);
      await invoiceSeed(server.deps).run(context);
    }
    const request = httpClient(server.baseUrl);
    const signin = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
      body: { email: DEMO_ACCOUNTS[0]?.email, password: TEST_DEMO_PASSWORD, rememberMe: false },
    });
    const token = signin.body.access;
    const orders = await request<{ data: Record<string, Order> }>('/api/v1/user/projects', { token });
    const projects = Object.values(orders.body.data).flatMap((order) => order.projects);
    const web = projects.find((p) => p.type === 'Web');
    const android = projects.find((p) => p.type === 'Android');
    const quotesOf = (id: string | undefined) =>
      request<{ quotes: Quote[]; support: ProjectSupport | null }>(
        `${QUOTE_PATHS.projectQuotes}?projectID=${id}`,
        {
          token,
        },
      );
    const webQuotes = await quotesOf(web?.id);
    expect(webQuotes.body.quotes.map((q) => q.status)).toEqual(['accepted']);
    expect(webQuotes.body.quotes[0]?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(webQuotes.body.support).toMatchObject({ price: 15_000, term: 'm', active: false });
    expect((await quotesOf(android?.id)).body.quotes.map((q) => q.status)).toEqual(['sent']);
    const invoices = await request<{ invoices: Invoice[] }>(INVOICE_PATHS.userList, { token });
    expect(invoices.body.invoices.map((i) => [i.milestone?.title, i.status, i.total])).toEqual([
      ['Designs approved', 'open', 400_000],
    ]);
  });
});
