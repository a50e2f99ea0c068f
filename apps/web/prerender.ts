import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, defaultServerConditions, type Plugin } from 'vite';
import { WEB_NOT_FOUND_PAGE } from '../../packages/contract/src/web-routes.ts';
import type { RenderedPage } from './src/entry-server.tsx';
import type { ServerHead } from './src/lib/ssr/server-head.ts';

/**
 * Renders the public pages after `vite build` with React's own server renderer (decision 027):
 * src/entry-server.tsx is loaded through Vite's module runner (no second bundle, no browser) and each
 * page's markup is written into the built shell as dist/<route>/index.html ('/' as prerendered.html,
 * since index.html stays the empty shell for every other path), with its title, description,
 * canonical and Open Graph tags. A path no route matches is written as dist/404.html, which the
 * server sends with its 404s. The API serves these files with its brand written over the __TOKENS__
 * (apps/api/src/web-html.ts), and the browser hydrates them (src/main.tsx). The same sources give
 * the same HTML on every machine; a page that fails to render fails the build.
 */
export function prerenderPlugin(options: { pages: readonly string[] }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      // A module runner that stays open while pages render: their routes and components load lazily.
      const vite = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
        resolve: { conditions: ['source', ...defaultServerConditions] },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
      });
      try {
        const module = (await vite.ssrLoadModule(path.join(root, 'src/entry-server.tsx'))) as {
          renderPage: (url: string) => Promise<RenderedPage>;
        };
        await writePages(module.renderPage);
      } finally {
        await vite.close();
      }
      this.info?.(`rendered ${options.pages.length + 1} pages in ${Date.now() - started} ms`);
    },
  };

  async function writePages(renderPage: (url: string) => Promise<RenderedPage>): Promise<void> {
    const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
    for (const route of [...options.pages, NOT_FOUND_PROBE]) {
      const page = await renderPage(route);
      const notFound = route === NOT_FOUND_PROBE;
      const target = notFound
        ? path.join(outDir, WEB_NOT_FOUND_PAGE)
        : route === '/'
          ? path.join(outDir, 'prerendered.html')
          : path.join(outDir, route, 'index.html');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, pageHtml(shell, page, notFound ? null : route));
    }
  }
}

/** Any path the client router has no page for renders the not-found page. */
const NOT_FOUND_PROBE = '/__not-found__';

/** The server writes its PUBLIC_URL over this token (apps/api/src/web-html.ts). */
const ORIGIN = '__PUBLIC_URL__';

const ROOT = '<div id="root"></div>';

/** The built shell with the page's markup in #root and its head tags; `route` null for the 404 page. */
export function pageHtml(shell: string, page: RenderedPage, route: string | null): string {
  if (!shell.includes(ROOT)) throw new Error(`index.html must contain ${ROOT}`);
  // React puts resource hints (an image preload) ahead of a partial document's markup; they belong
  // in <head>, not in #root, where hydration would meet them.
  const hints = page.html.match(/^(<link [^>]*>)+/)?.[0] ?? '';
  const markup = page.html.slice(hints.length);
  let html = shell.replace(ROOT, () => `<div id="root">${markup}</div>`);
  const { title, description } = page.head;
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description) {
    html = html.replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  const tags = [...hints.split(/(?=<link )/).filter(Boolean), ...headTags(page.head, route)];
  return html.replace('</head>', () => `${tags.map((tag) => `  ${tag}\n`).join('')}  </head>`);
}

/** Canonical link and Open Graph tags, as PageMeta writes them in the browser. */
function headTags(head: ServerHead, route: string | null): string[] {
  if (route === null || !head.title) return [];
  const url = `${ORIGIN}${head.path ?? route}`;
  const tags: [string, string, string][] = [
    ['property', 'og:title', head.title],
    ...(head.description
      ? ([['property', 'og:description', head.description]] as [string, string, string][])
      : []),
    ['property', 'og:type', 'website'],
    ['property', 'og:url', url],
    ['property', 'og:image', `${ORIGIN}/og-image.jpg`],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
  return [
    ...tags.map(([key, name, content]) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
