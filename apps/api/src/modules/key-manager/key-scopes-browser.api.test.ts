import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_MANAGER_PATHS as P, PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE } from '@app/contract';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './key-manager-kit.test.js';

// Decision 020, end to end: a page on another origin, in a real browser (the system Chromium, as the
// e2e suite uses), activates a device with a publishable key and fails to delete the key with it.
// The browser enforces CORS (preflight included), which an HTTP client alone does not.

let server: TestServer;
let page: Server;
let pageOrigin = '';
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>shop</title>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // `localhost` here, `127.0.0.1` for the API: another host and port, so another origin.
  pageOrigin = `http://localhost:${(page.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => page?.close(resolve));
  await server?.close();
});

interface PageReply {
  status: number;
  body: { status: string; message?: string; currentActivations?: number };
  remaining: string | null;
}

describe('a page on another origin', () => {
  it('activates a device with a publishable key and cannot delete the key', async () => {
    const dev = await newDeveloper(server);
    const licence = (await dev.addKey(2)).key;
    const publishable = await dev.apiKey('publishable');
    const tab = await browser.newPage();
    try {
      await tab.goto(pageOrigin);
      const call = (path: string, body: object) =>
        tab.evaluate(
          async ({ url, key, body }) => {
            const response = await fetch(url, {
              method: 'POST',
              headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            });
            return {
              status: response.status,
              body: await response.json(),
              remaining: response.headers.get('X-RateLimit-Remaining'),
            };
          },
          { url: `${server.baseUrl}${path}`, key: publishable, body },
        ) as Promise<PageReply>;

      const activated = await call(P.activateKey, { key: licence, fingerprint: 'browser-1' });
      expect(activated).toMatchObject({ status: 200, body: { status: 'ok', currentActivations: 1 } });
      expect(Number(activated.remaining)).toBeGreaterThan(0);
      const refused = await call(P.deleteKey, { key: licence });
      expect(refused).toEqual({
        status: 403,
        body: {
          status: 'failed',
          code: 'publishable_key_not_allowed',
          message: PUBLISHABLE_KEY_NOT_ALLOWED_MESSAGE,
        },
        remaining: expect.any(String),
      });
      const info = await call(P.getKeyInformation, { key: licence });
      expect(info.body).toMatchObject({ status: 'ok', currentActivations: 1 });
    } finally {
      await tab.close();
    }
  });

  it('cannot call the dashboard routes (same-origin only)', async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(pageOrigin);
      const outcome = await tab.evaluate(async (url) => {
        try {
          await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
          return 'read';
        } catch {
          return 'blocked';
        }
      }, `${server.baseUrl}${P.getApiKeys}`);
      expect(outcome).toBe('blocked');
    } finally {
      await tab.close();
    }
  });
});
