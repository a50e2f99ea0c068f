import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { PDF, PNG } from '../../test/project-fixtures.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { migrateBlobs } from './migrate-blobs.js';
import { uploadsDirOf } from './open-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { parseStorageUrl } from './storage-url.js';

let server: TestServer;
let s3: TestS3;
let work: string;

beforeAll(async () => {
  // Its own database: the migration walks every row, and the counts below are of this server's files.
  server = await startTestServer({ isolatedDatabase: true });
  s3 = await startTestS3('migrate-test');
  work = await mkdtemp(path.join(tmpdir(), 'migrate-'));
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

const bucket = () => {
  const location = parseStorageUrl(s3.storageUrl);
  if (typeof location === 'string') throw new Error(location);
  return createS3BlobStore({ location, timeoutMs: 3000, attempts: 2 });
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('storage:migrate (migrateBlobs)', () => {
  it('copies every local file into the bucket and back, skips what is there on a second run, and reports missing bytes', async () => {
    const save = (bytes: Buffer, name: string, types: string[]) =>
      server.deps.storage.save({
        stream: Readable.from([bytes]),
        originalName: name,
        ownerId: null,
        purpose: 'test',
        rules: { maxBytes: 1 << 20, allowedTypes: types, label: 'File' },
      });
    const pdf = await save(PDF, 'a.pdf', ['application/pdf']);
    const png = await save(PNG, 'b.png', ['image/png']);
    const gone = await save(PNG, 'gone.png', ['image/png']);
    const local = createLocalBlobStore(uploadsDirOf(server.deps.config));
    await local.delete(gone.storageKey);
    const total = (await server.database.db.select({ key: storedFiles.storageKey }).from(storedFiles)).length;
    const target = bucket();
    const stagingDir = path.join(work, 'staging');

    const first = await migrateBlobs({ db: server.database.db, from: local, to: target, stagingDir });
    expect(first).toEqual({ copied: total - 1, alreadyThere: 0, missing: 1 });
    expect((await readAll(await target.get(pdf.storageKey))).equals(PDF)).toBe(true);
    expect((await readAll(await target.get(png.storageKey))).equals(PNG)).toBe(true);

    // Resumable: a second run (or one after an interruption) copies only what is not there yet.
    const again = await migrateBlobs({ db: server.database.db, from: local, to: target, stagingDir });
    expect(again).toEqual({ copied: 0, alreadyThere: total - 1, missing: 1 });

    // And back, to an empty disk.
    const back = createLocalBlobStore(path.join(work, 'uploads-back'));
    const returned = await migrateBlobs({ db: server.database.db, from: target, to: back, stagingDir });
    expect(returned).toEqual({ copied: total - 1, alreadyThere: 0, missing: 1 });
    expect((await readAll(await back.get(pdf.storageKey))).equals(PDF)).toBe(true);
    target.destroy();
  });
});
