import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The boundary rules `npm run check` enforces (.dependency-cruiser.cjs), run on a small tree with one
// breach of each rule and one allowed import of each kind: every breach is caught, nothing else.

const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: { name: string }[];
};

const FILES: Record<string, string> = {
  // A circle between two platform files.
  'apps/api/src/platform/a.ts': "import { b } from './b';\nexport const a = () => b;",
  'apps/api/src/platform/b.ts': "import { a } from './a';\nexport const b = () => a;",
  // db reaching up into platform.
  'apps/api/src/db/d.ts': "import { a } from '../platform/a';\nexport const d = a;",
  // platform reaching into a feature.
  'apps/api/src/platform/p.ts': "import { s } from '../modules/x/service';\nexport const p = s;",
  'apps/api/src/modules/x/service.ts': 'export const s = 1;',
  'apps/api/src/modules/x/index.ts': "export { s } from './service';",
  // One module into another's internals, and (allowed) through its front door.
  'apps/api/src/modules/y/inside.ts': "import { s } from '../x/service';\nexport const i = s;",
  'apps/api/src/modules/y/front.ts': "import { s } from '../x/index';\nexport const f = s;",
  // AppDeps naming a feature's service instead of its port (allowed: the port).
  'apps/api/src/ports/z.ts': 'export const z = 1;',
  'apps/api/src/app-deps.ts':
    "import { z } from './ports/z';\nimport { s } from './modules/x/service';\nexport const deps = { z, s };",
  // A module reaching up to the composition root.
  'apps/api/src/modules/y/root.ts': "import { app } from '../../app';\nexport const r = app;",
  'apps/api/src/app.ts': "import { f } from './modules/y/front';\nexport const app = f;",
  // Web: one feature into another, a feature into app/, shared code into a feature.
  'apps/web/src/features/a/x.ts': "import { y } from '../b/y';\nexport const x = y;",
  'apps/web/src/features/b/y.ts':
    "import { shared } from '../../components/shared';\nexport const y = shared;",
  'apps/web/src/features/a/shell.ts': "import { layout } from '../../app/layout';\nexport const s = layout;",
  'apps/web/src/app/layout.ts': "import { x } from '../features/a/x';\nexport const layout = x;",
  'apps/web/src/components/shared.ts': 'export const shared = 1;',
  'apps/web/src/lib/helper.ts': "import { y } from '../features/b/y';\nexport const h = y;",
};

describe('boundary rules', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('catch a circle, an arrow back up a layer, a feature reaching into another, and nothing allowed', async () => {
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const result = await cruise(['apps'], {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: rules.forbidden } as never,
      tsPreCompilationDeps: true,
    });
    const output = result.output as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        // A circle is reported once, at the import where the cruise meets it.
        'no-circular: apps/api/src/platform/a.ts -> apps/api/src/platform/b.ts',
        'api-db-is-the-bottom: apps/api/src/db/d.ts -> apps/api/src/platform/a.ts',
        'api-platform-knows-no-feature: apps/api/src/platform/p.ts -> apps/api/src/modules/x/service.ts',
        'api-deps-and-ports-know-no-feature: apps/api/src/app-deps.ts -> apps/api/src/modules/x/service.ts',
        'api-modules-meet-at-their-front-doors: apps/api/src/modules/y/inside.ts -> apps/api/src/modules/x/service.ts',
        'api-below-the-root: apps/api/src/modules/y/root.ts -> apps/api/src/app.ts',
        'web-features-stay-apart: apps/web/src/features/a/x.ts -> apps/web/src/features/b/y.ts',
        'web-features-below-the-app: apps/web/src/features/a/shell.ts -> apps/web/src/app/layout.ts',
        'web-shared-code-knows-no-feature: apps/web/src/lib/helper.ts -> apps/web/src/features/b/y.ts',
      ].sort(),
    );
    // Every rule of the configuration is exercised here.
    expect(new Set(found.map((line) => line.split(':')[0]))).toEqual(
      new Set(rules.forbidden.map((r) => r.name)),
    );
  });
});
