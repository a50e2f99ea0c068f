import type { TestAccount } from './fixtures.js';
import type { TestServer } from './harness.js';
import { httpClient } from './http.js';

/** Magic bytes are what Storage judges, so these are real PDF/PNG starts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface RequestForm {
  name?: string;
  android?: boolean;
  web?: boolean;
  desktop?: boolean;
  proposal?: { bytes: Buffer; name: string } | null;
  proposalLink?: string;
  designs?: { bytes: Buffer; name: string }[];
  designTemplates?: string[];
}

export function requestForm(input: RequestForm = {}): FormData {
  const form = new FormData();
  form.set('name', input.name ?? 'Shop app');
  form.set('android', String(input.android ?? false));
  form.set('web', String(input.web ?? true));
  form.set('desktop', String(input.desktop ?? false));
  if (input.proposalLink !== undefined) form.set('proposalLink', input.proposalLink);
  for (const id of input.designTemplates ?? []) form.append('designTemplates', id);
  for (const design of input.designs ?? []) form.append('designFiles', new Blob([design.bytes]), design.name);
  const proposal = input.proposal === undefined ? { bytes: PDF, name: 'proposal.pdf' } : input.proposal;
  if (proposal) form.set('proposal', new Blob([proposal.bytes]), proposal.name);
  return form;
}

/** Places an order as `client` and returns the order's projects as the client sees them. */
export async function placeOrder(server: TestServer, client: TestAccount, input: RequestForm = {}) {
  const request = httpClient(server.baseUrl);
  const created = await request<{ orderID: string }>('/api/v1/user/project/request', {
    body: requestForm(input),
    token: client.access,
  });
  if (created.status !== 200) throw new Error(`order failed: ${JSON.stringify(created.body)}`);
  const list = await request<{ data: Record<string, OrderView> }>('/api/v1/user/projects', {
    token: client.access,
  });
  const order = list.body.data[created.body.orderID];
  if (!order) throw new Error('order missing from the list');
  return order;
}

export interface ProjectView {
  id: string;
  status: string;
  status_number: number;
  type: string;
  start_date: string | null;
  end_date: string | null;
  frontendProgress: number | null;
  paymentLink: string | null;
  employees: { employeeName: string; email: string }[];
  activities: { message: string }[];
}

export interface OrderView {
  id: string;
  name: string;
  files: { id: string; name: string; kind: string }[];
  designTemplates: string[];
  projects: ProjectView[];
}
