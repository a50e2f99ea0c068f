import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_PATHS } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { projectOrders, storedFiles } from '../../db/schema/index.js';
import { HOUSE, listingForm, ownerWithBusiness } from '../../modules/business/business-kit.test.js';
import { eventually } from '../../test/eventually.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { PDF, PNG, placeOrder, requestForm } from '../../test/project-fixtures.js';
import { startHungStore, startTestS3, type TestS3 } from '../../test/s3-server.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { parseStorageUrl } from './storage-url.js';

const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

let s3: TestS3;
let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  s3 = await startTestS3('uploads-api');
  server = await startTestServer({ env: { STORAGE_URL: s3.storageUrl, STORAGE_TIMEOUT_MS: '3000' } });
  request = httpClient(server.baseUrl);
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

interface Uploaded {
  proposal: string;
  chatImage: string;
  housePhoto: string;
  client: TestAccount;
  houseOwner: TestAccount;
}

async function filesOf(ownerId: string, purpose?: string) {
  const rows = await server.database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, ownerId));
  return purpose ? rows.filter((row) => row.purpose.includes(purpose)) : rows;
}

/** A project request with a proposal PDF, a chat image in its room and a house photo, through HTTP. */
async function uploadAll(): Promise<Uploaded> {
  const client = await createAccount(server, 'client');
  const order = await placeOrder(server, client);
  const proposal = order.files.find((file) => file.name === 'proposal.pdf');
  const project = order.projects[0];
  if (!proposal || !project) throw new Error('order without proposal or project');
  const chat = new FormData();
  chat.set('order', order.id);
  chat.set('project', project.id);
  chat.set('message', 'Our logo');
  chat.set('media', new Blob([PNG]), 'logo.png');
  const sent = await request(CHAT_PATHS.projectSet, { body: chat, token: client.access });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const chatImage = (await filesOf(client.id)).find((row) => row.originalName === 'logo.png');
  const { owner: houseOwner, businessId } = await ownerWithBusiness(server);
  const house = await request<{ property: { thumbnail: string } }>('/api/business/real-estate/house/add', {
    token: houseOwner.access,
    body: listingForm({ ...HOUSE, businessID: businessId }, { thumbnail: PNG }),
  });
  expect(house.status, JSON.stringify(house.body)).toBe(200);
  if (!chatImage) throw new Error('chat image not stored');
  return {
    proposal: proposal.id,
    chatImage: chatImage.id,
    housePhoto: house.body.property.thumbnail,
    client,
    houseOwner,
  };
}

