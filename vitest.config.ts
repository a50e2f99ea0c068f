import { defineConfig } from 'vitest/config';

// Resolve workspace packages to their TypeScript source (the "source" export condition).
const conditions = ['source', 'node', 'module', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  // Vitest hands these to Node (--conditions) for the packages Node loads itself. Without "module":
  // with it, Node's require() takes a package's ESM "module" build, and @opentelemetry/api's (which
  // prom-client requires) imports files without extensions, which Node refuses.
  ssr: { resolve: { conditions: conditions.filter((condition) => condition !== 'module') } },
  test: {
    // Each API test file opens its own database copy (~1 s on PGlite); two at a time fit 2 cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          // Files share their worker's module graph instead of re-importing the whole app each
          // (import was 248 of 421 s in CI, and half the pass's CPU). Safe because no API module
          // holds state at module level: every app, database and clock is built by the test file.
          isolate: false,
          include: ['apps/api/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // The AWS SDK's ESM build ("module") imports files without extensions, which Node refuses:
          // Node loads it itself, by its "main" (CommonJS), as the server does.
          server: { deps: { external: [/@aws-sdk\//, /@smithy\//] } },
          testTimeout: 30_000,
          // A test server's start (a database copy, migrations, the job queue) took over 60 s when three
          // CI passes shared two cores; the hook waits for it, it does not time it.
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
