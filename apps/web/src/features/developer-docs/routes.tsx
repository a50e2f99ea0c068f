import type { RouteObject } from 'react-router';

/**
 * Public developer pages (docs/product-contract.md §Routes): the APIs page, the REST docs and the
 * library docs, each lazy.
 */
export const DEVELOPER_DOCS_ROUTES: RouteObject[] = [
  {
    path: 'built-apis',
    lazy: () => import('./pages/apis-page').then((m) => ({ Component: m.ApisPage })),
  },
  {
    path: 'built-apis/doc',
    lazy: () => import('./pages/api-docs-index-page').then((m) => ({ Component: m.ApiDocsIndexPage })),
  },
  {
    path: 'built-apis/doc/key-manager',
    lazy: () =>
      import('./pages/key-manager-api-docs-page').then((m) => ({ Component: m.KeyManagerApiDocsPage })),
  },
  {
    path: 'developer-resources/libraries',
    lazy: () => import('./pages/libraries-page').then((m) => ({ Component: m.LibrariesPage })),
  },
  {
    path: 'developer-resources/libraries/key-manager-lib-documentation',
    lazy: () => import('./pages/library-docs-page').then((m) => ({ Component: m.LibraryDocsPage })),
  },
];