async function download(baseUrl: string, id: string, token?: string) {
  const response = await fetch(`${baseUrl}/api/v1/files/${id}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What every download of an upload carries, from the bucket as from disk. */
function expectDownload(
  result: Awaited<ReturnType<typeof download>>,
  bytes: Buffer,
  type: string,
  name: string,
) {
  expect(result.response.status).toBe(200);
  expect(result.bytes.equals(bytes)).toBe(true);
  expect(result.response.headers.get('content-type')).toBe(type);
  expect(result.response.headers.get('content-length')).toBe(String(bytes.length));
  expect(result.response.headers.get('content-disposition')).toBe(
    `attachment; filename="${name}"; filename*=UTF-8''${name}`,
  );
  expect(result.response.headers.get('content-security-policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'; sandbox",
  );
  expect(result.response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(result.response.headers.get('cache-control')).toBe('private, no-store');
}

async function localUploads(dataDir: string): Promise<string[]> {
  const names = await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);
  return names.filter((name) => name !== '.tmp');
}

describe('uploads in an S3-compatible bucket (STORAGE_URL)', () => {
  let uploaded: Uploaded;

  it('stores a proposal, a chat image and a house photo in the bucket and serves them with the same headers and checks', async () => {
    uploaded = await uploadAll();
    const { client, houseOwner } = uploaded;
    expectDownload(
      await download(server.baseUrl, uploaded.proposal, client.access),
      PDF,
      'application/pdf',
      'proposal.pdf',
    );
    expectDownload(
      await download(server.baseUrl, uploaded.chatImage, client.access),
      PNG,
      'image/png',
      'logo.png',
    );
    const photo = await download(server.baseUrl, uploaded.housePhoto, houseOwner.access);
    expect(photo.response.status).toBe(200);
    expect(photo.bytes.equals(PNG)).toBe(true);
    expect(photo.response.headers.get('content-type')).toBe('image/png');
    // Someone else gets the 404 of a file that does not exist, as with files on disk.
    const stranger = await createAccount(server, 'client');
    for (const id of [uploaded.proposal, uploaded.chatImage]) {
      expect((await download(server.baseUrl, id, stranger.access)).response.status).toBe(404);
      expect((await download(server.baseUrl, id)).response.status).toBe(404);
    }
    // The bytes are in the bucket under the rows' keys, and none on this instance's disk.
    const bucket = createS3BlobStore({ location: location(), timeoutMs: 3000, attempts: 1 });
    for (const row of [...(await filesOf(client.id)), ...(await filesOf(houseOwner.id))]) {
      expect(await bucket.exists(row.storageKey)).toBe(true);
    }
    bucket.destroy();
    expect(await localUploads(server.deps.config.DATA_DIR)).toEqual([]);
    expect(await readdir(path.join(server.deps.config.DATA_DIR, 'uploads', '.tmp'))).toEqual([]);
  });

  it('a restarted instance with an empty disk serves the same files from the bucket', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'api-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      JOBS_RUN_SCHEDULES: 'false',
      JOBS_RUN_WORKERS: 'false',
      STORAGE_URL: s3.storageUrl,
    });
    const restarted = await buildApp({
      config,
      database: server.database,
      jwtSecret: TEST_JWT_SECRET,
      clock: server.clock,
    });
    try {
      await restarted.app.listen({ port: 0, host: '127.0.0.1' });
      const address = restarted.app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const { client } = uploaded;
      expectDownload(
        await download(baseUrl, uploaded.proposal, client.access),
        PDF,
        'application/pdf',
        'proposal.pdf',
      );
      expectDownload(
        await download(baseUrl, uploaded.chatImage, client.access),
        PNG,
        'image/png',
        'logo.png',
      );
      expect(
        (await download(baseUrl, uploaded.housePhoto, uploaded.houseOwner.access)).bytes.equals(PNG),
      ).toBe(true);
      expect(await localUploads(dataDir)).toEqual([]);
    } finally {
      await restarted.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with the store down: a clear 503, no row and no order written, readiness degraded; back up, all works again', async () => {
    const client = await createAccount(server, 'client');
    await s3.stop();
    try {
      const refused = await request('/api/v1/user/project/request', {
        body: requestForm(),
        token: client.access,
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        status: 'failed',
        code: 'unavailable',
        message: STORAGE_UNAVAILABLE_MESSAGE,
      });
      expect(await filesOf(client.id)).toEqual([]);
      const orders = await server.database.db
        .select()
        .from(projectOrders)
        .where(eq(projectOrders.clientId, client.id));
      expect(orders).toEqual([]);
      // Downloads of stored files say the same, rather than sending half a file.
      const down = await request(`/api/v1/files/${uploaded.proposal}`, { token: uploaded.client.access });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
      const ready = await eventually(async () => {
        const report = await request<{ status: string; degraded: string[] }>('/readyz');
        return report.body.degraded?.includes('storage') ? report : undefined;
      });
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('degraded');
      expect(await readdir(path.join(server.deps.config.DATA_DIR, 'uploads', '.tmp'))).toEqual([]);
    } finally {
      await s3.start();
    }
    // The same upload, retried, goes through once the store is back.
    const retried = await request<{ orderID: string }>('/api/v1/user/project/request', {
      body: requestForm(),
      token: client.access,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await filesOf(client.id)).toHaveLength(1);
    await eventually(async () => {
      const report = await request<{ status: string }>('/readyz');
      return report.body.status === 'ok';
    });
  });

  it('with a store that accepts and never answers: the 503 after STORAGE_TIMEOUT_MS, no row', async () => {
    const hung = await startHungStore();
    const url = `s3://hung-bucket?endpoint=${encodeURIComponent(hung.endpoint)}&forcePathStyle=true`;
    const hungServer = await startTestServer({ env: { STORAGE_URL: url, STORAGE_TIMEOUT_MS: '500' } });
    try {
      const client = await createAccount(hungServer, 'client');
      const refused = await httpClient(hungServer.baseUrl)('/api/v1/user/project/request', {
        body: requestForm(),
        token: client.access,
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
      const rows = await hungServer.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.ownerId, client.id));
      expect(rows).toEqual([]);
    } finally {
      await hungServer.close();
      await hung.close();
    }
  });
});

function location() {
  const parsed = parseStorageUrl(s3.storageUrl);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}
