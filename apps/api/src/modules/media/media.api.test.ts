import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEFAULT_MEDIA_DIR } from './routes.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const javaSource = readFileSync(
  path.join(repoRoot, 'sdks/java/src/main/java/dev/northwind/keymanager/KeyManager.java'),
  'utf8',
);
const version = /VERSION = "([^"]+)"/.exec(javaSource)?.[1];

let server: TestServer;

beforeAll(async () => {
  // `npm test` builds the jar first; a lone run of this file builds it here.
  if (!existsSync(path.join(DEFAULT_MEDIA_DIR, `key-manager-${version}.pom`))) {
    const built = spawnSync(process.execPath, ['sdks/java/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`Java build failed: ${built.stderr}`);
  }
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('GET /media/*.jar', () => {
  it.each([`key-manager-${version}.jar`, 'key-manager.jar'])(
    'serves %s as an attachment without sign-in',
    async (name) => {
      const response = await fetch(`${server.baseUrl}/media/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/java-archive');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.equals(readFileSync(path.join(DEFAULT_MEDIA_DIR, name)))).toBe(true);
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    },
  );

  it.each([
    [`key-manager-${version}.pom`, 'application/xml'],
    [`key-manager-${version}-sources.jar`, 'application/java-archive'],
    [`key-manager-${version}-javadoc.jar`, 'application/java-archive'],
  ])('serves %s as %s', async (name, type) => {
    const response = await fetch(`${server.baseUrl}/media/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(
      Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(DEFAULT_MEDIA_DIR, name))),
    ).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${server.baseUrl}/media/key-manager.jar`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/java-archive');
  });

  it.each([
    'missing.jar',
    'missing.tgz',
    'key-manager.txt',
    'key-manager.xml',
    '..%2F..%2Fpackage.json',
    '..%2Fmedia%2Fkey-manager.jar',
    '.hidden.jar',
    'KEY-MANAGER.JAR',
  ])('refuses %s with a JSON 404', async (name) => {
    const response = await fetch(`${server.baseUrl}/media/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'failed', code: 'not_found', message: 'File not found' });
  });

  it('refuses an over-long name with a 4xx, never a 500', async () => {
    const response = await fetch(`${server.baseUrl}/media/${'a'.repeat(200)}.jar`);
    // Fastify's router refuses parameters over 100 characters before the route runs (414).
    expect(response.status).toBe(414);
  });
});
