import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { WEB_NOT_FOUND_PAGE } from '@app/contract';
import { type Config, publicUrl } from './config.js';
import { WebRoutes } from './web-routes.js';

export interface WebPage {
  body: string | Buffer;
  encoding?: 'br' | 'gzip';
  /** 404 for a path the web app has no route for (its route manifest), else 200. */
  status: 200 | 404;
}

/**
 * The HTML pages of the built web app with the server's configuration written in. The build (and
 * its prerendered pages, dist/<route>/index.html) carries tokens such as __BRAND_NAME__, so one
 * build serves any BRAND_NAME, CONTACT_EMAIL and PUBLIC_URL.
 */
export class WebHtml {
  private readonly cache = new Map<string, string | null>();
  private readonly replacements: [string, string][];
  /** Null for a build without a route manifest: every path then gets the shell with 200. */
  private readonly routes: WebRoutes | null;

  constructor(
    private readonly webDist: string,
    config: Config,
  ) {
    this.routes = WebRoutes.load(webDist);
    const base = publicUrl(config).replace(/\/$/, '');
    const organization = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: config.BRAND_NAME,
      url: base,
      logo: `${base}/logo.svg`,
      email: config.CONTACT_EMAIL,
      foundingDate: '2024',
      description: 'Custom web, desktop, Android and API software development.',
    };
    this.replacements = [
      // JSON first: inside <script> only "<" needs escaping, and HTML escaping would corrupt the JSON.
      ['__ORGANIZATION_JSON_LD__', JSON.stringify(organization).replaceAll('<', '\\u003c')],
      ['__BRAND_NAME__', escapeHtml(config.BRAND_NAME)],
      ['__CONTACT_EMAIL__', escapeHtml(config.CONTACT_EMAIL)],
      ['__PUBLIC_URL__', escapeHtml(base)],
    ];
  }

  private readonly compressed = new Map<string, Buffer>();

  /** The page compressed as the client accepts (brotli, then gzip), cached per page and encoding. */
  encoded(pathname: string, acceptEncoding: string): WebPage | null {
    const found = this.routes === null || this.routes.has(pathname);
    const status = found ? 200 : 404;
    const page = found ? this.page(pathname) : this.notFoundPage();
    if (page === null) return null;
    const encoding = /\bbr\b/.test(acceptEncoding)
      ? 'br'
      : /\bgzip\b/.test(acceptEncoding)
        ? 'gzip'
        : undefined;
    if (!encoding) return { body: page, status };
    const key = `${encoding}:${status}:${page.length}:${found ? pathname : ''}`;
    let body = this.compressed.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(page) : gzipSync(page);
      // Bounded: one entry per prerendered page and encoding, plus the shell under many paths.
      if (this.compressed.size < 500) this.compressed.set(key, body);
    }
    return { body, encoding, status };
  }

  /** The not-found page as the build rendered it, else the shell (the client router shows it). */
  private notFoundPage(): string | null {
    const file = path.join(this.webDist, WEB_NOT_FOUND_PAGE);
    return this.read(existsSync(file) ? file : path.join(this.webDist, 'index.html'));
  }

  /** The page for a URL path: its prerendered file if the build has one, else the SPA shell. */
  page(pathname: string): string | null {
    const prerendered = this.prerenderedFile(pathname);
    return this.read(prerendered ?? path.join(this.webDist, 'index.html'));
  }

  private prerenderedFile(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const file = path.join(this.webDist, path.normalize(decoded), 'index.html');
    // Only files inside the build, and never the SPA shell by another name.
    if (!file.startsWith(`${this.webDist}${path.sep}`) || file === path.join(this.webDist, 'index.html')) {
      return decoded === '/' ? this.rootPage() : null;
    }
    return existsSync(file) ? file : null;
  }

  /** The prerendered home page is written as prerendered.html, as index.html stays the SPA shell. */
  private rootPage(): string | null {
    const file = path.join(this.webDist, 'prerendered.html');
    return existsSync(file) ? file : null;
  }

  private read(file: string): string | null {
    if (!this.cache.has(file)) {
      const html = existsSync(file) ? readFileSync(file, 'utf8') : null;
      this.cache.set(
        file,
        html && this.replacements.reduce((text, [token, value]) => text.replaceAll(token, value), html),
      );
    }
    return this.cache.get(file) ?? null;
  }
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
