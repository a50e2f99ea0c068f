import { BILLING_PATHS, type PendingPaymentsResponse, PROJECT_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { placeOrder } from '../../test/project-fixtures.js';

let server: TestServer;
let admin: TestAccount;
const call = (path: string, token: string, body?: unknown) =>
  httpClient(server.baseUrl)<PendingPaymentsResponse>(path, { body, token });

beforeAll(async () => {
  server = await startTestServer();
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

/** A project with a payment link is what the dashboard's Pending payment shows. */
describe('pending payment of projects', () => {
  it('counts a project with a payment link and a total until it is finished', async () => {
    const client = await createAccount(server, 'client');
    const order = await placeOrder(server, client, { name: 'Harbour ordering app' });
    const projectID = order.projects[0]?.id ?? '';
    const pending = () => call(BILLING_PATHS.pendingPayments, client.access, {});
    expect((await pending()).body).toMatchObject({ total: null, items: [] });

    await call('/api/v1/admin/project/approve', admin.access, { projectID });
    await call(PROJECT_PATHS.adminPaymentDetails, admin.access, {
      projectID,
      totalPayment: 250_000,
      recurringPayment: null,
      term: null,
      paymentInformation: null,
    });
    // A total alone is not due yet: there is nowhere to pay it.
    expect((await pending()).body).toMatchObject({ total: null });

    const link = await call('/api/v1/admin/projects/payment/link/add', admin.access, {
      projectID,
      paymentLink: 'https://pay.example.com/harbour',
    });
    expect(link.status).toBe(200);
    const due = await pending();
    expect(due.status).toBe(200);
    expect(due.body).toEqual({
      status: 'ok',
      total: 250_000,
      currency: 'usd',
      items: [
        {
          kind: 'project',
          description: 'Harbour ordering app — project payment',
          amount: 250_000,
          paymentID: null,
          productID: null,
          requestID: null,
          projectID,
          paymentLink: 'https://pay.example.com/harbour',
        },
      ],
    });
    // Another client sees none of it.
    const other = await createAccount(server, 'client');
    expect((await call(BILLING_PATHS.pendingPayments, other.access, {})).body).toMatchObject({ total: null });

    for (const status of ['in progress', 'complete', 'finished']) {
      const moved = await call(PROJECT_PATHS.adminStatus, admin.access, { projectID, status });
      expect(moved.status, status).toBe(200);
      if (status !== 'finished') expect((await pending()).body.total).toBe(250_000);
    }
    expect((await pending()).body).toMatchObject({ total: null, items: [] });
  });
});
