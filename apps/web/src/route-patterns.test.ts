import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from './route-patterns';
import { APP_ROUTES } from './routes';

describe('routePatterns', () => {
  it('joins nested paths, keeps index routes at their parent and skips layouts and the catch-all', () => {
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { index: true },
          { path: 'about' },
          { children: [{ path: 'profile' }, { path: 'orders/:id' }] },
          { path: 'docs', children: [{ index: true }, { path: 'guides/*' }] },
          { path: '*' },
        ],
      },
      { path: '/company/admin/', children: [{ index: true }] },
    ];
    expect(routePatterns(routes)).toEqual([
      '/',
      '/about',
      '/company/admin',
      '/docs',
      '/docs/guides/*',
      '/orders/:id',
      '/profile',
    ]);
  });

  it("lists the app's own pages, signed-in ones included, but not the not-found page", () => {
    const patterns = routePatterns(APP_ROUTES);
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/profile',
        '/chatroom',
        '/company/admin',
        '/company/admin/login',
      ]),
    );
    expect(patterns).not.toContain('/*');
    expect(patterns.every((pattern) => pattern.startsWith('/'))).toBe(true);
  });
});
