/**
 * The layer and feature rules of docs/architecture.md, as a check (`npm run check` runs
 * `depcruise` with this file). Each rule says what it keeps apart and why; a breach fails the check.
 * Never silence a rule for a file: move the code to where the rule allows it.
 */
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
/** Test files and test kits may reach into anything they test. */
const TESTS = '\\.(test|spec)\\.(ts|tsx|mjs)$|(^|/)test/|test-kit|test-support';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports has no lowest file to change first: break it by moving what both need below both.',
      from: { pathNot: TESTS },
      to: { circular: true, pathNot: TESTS },
    },
    // ---- API: db < platform < ports and app-deps.ts < modules < composition root (app.ts, create-deps.ts, main.ts)
    {
      name: 'api-db-is-the-bottom',
      severity: 'error',
      comment: 'db/ (schema, client, SQL helpers) knows no mechanism and no feature.',
      from: { path: `${API}db/`, pathNot: TESTS },
      to: { path: `${API}((platform|ports|modules)/|app-deps\\.ts$)` },
    },
    {
      name: 'api-platform-knows-no-feature',
      severity: 'error',
      comment:
        'platform/ holds one of each mechanism for every feature; a feature service it needs comes through AppDeps (app-deps.ts).',
      from: { path: `${API}platform/`, pathNot: TESTS },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-deps-and-ports-know-no-feature',
      severity: 'error',
      comment:
        "AppDeps (app-deps.ts) and ports/ sit below the modules: a port lists what features call of another in db/ and contract types, never a module's file; a feature's whole service reaches it through modules/index.ts (FeatureWiring).",
      from: { path: `${API}(app-deps\\.ts$|ports/)`, pathNot: TESTS },
      to: { path: `${API}(modules/|(app|main|create-deps)\\.ts$)` },
    },
    {
      name: 'api-modules-meet-at-their-front-doors',
      severity: 'error',
      comment:
        "A module uses another only through its port on AppDeps or that module's index.ts, never its internals.",
      from: { path: `${API}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${API}modules/([^/]+)/`,
        pathNot: [`${API}modules/$1/`, `${API}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'api-below-the-root',
      severity: 'error',
      comment: 'Only the composition root (app.ts, main.ts, create-deps.ts) wires the app together.',
      from: { path: `${API}(db|platform|modules)/`, pathNot: TESTS },
      to: { path: `${API}(app|main|create-deps)\\.ts$` },
    },
    // ---- Web: lib and components < features < app (the composition root) and the route tree
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment:
        "A web feature never imports another: a page that shows another feature's panels takes them as props, composed in app/pages.",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/([^/]+)/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-features-below-the-app',
      severity: 'error',
      comment:
        'Features use components/, lib/ and the contract; app/ (the shell and composition root) is above them.',
      from: { path: `${WEB}features/`, pathNot: TESTS },
      to: { path: `${WEB}(app/|routes\\.tsx|router\\.tsx|main\\.tsx)` },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ serve every feature, so they import none of them and nothing of app/.',
      from: { path: `${WEB}(components|lib)/`, pathNot: TESTS },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
