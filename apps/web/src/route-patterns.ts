import type { RouteObject } from 'react-router';

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

const tidy = (pattern: string) => (pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern);

/**
 * The URL patterns a route tree matches, with nested paths joined ("/company/admin",
 * "/products/:id"), as React Router matches them: every route with a path, and index routes at
 * their parent's path; pathless layout routes add nothing of their own. A bare "*" route is the
 * not-found page, so it is left out: the server answers 404 for what only it would match.
 */
export function routePatterns(routes: readonly RouteObject[], parent = '/'): string[] {
  const patterns = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const here = route.path === undefined ? parent : join(parent, route.path);
    if (route.index || route.path !== undefined) patterns.add(tidy(here));
    for (const child of routePatterns(route.children ?? [], here)) patterns.add(child);
  }
  return [...patterns].sort();
}
