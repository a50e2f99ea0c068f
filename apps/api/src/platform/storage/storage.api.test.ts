import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import type { UploadRules } from './storage.js';

// A 1x1 PNG: real magic bytes, so the type is judged from content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_RULES: UploadRules = {
  maxBytes: 1024,
  allowedTypes: ['image/png', 'image/jpeg'],
  label: 'Image',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const save = (bytes: Buffer, name = 'photo.png', rules = IMAGE_RULES, ownerId: string | null = null) =>
  server.deps.storage.save({
    stream: Readable.from([bytes]),
    originalName: name,
    ownerId,
    purpose: 'test',
    rules,
  });

describe('storage', () => {
  it('stores a file under a generated name and records its sniffed type', async () => {
    const file = await save(PNG, '../../etc/passwd.png');
    expect(file.mimeType).toBe('image/png');
    expect(file.sizeBytes).toBe(PNG.length);
    expect(file.originalName).toBe('passwd.png');
    expect(file.storageKey).toMatch(/^[0-9a-f]{32}$/);
    const uploads = path.join(server.deps.config.DATA_DIR, 'uploads');
    expect(existsSync(path.join(uploads, file.storageKey.slice(0, 2), file.storageKey))).toBe(true);
  });

  it('refuses a file whose content is not an allowed type, whatever its name', async () => {
    await expect(save(Buffer.from('#!/bin/sh\necho hi\n'), 'innocent.png')).rejects.toMatchObject({
      statusCode: 415,
    });
  });

  it('refuses a file over the size limit and leaves nothing behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    await expect(save(big)).rejects.toMatchObject({ statusCode: 413 });
    const tmp = await readdir(path.join(server.deps.config.DATA_DIR, 'uploads', '.tmp'));
    expect(tmp).toEqual([]);
  });

  it('serves a file only to users the policy allows; others get 404', async () => {
    const owner = await createAccount(server, 'client');
    const stranger = await createAccount(server, 'client');
    const admin = await createAccount(server, 'admin');
    const file = await save(PNG, 'mine.png', IMAGE_RULES, owner.id);
    const request = httpClient(server.baseUrl);
    const url = `/api/v1/files/${file.id}`;
    const mine = await fetch(`${server.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await request(url, { token: admin.access })).status).toBe(200);
    expect((await request(url, { token: stranger.access })).status).toBe(404);
    expect((await request(url)).status).toBe(404);
    expect((await request('/api/v1/files/not-a-uuid', { token: owner.access })).status).toBe(404);
  });
});

describe('mail', () => {
  it('records mail in the outbox when no SMTP is configured', async () => {
    await server.deps.mailer.send({ to: 'reader@example.com', subject: 'Hello', text: 'Body' });
    const rows = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'reader@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Hello', transport: 'outbox' });
  });
});
