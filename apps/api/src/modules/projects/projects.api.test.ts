import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { type OrderView, PDF, PNG, placeOrder, requestForm } from '../../test/project-fixtures.js';

let server: TestServer;
let client: TestAccount;
let stranger: TestAccount;
const REQUEST = '/api/v1/user/project/request';
const request = () => httpClient(server.baseUrl);

beforeAll(async () => {
  server = await startTestServer();
  client = await createAccount(server, 'client');
  stranger = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

async function uploadedFiles(): Promise<string[]> {
  const root = path.join(server.deps.config.DATA_DIR, 'uploads');
  if (!existsSync(root)) return [];
  const dirs = (await readdir(root)).filter((name) => name !== '.tmp');
  const nested = await Promise.all(dirs.map((dir) => readdir(path.join(root, dir))));
  return nested.flat();
}

describe('project requests', () => {
  it('creates an order with one project per platform, the proposal, designs and templates', async () => {
    const order = await placeOrder(server, client, {
      name: 'Field service',
      android: true,
      web: true,
      designs: [{ bytes: PNG, name: 'home.png' }],
      designTemplates: ['aurora', 'noir'],
    });
    expect(order.name).toBe('Field service');
    expect(order.projects.map((p) => p.type).sort()).toEqual(['Android', 'Web']);
    expect(order.projects[0]).toMatchObject({
      status: 'waiting for approval',
      status_number: 1,
      employees: [],
    });
    expect(order.files.map((f) => f.kind).sort()).toEqual(['design', 'proposal']);
    expect(order.designTemplates).toEqual(['aurora', 'noir']);
  });

  it("answers 'success' and accepts a proposal link instead of a file", async () => {
    const response = await request()(REQUEST, {
      body: requestForm({ proposal: null, proposalLink: 'https://docs.example.com/brief' }),
      token: client.access,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', message: 'success' });
  });

  it('accepts the customer-area variant (one type and a name)', async () => {
    const response = await request()<{ orderID: string }>(REQUEST, {
      body: { combination: true, name: 'Inventory' },
      token: client.access,
    });
    expect(response.status).toBe(200);
    const list = await request()<{ data: Record<string, OrderView> }>('/api/v1/user/projects', {
      token: client.access,
    });
    expect(list.body.data[response.body.orderID]?.projects.map((p) => p.type)).toEqual(['Combination']);
    const two = await request()(REQUEST, {
      body: { web: true, desktop: true, name: 'X' },
      token: client.access,
    });
    expect(two.status).toBe(400);
  });

  it('refuses a request without a proposal file or link, and stores nothing', async () => {
    const before = await uploadedFiles();
    const response = await request()(REQUEST, {
      body: requestForm({ proposal: null, designs: [{ bytes: PNG, name: 'a.png' }] }),
      token: client.access,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'failed', message: expect.stringMatching(/proposal/i) });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a missing name, no platform and a non-http proposal link', async () => {
    const noName = await request()(REQUEST, { body: requestForm({ name: '  ' }), token: client.access });
    expect(noName.status).toBe(400);
    const noPlatform = await request()(REQUEST, { body: requestForm({ web: false }), token: client.access });
    expect(noPlatform.body).toMatchObject({ message: expect.stringMatching(/platform/) });
    const badLink = await request()(REQUEST, {
      body: requestForm({ proposal: null, proposalLink: 'javascript:alert(1)' }),
      token: client.access,
    });
    expect(badLink.status).toBe(400);
  });

  it('refuses a proposal whose content is not a document, whatever its name (415)', async () => {
    const response = await request()(REQUEST, {
      body: requestForm({ proposal: { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'proposal.pdf' } }),
      token: client.access,
    });
    expect(response.status).toBe(415);
    const image = await request()(REQUEST, {
      body: requestForm({ proposal: { bytes: PNG, name: 'proposal.pdf' } }),
      token: client.access,
    });
    expect(image.status).toBe(415);
  });

  it('refuses a proposal over 20 MB (413) and keeps nothing', async () => {
    const before = await uploadedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const response = await request()(REQUEST, {
      body: requestForm({ proposal: { bytes: big, name: 'big.pdf' } }),
      token: client.access,
    });
    expect(response.status).toBe(413);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses more than 10 design files', async () => {
    const designs = Array.from({ length: 11 }, (_, i) => ({ bytes: PNG, name: `d${i}.png` }));
    const response = await request()(REQUEST, { body: requestForm({ designs }), token: client.access });
    expect(response.status).toBe(400);
  });

  it('never lets a crafted file name reach the disk path', async () => {
    // A name of this test's own, so a file someone else left in the temp folder cannot fool it.
    const name = `x-${randomUUID()}`;
    const order = await placeOrder(server, client, { proposal: { bytes: PDF, name: `../../${name}` } });
    const file = order.files.find((f) => f.kind === 'proposal');
    expect(file?.name).toBe(name);
    const stored = await server.deps.storage.find(file?.id ?? '');
    expect(stored?.storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(existsSync(path.resolve(server.deps.config.DATA_DIR, '..', name))).toBe(false);
    expect(existsSync(path.resolve(server.deps.config.DATA_DIR, 'uploads', '..', '..', name))).toBe(false);
  });

  it('refuses unknown design templates', async () => {
    const response = await request()(REQUEST, {
      body: requestForm({ designTemplates: ['nope'] }),
      token: client.access,
    });
    expect(response.status).toBe(400);
  });
});

describe('who sees an order', () => {
  it('shows a client only their own orders and serves their files to nobody else (404)', async () => {
    const order = await placeOrder(server, client, { name: 'Private' });
    const theirs = await request()<{ data: Record<string, OrderView> }>('/api/v1/user/projects', {
      token: stranger.access,
    });
    expect(theirs.body.data[order.id]).toBeUndefined();
    const fileId = order.files[0]?.id;
    const own = await fetch(`${server.baseUrl}/api/v1/files/${fileId}`, {
      headers: { authorization: `Bearer ${client.access}` },
    });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await request()(`/api/v1/files/${fileId}`, { token: stranger.access })).status).toBe(404);
    const staff = await createAccount(server, 'staff');
    expect((await request()(`/api/v1/files/${fileId}`, { token: staff.access })).status).toBe(404);
    expect((await request()(`/api/v1/files/${fileId}`)).status).toBe(404);
  });

  it('lists the application types publicly', async () => {
    const response = await request()('/api/v1/application/types');
    expect(response.body).toMatchObject({
      status: 'ok',
      applicationTypes: expect.arrayContaining([{ id: 3, name: 'Web' }]),
    });
  });

  it('counts orders and projects in the user information', async () => {
    const fresh = await createAccount(server, 'client');
    await placeOrder(server, fresh, { android: true, web: true });
    const info = await request()<{ userInformation: Record<string, unknown> }>(
      '/api/v1/user/information/get',
      {
        token: fresh.access,
      },
    );
    expect(info.body.userInformation).toMatchObject({
      orderInformation: { completedOrders: 0, maxOrders: 1 },
      projectInformation: { completedProjects: 0, maxProjects: 2 },
    });
  });
});
