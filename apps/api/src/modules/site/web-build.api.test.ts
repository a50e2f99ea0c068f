import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const webRoot = path.join(repoRoot, 'apps/web');

/**
 * Decision 027: the real web build, on a machine without a browser, renders the
 * public pages itself (React's server renderer). No Chromium is reachable: CHROME_PATH and the
 * Playwright browser path point nowhere and PATH is empty (Node is started by its absolute path).
 * The server then serves that build; a plain HTTP fetch (no JavaScript) must get each page's text.
 */
let server: TestServer;
let webDist: string;
let buildLog = '';
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'web-build-'));
  const { stdout, stderr } = await run(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: webRoot,
      env: {
        HOME: process.env.HOME ?? tmpdir(),
        PATH: '',
        CHROME_PATH: '/nonexistent/chromium',
        PLAYWRIGHT_BROWSERS_PATH: '/nonexistent',
        NODE_ENV: 'production',
      },
      maxBuffer: 32 * 1024 * 1024,
    },
  );
  buildLog = `${stdout}\n${stderr}`;
  server = await startTestServer({
    env: { WEB_DIST: webDist, BRAND_NAME: 'Harbour Software', PUBLIC_URL: 'https://harbour.example' },
  });
}, 300_000);
afterAll(async () => {
  await server?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

/** The text a crawler reads: the page without its tags, scripts and styles. */
function text(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

const get = (pathname: string) => fetch(`${server.baseUrl}${pathname}`);

describe('the web build without a browser', () => {
  it('renders the public pages itself', async () => {
    expect(buildLog).toMatch(/rendered \d+ pages/);
    const files = await readdir(webDist, { recursive: true });
    for (const file of ['prerendered.html', '404.html', 'about/index.html', 'products/index.html']) {
      expect(files).toContain(file);
    }
  });

  it.each([
    ['/', 'Software that fits the way your business works', 'We design, build and look after web, desktop'],
    ['/about', 'About us', 'Alex spent ten years writing software'],
    ['/products', 'Products', 'Real-estate CRM and property management'],
  ])('%s has its heading and copy in the first HTML response', async (pathname, heading, copy) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}`));
    const words = text(html);
    expect(words).toContain(copy);
    expect(words.split(' ').length).toBeGreaterThan(150);
    // The server's brand and address are written over the build's tokens.
    expect(words).toContain('Harbour Software');
    expect(html).toContain(
      `<link rel="canonical" href="https://harbour.example${pathname === '/' ? '/' : pathname}">`,
    );
    expect(html).not.toMatch(/__(BRAND_NAME|PUBLIC_URL|CONTACT_EMAIL)__/);
  });

  it('answers an unknown route with 404 and the rendered not-found page', async () => {
    const response = await get('/no-such-page/anywhere');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(text(html)).toContain('Back to the home page');
  });
});
