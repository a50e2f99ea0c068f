import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingDocPaths, namedPaths } from './doc-paths.mjs';

describe('paths named in the docs', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'doc-paths-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('catches a doc that names a file the tree no longer has, and finds short and relative paths', () => {
    mkdirSync(path.join(scratch, 'apps/web/src/app'), { recursive: true });
    mkdirSync(path.join(scratch, 'docs'), { recursive: true });
    writeFileSync(path.join(scratch, 'apps/web/src/app/routes.tsx'), '');
    writeFileSync(
      path.join(scratch, 'docs/guide.md'),
      'Routes live in `app/routes.tsx` (see [the tree](../apps/web/src/app/routes.tsx)); tabs in `profile-tabs.ts`; a table is `schema/<table>.ts`; builds go to `dist/`.',
    );
    execFileSync('git', ['init', '-q'], { cwd: scratch });
    expect(missingDocPaths(scratch, ['docs/guide.md'])).toEqual(['docs/guide.md: profile-tabs.ts']);
  });

  it('leaves patterns, outputs and addresses alone', () => {
    expect(
      namedPaths('`schema/<table>.ts` `dist/` `https://x.test/a.md` `.d.ts` `DATA_DIR/demo-logins.json`'),
    ).toEqual([]);
  });

  it('finds every path README.md and docs/ name in this repository', () => {
    expect(missingDocPaths(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
