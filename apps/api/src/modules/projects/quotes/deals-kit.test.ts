import { QUOTE_PATHS, type Quote, type SaveQuoteRequest } from '@app/contract';
import { expect } from 'vitest';
import type { TestAccount } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { placeOrder } from '../../../test/project-fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `days` after the server clock's today, as quotes take dates. */
export function dayFromNow(server: TestServer, days: number): string {
  return new Date(server.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The deal: two milestones (design 1,200.00, build 2,800.00) and a monthly support fee of
 * 150.00, valid for 30 days.
 */
export function twoMilestoneQuote(server: TestServer, projectID: string): SaveQuoteRequest {
  return {
    projectID,
    lineItems: [
      { description: 'Design', quantity: 1, unitAmount: 120_000 },
      { description: 'Build', quantity: 2, unitAmount: 140_000 },
    ],
    milestones: [
      { title: 'Designs approved', amount: 120_000, dueDate: dayFromNow(server, 14) },
      { title: 'App delivered', amount: 280_000, dueDate: dayFromNow(server, 45) },
    ],
    recurringPayment: 15_000,
    term: 'm',
    currency: 'usd',
    validUntil: dayFromNow(server, 30),
    terms: 'Payment within 14 days of each invoice.',
  };
}

/** Calls for a test of deals: a client's project, an admin who quotes it. */
export function dealsKit(server: TestServer) {
  const request = httpClient(server.baseUrl);

  async function projectOf(client: TestAccount, name = 'Harbour booking app'): Promise<string> {
    const order = await placeOrder(server, client, { name, web: true });
    const project = order.projects[0];
    if (!project) throw new Error('the order has no project');
    return project.id;
  }

  async function saveQuote(admin: TestAccount, body: SaveQuoteRequest): Promise<Quote> {
    const saved = await request<{ quote: Quote }>(QUOTE_PATHS.adminSave, { body, token: admin.access });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.quote;
  }

  async function sendQuote(admin: TestAccount, quoteID: string): Promise<Quote> {
    const sent = await request<{ quote: Quote }>(QUOTE_PATHS.adminSend, {
      body: { quoteID },
      token: admin.access,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.quote;
  }

  /** A project of `client` with the two-milestone quote sent to them. */
  async function sentQuote(admin: TestAccount, client: TestAccount): Promise<Quote> {
    const projectID = await projectOf(client);
    const draft = await saveQuote(admin, twoMilestoneQuote(server, projectID));
    return sendQuote(admin, draft.id);
  }

  function accept(client: TestAccount, quoteID: string, name = 'Ada Lovelace') {
    return request<{ quote: Quote; code?: string; message: string }>(QUOTE_PATHS.accept, {
      body: { quoteID, name },
      token: client.access,
    });
  }

  async function quotesOf(token: string, projectID: string): Promise<Quote[]> {
    const listed = await request<{ quotes: Quote[] }>(`${QUOTE_PATHS.projectQuotes}?projectID=${projectID}`, {
      token,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return listed.body.quotes;
  }

  return { request, projectOf, saveQuote, sendQuote, sentQuote, accept, quotesOf };
}
