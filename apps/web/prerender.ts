import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Plugin } from 'vite';
import { WEB_NOT_FOUND_PAGE } from '../../packages/contract/src/web-routes.ts';

/**
 * Prerenders the public pages after `vite build` (issue 7): each page is opened in Debian's Chromium
 * against the fresh build and its DOM is saved as dist/<route>/index.html ('/' as prerendered.html,
 * since index.html stays the SPA shell). The API serves those files with its brand written over the
 * __TOKENS__ (apps/api/src/web-html.ts), so crawlers and visitors without JavaScript get the content.
 * A path no route matches is saved as dist/404.html, which the server sends with its 404s.
 * Without Chromium, or with PRERENDER=false, the build is still complete, as a plain SPA.
 */
export function prerenderPlugin(options: { pages: readonly string[]; chromium?: string }): Plugin {
  const executablePath = options.chromium ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
  let outDir = '';
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (process.env.PRERENDER === 'false') return;
      if (!existsSync(executablePath)) {
        this.warn(`prerender skipped: no Chromium at ${executablePath} (set CHROME_PATH)`);
        return;
      }
      const started = Date.now();
      await prerender(outDir, options.pages, executablePath);
      this.info?.(`prerendered ${options.pages.length} pages in ${Date.now() - started} ms`);
    },
  };
}

/** Any path the client router has no page for renders the not-found page. */
const NOT_FOUND_PROBE = '/__not-found__';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.html': 'text/html',
};

/** A static server over the build with the API's SPA fallback and a brand of tokens. */
function serveBuild(outDir: string): Promise<Server> {
  const shell = readFile(path.join(outDir, 'index.html'));
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (pathname === '/api/v1/site/config') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ status: 'ok', brandName: '__BRAND_NAME__', contactEmail: '__CONTACT_EMAIL__' }),
      );
      return;
    }
    if (pathname.startsWith('/api/')) {
      response.statusCode = 404;
      response.end('{"status":"failed","message":"prerender"}');
      return;
    }
    const file = path.join(outDir, path.normalize(pathname));
    if (file.startsWith(outDir) && path.extname(file) && existsSync(file)) {
      response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      response.end(await readFile(file));
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end(await shell);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function prerender(outDir: string, pages: readonly string[], executablePath: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const server = await serveBuild(outDir);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // PageMeta writes absolute URLs with the __PUBLIC_URL__ token the server replaces.
    await context.addInitScript(() => {
      (window as unknown as { __PRERENDER__: boolean }).__PRERENDER__ = true;
    });
    const origin = `http://127.0.0.1:${port}`;
    const renderOne = async (route: string) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      if (errors.length > 0) throw new Error(`prerender ${route}: ${errors.join('; ')}`);
      // Preload links the router added carry this server's origin; the page must use its own.
      const dom = await page.evaluate(() => {
        // Dialogs and toasts are portals outside #root that React would not clean up on start (it
        // renders into #root only), so only the app root and the scripts are kept.
        for (const element of [...document.body.children]) {
          if (element.id !== 'root' && element.tagName !== 'SCRIPT') element.remove();
        }
        document.body.removeAttribute('class');
        document.body.removeAttribute('style');
        return document.documentElement.outerHTML;
      });
      const html = `<!doctype html>\n${dom.replaceAll(origin, '')}`;
      const target =
        route === '/'
          ? path.join(outDir, 'prerendered.html')
          : route === NOT_FOUND_PROBE
            ? path.join(outDir, WEB_NOT_FOUND_PAGE)
            : path.join(outDir, route, 'index.html');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, html);
      await page.close();
    };
    // Three at a time: the machine has 2 cores, and each page mostly waits for the network to settle.
    const queue = [...pages, NOT_FOUND_PROBE];
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await renderOne(route);
      }),
    );
  } finally {
    await browser.close();
    server.close();
  }
}
