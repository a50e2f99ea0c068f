import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebRoutes } from './web-routes.js';

describe('WebRoutes', () => {
  const routes = new WebRoutes([
    '/',
    '/about',
    '/company/admin',
    '/products/:id',
    '/docs/:lang?/intro',
    '/files/*',
  ]);

  it('knows static paths, ignoring case and a trailing slash', () => {
    for (const known of ['/', '/about', '/about/', '/About', '/company/admin', '/company/admin/'])
      expect(routes.has(known), known).toBe(true);
    for (const unknown of ['/abou', '/about/more', '/company', '/company/admin/x', '/nope'])
      expect(routes.has(unknown), unknown).toBe(false);
  });

  it('matches dynamic segments, optional segments and splats', () => {
    expect(routes.has('/products/42')).toBe(true);
    expect(routes.has('/products/caf%C3%A9')).toBe(true);
    expect(routes.has('/products')).toBe(false);
    expect(routes.has('/products/42/reviews')).toBe(false);
    expect(routes.has('/docs/intro')).toBe(true);
    expect(routes.has('/docs/en/intro')).toBe(true);
    expect(routes.has('/docs/en/fr/intro')).toBe(false);
    expect(routes.has('/files')).toBe(true);
    expect(routes.has('/files/a/b/c.txt')).toBe(true);
  });

  it('treats an undecodable path as unknown', () => {
    expect(routes.has('/products/%E0%A4%A')).toBe(false);
  });

  it('loads the build manifest, none when absent, and refuses a malformed one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'web-routes-'));
    try {
      expect(WebRoutes.load(dir)).toBeNull();
      await writeFile(path.join(dir, 'route-patterns.json'), JSON.stringify({ patterns: ['/', '/about'] }));
      expect(WebRoutes.load(dir)?.has('/about')).toBe(true);
      await writeFile(path.join(dir, 'route-patterns.json'), JSON.stringify({ patterns: [1] }));
      expect(() => WebRoutes.load(dir)).toThrow(/patterns/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
