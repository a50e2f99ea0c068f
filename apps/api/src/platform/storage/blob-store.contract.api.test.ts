import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHungStore, startTestS3, type TestS3 } from '../../test/s3-server.js';
import { AppError } from '../http/errors.js';
import { type BlobStore, STORAGE_UNAVAILABLE_MESSAGE, type StagedFile } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { parseStorageUrl, type S3Location } from './storage-url.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function location(storageUrl: string): S3Location {
  const parsed = parseStorageUrl(storageUrl);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

let work: string;
let s3: TestS3;
let counter = 0;

async function staged(bytes: Buffer): Promise<StagedFile> {
  counter += 1;
  const file = path.join(work, `staged-${counter}`);
  await writeFile(file, bytes);
  return { path: file, size: bytes.length, contentType: 'application/octet-stream' };
}

const newKey = () => randomBytes(16).toString('hex');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'blob-contract-'));
  s3 = await startTestS3();
});

afterAll(async () => {
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

// One contract, every driver (decision 039): what storage.ts relies on.
describe.each([
  { name: 'local disk', open: (): BlobStore => createLocalBlobStore(path.join(work, 'uploads')) },
  {
    name: 's3 (s3rver)',
    open: (): BlobStore =>
      createS3BlobStore({ location: location(s3.storageUrl), timeoutMs: 5_000, attempts: 2 }),
  },
])('blob store contract: $name', ({ open }) => {
  it('puts and gets the same bytes, streamed, and leaves the staged file in place', async () => {
    const store = open();
    const key = newKey();
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = await staged(bytes);
    await store.put(key, file);
    expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
    expect((await readAll(await store.get(key))).length).toBe(bytes.length);
    await expect(import('node:fs/promises').then((fs) => fs.stat(file.path))).resolves.toBeTruthy();
  });

  it('tells whether a key exists', async () => {
    const store = open();
    const key = newKey();
    expect(await store.exists(key)).toBe(false);
    await store.put(key, await staged(Buffer.from('hello')));
    expect(await store.exists(key)).toBe(true);
  });

  it('a repeated put of a key is harmless and keeps the last bytes', async () => {
    const store = open();
    const key = newKey();
    await store.put(key, await staged(Buffer.from('first')));
    await store.put(key, await staged(Buffer.from('first')));
    expect((await readAll(await store.get(key))).toString()).toBe('first');
    await store.put(key, await staged(Buffer.from('second')));
    expect((await readAll(await store.get(key))).toString()).toBe('second');
  });

  it('deletes a key; deleting a missing key is not an error', async () => {
    const store = open();
    const key = newKey();
    await store.put(key, await staged(Buffer.from('bye')));
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('a missing key reads as the 404 "File not found"', async () => {
    const store = open();
    const error = await store.get(newKey()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 404, message: 'File not found' });
  });

  it('answers its readiness ping', async () => {
    await expect(open().ping()).resolves.toBeUndefined();
  });
});

describe('s3 store that is down or hung', () => {
  it('a stopped store refuses every operation with the 503 "unavailable", and works again once back', async () => {
    const own = await startTestS3('down-test');
    const store = createS3BlobStore({ location: location(own.storageUrl), timeoutMs: 5_000, attempts: 2 });
    const key = newKey();
    await store.put(key, await staged(Buffer.from('kept')));
    await own.stop();
    try {
      for (const operation of [
        () => store.put(newKey(), { path: path.join(work, 'staged-1'), size: 1, contentType: 'text/plain' }),
        () => store.get(key),
        () => store.exists(key),
        () => store.delete(key),
        () => store.ping(),
      ]) {
        const error = await operation().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({
          statusCode: 503,
          code: 'unavailable',
          message: STORAGE_UNAVAILABLE_MESSAGE,
        });
      }
    } finally {
      await own.start();
    }
    expect((await readAll(await store.get(key))).toString()).toBe('kept');
    await own.close();
  });

  it('a store that accepts and never answers gives the 503 after the timeout, not a hang', async () => {
    const hung = await startHungStore();
    const store = createS3BlobStore({
      location: { bucket: 'hung', region: 'us-east-1', endpoint: hung.endpoint, forcePathStyle: true },
      timeoutMs: 300,
      attempts: 2,
    });
    try {
      for (const operation of [
        () => store.put(newKey(), { path: path.join(work, 'staged-1'), size: 1, contentType: 'text/plain' }),
        () => store.get(newKey()),
        () => store.ping(),
      ]) {
        const error = await operation().catch((caught: unknown) => caught);
        expect(error).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE_MESSAGE });
      }
    } finally {
      await hung.close();
    }
  });
});
