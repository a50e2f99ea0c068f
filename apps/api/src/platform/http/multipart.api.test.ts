import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { registerErrorHandling } from './error-handler.js';
import { readMultipart } from './multipart.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let app: FastifyInstance;
let base: string;

// A small app with one upload route over the real storage of a test server.
beforeAll(async () => {
  server = await startTestServer();
  app = Fastify();
  registerErrorHandling(app);
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 } });
  app.post('/upload', async (request) => {
    const result = await readMultipart(request, server.deps.storage, {
      ownerId: null,
      files: {
        image: {
          purpose: 'test',
          maxCount: 2,
          rules: { label: 'Image', maxBytes: 1024, allowedTypes: ['image/png'] },
        },
      },
      match: (name) => (/^image-\d+$/.test(name) ? 'image' : undefined),
    });
    return { fields: result.fields, images: result.files.image?.map((file) => file.mimeType) ?? [] };
  });
  app.post('/upload-names', async (request) => {
    const result = await readMultipart(request, server.deps.storage, {
      ownerId: null,
      files: {
        file: {
          purpose: 'test',
          maxCount: 1,
          rules: { label: 'File', maxBytes: 1024, allowedTypes: ['image/png'] },
        },
      },
    });
    return { names: result.files.file?.map((file) => file.originalName) ?? [] };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

const form = (entries: Array<[string, string | Blob]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value, ...(value instanceof Blob ? ['x.png'] : []));
  return data;
};
const post = (body: FormData) => fetch(`${base}/upload`, { method: 'POST', body });

describe('readMultipart', () => {
  it('collects fields (repeated ones as arrays) and stores files, patterned names included', async () => {
    const response = await post(
      form([
        ['name', 'Villa'],
        ['tag', 'a'],
        ['tag', 'b'],
        ['image-1', new Blob([PNG])],
        ['image-2', new Blob([PNG])],
      ]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      fields: { name: 'Villa', tag: ['a', 'b'] },
      images: ['image/png', 'image/png'],
    });
  });

  it('refuses too many files, an unknown file field and a wrong type, and keeps nothing', async () => {
    const tooMany = await post(
      form([
        ['image-1', new Blob([PNG])],
        ['image-2', new Blob([PNG])],
        ['image-3', new Blob([PNG])],
      ]),
    );
    expect(tooMany.status).toBe(400);
    const unknown = await post(
      form([
        ['image-1', new Blob([PNG])],
        ['virus', new Blob([PNG])],
      ]),
    );
    expect(unknown.status).toBe(400);
    const wrongType = await post(form([['image-1', new Blob(['<svg/>'])]]));
    expect(wrongType.status).toBe(415);
    const rows = await server.database.pglite?.query<{ n: number }>(
      'select count(*)::int as n from stored_files',
    );
    if (rows) expect(rows.rows[0]?.n).toBe(2);
  });

  it('refuses a JSON body with 415', async () => {
    const response = await fetch(`${base}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(415);
  });
});

describe('readMultipart and broken or hostile bodies', () => {
  const raw = (body: string | Buffer, contentType = 'multipart/form-data; boundary=b0undary') =>
    fetch(`${base}/upload-names`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const head = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';

  it('answers 400, not 500, when the body cannot be parsed', async () => {
    for (const [body, type] of [
      ['garbage', 'multipart/form-data'],
      ['no parts at all', undefined],
      ['--b0undary\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue', undefined],
      [Buffer.concat([Buffer.from(head), PNG.subarray(0, 20)]), undefined],
    ] as const) {
      const response = await raw(body, type);
      expect(response.status, String(body).slice(0, 40)).toBe(400);
      expect(await response.json()).toMatchObject({ status: 'failed' });
    }
  });

  it('refuses control characters in a text field, naming it', async () => {
    const response = await post(form([['title', 'Villa\u0007']]));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'title' });
  });

  it('keeps a file name without its bidi override', async () => {
    const data = new FormData();
    data.append('file', new Blob([PNG]), 'invoice\u202egnp.png');
    const response = await fetch(`${base}/upload-names`, { method: 'POST', body: data });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ names: ['invoicegnp.png'] });
  });
});
