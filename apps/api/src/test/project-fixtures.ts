import { randomBytes } from 'node:crypto';
import { projectOrders, projects } from '../db/schema/index.js';
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

/** One instant for a test's rows: ties are broken by id, so newest-first lists go by id descending. */
export const SAME_MOMENT = new Date('2026-01-02T03:04:05.123456Z');
export const byIdDescending = (ids: string[]) => [...ids].sort().reverse();
/** A name no other test's rows contain, for searching. */
export const tagOf = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

/** A page of `get_discussions`, as the list tests read it. */
export interface DiscussionsPage {
  discussions: Array<{
    id: string;
    name: string;
    client: string;
    projects: Array<{ id: string; name: string }>;
  }>;
  nextCursor: string | null;
}

/**
 * Orders of `clientId` inserted directly (list tests need many, and exact times), each with
 * `perOrder` Web projects, all created at `at` unless given one time each.
 */
export async function insertOrders(
  server: TestServer,
  clientId: string,
  names: string[],
  { at = SAME_MOMENT, perOrder = 1 }: { at?: Date | Date[]; perOrder?: number } = {},
): Promise<Array<{ id: string; projects: string[] }>> {
  const { db } = server.deps.database;
  const rows = await db
    .insert(projectOrders)
    .values(
      names.map((name, index) => ({
        clientId,
        name,
        createdAt: Array.isArray(at) ? (at[index] ?? SAME_MOMENT) : at,
      })),
    )
    .returning({ id: projectOrders.id });
  const made = await db
    .insert(projects)
    .values(
      rows.flatMap((row, index) =>
        Array.from({ length: perOrder }, (_, n) => ({
          orderId: row.id,
          name: n === 0 ? (names[index] ?? '') : `${names[index]} part ${n}`,
          typeId: 3,
        })),
      ),
    )
    .returning({ id: projects.id, orderId: projects.orderId });
  return rows.map((row) => ({
    id: row.id,
    projects: made.filter((project) => project.orderId === row.id).map((project) => project.id),
  }));
}
