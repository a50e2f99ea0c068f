/**
 * The client router's URL patterns ("/about", "/products/:id", "/docs/*"), which the web build
 * writes into its output (apps/web/route-manifest.ts) so the server answers 404 for any other path
 * (apps/api/src/web-routes.ts). No imports, so the web build config can read it from source.
 */
export const WEB_ROUTE_MANIFEST = 'route-patterns.json';

export interface WebRouteManifest {
  patterns: string[];
}

/** The not-found page as static HTML, when the build could render it; served with the 404. */
export const WEB_NOT_FOUND_PAGE = '404.html';
