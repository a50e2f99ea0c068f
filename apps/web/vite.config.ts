import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
// From source: the config is loaded by Node, where @app/contract would mean its (maybe stale) dist.
import { PUBLIC_PAGES } from '../../packages/contract/src/public-pages.ts';
import { compressAssetsPlugin } from './compress-assets.ts';
import { prerenderPlugin } from './prerender.ts';
import { routeManifestPlugin } from './route-manifest.ts';

// 'source' first so @app/contract resolves to its TypeScript source, not a built dist.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), prerenderPlugin({ pages: PUBLIC_PAGES }), routeManifestPlugin(), compressAssetsPlugin()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill (~0.2 kB gzip of every first load): the browsers that lack
    // <link rel="modulepreload"> (Safari before 17, Firefox before 115) still load every chunk, only
    // without fetching a route's chunks ahead of their imports.
    modulePreload: {
      polyfill: false,
      // A lazy page's preload list leaves out the chunks the entry itself imports, loaded before any
      // lazy import runs (the runtime, React, the session): the route table, part of the first
      // JavaScript of every page, carries one list per lazy page (decision 009). The 8 characters are
      // the content hash, so `react-examples-….js` is not taken for React.
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/(^|\/)(rolldown-runtime|react|session)-[\w-]{8}\.js$/.test(dep)),
    },
    // React and the router change less often than app code, so they get a long-cached chunk of their
    // own. Other libraries follow the routes that use them: one catch-all vendor chunk put the forms
    // and zod code of signed-in screens into every public page (decision 009: initial JS <= 121 kB gzip).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
