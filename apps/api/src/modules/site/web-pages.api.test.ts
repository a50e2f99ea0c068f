import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

const SHELL = `<!doctype html><html><head><meta name="application-name" content="__BRAND_NAME__">
<script type="application/ld+json">__ORGANIZATION_JSON_LD__</script></head><body><div id="root"></div></body></html>`;

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), SHELL);
  await writeFile(
    path.join(webDist, 'prerendered.html'),
    SHELL.replace('<div id="root">', '<div id="root"><h1>Home</h1>'),
  );
  await mkdir(path.join(webDist, 'about'));
  await writeFile(
    path.join(webDist, 'about', 'index.html'),
    SHELL.replace('<div id="root">', '<div id="root"><h1>About us</h1>'),
  );
  await writeFile(
    path.join(webDist, '404.html'),
    SHELL.replace('<div id="root">', '<div id="root"><h1>Page not found</h1>'),
  );
  // What the web build writes from its router (apps/web/route-manifest.ts).
  await writeFile(
    path.join(webDist, 'route-patterns.json'),
    JSON.stringify({ patterns: ['/', '/about', '/profile', '/company/admin', '/products/:id'] }),
  );
  server = await startTestServer({
    env: { WEB_DIST: webDist, BRAND_NAME: 'Acme & <Co>', PUBLIC_URL: 'https://acme.example' },
  });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${server.baseUrl}${pathname}`);

describe('prerendered pages and SEO files', () => {
  it('serves a prerendered page with the content in the first HTML response', async () => {
    for (const pathname of ['/about', '/about/']) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<h1>About us</h1>');
      expect(html).toContain('content="Acme &amp; &lt;Co&gt;"');
    }
    expect(await (await get('/')).text()).toContain('<h1>Home</h1>');
  });

  it('writes organisation JSON-LD founded 2024 with the configured brand', async () => {
    const html = await (await get('/about')).text();
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
    expect(json).not.toContain('<Co>');
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'Organization',
      name: 'Acme & <Co>',
      foundingDate: '2024',
      url: 'https://acme.example',
    });
  });

  it("answers the SPA shell with 200 for the client router's other pages, dynamic segments included", async () => {
    for (const pathname of [
      '/profile',
      '/profile/',
      '/company/admin',
      '/products/42',
      '/products/42?tab=plans',
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('answers unknown paths with 404 and the not-found page, never a file outside the build', async () => {
    for (const pathname of [
      '/this-page-does-not-exist',
      '/about/more',
      '/products',
      '/..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).toContain('content="Acme &amp; &lt;Co&gt;"');
    }
    const compressed = await fetch(`${server.baseUrl}/nowhere`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.status).toBe(404);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toContain('<h1>Page not found</h1>');
    expect((await fetch(`${server.baseUrl}/nowhere`, { method: 'HEAD' })).status).toBe(404);
    const api = await get('/api/v1/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'failed' });
  });

  it('publishes sitemap.xml with absolute URLs of the public pages and robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>https://acme.example/</loc>');
    expect(xml).toContain('<loc>https://acme.example/refund-policy</loc>');
    expect(xml).not.toContain('/profile');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://acme.example/sitemap.xml');
    expect(robots).toContain('Disallow: /company/');
  });
});

describe('compression', () => {
  it('sends pages brotli or gzip compressed as the client accepts', async () => {
    const br = await fetch(`${server.baseUrl}/about`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('<h1>About us</h1>');
    const gz = await fetch(`${server.baseUrl}/about`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('<h1>About us</h1>');
    const plain = await fetch(`${server.baseUrl}/about`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
