import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { defaultServerConditions, type Plugin, runnerImport } from 'vite';
import { WEB_ROUTE_MANIFEST, type WebRouteManifest } from '../../packages/contract/src/web-routes.ts';
import { routePatterns } from './src/route-patterns.ts';

/**
 * Writes dist/route-patterns.json after `vite build`: the URL patterns of the client router, read
 * from the route tree itself (src/routes.tsx, loaded through Vite's module runner), so the server
 * answers 404 for paths the app has no page for without a second list to keep in step.
 * A route tree that cannot load in Node fails the build rather than shipping a server that would
 * call real pages missing.
 */
export function routeManifestPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'route-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { module } = await runnerImport<{ APP_ROUTES: RouteObject[] }>(
        path.join(root, 'src/routes.tsx'),
        {
          root,
          configFile: false,
          logLevel: 'warn',
          resolve: { conditions: ['source', ...defaultServerConditions] },
        },
      );
      const manifest: WebRouteManifest = { patterns: routePatterns(module.APP_ROUTES) };
      await writeFile(path.join(outDir, WEB_ROUTE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      this.info?.(`route manifest: ${manifest.patterns.length} patterns`);
    },
  };
}
