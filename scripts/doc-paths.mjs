// The repository paths that docs name, checked against the tree: a path in backticks or a link
// target in README.md and docs/**/*.md must name a file or folder that exists. A short path
// (`platform/http/errors.ts`, `routes.tsx`) is found by its ending, as a reader finds it; a pattern
// (`schema/<table>.ts`), a build output or a place at run time (`dist/`, `DATA_DIR/…`) is not a
// path of the tree and is skipped.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FILE = /^[\w@.\-/]+\.(ts|tsx|mjs|cjs|js|json|md|sql|java|css|html|ya?ml|sh|png)$/;
const FOLDER = /^[\w@.-]+(\/[\w@.-]+)*\/$/;
/** Written by builds, tests or the server at run time: not in the tree. */
const NOT_IN_TREE =
  /(^|\/)(dist|node_modules|\.tmp|\.tools|data|DATA_DIR|pgdata|uploads|media|test-results)(\/|$)|^\.\.\//;
/** Files the build or the server writes, which docs name by their bare names. */
const OUTPUTS = new Set([
  'demo-logins.json',
  'admin-login.json',
  'route-patterns.json',
  'prerendered.html',
  '404.html',
]);

/** Every tracked file and folder, as repository-relative paths. */
function treeOf(root) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const folders = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...files, ...folders];
}

/** The path-like names of one markdown text: backticked spans and link targets. */
export function namedPaths(markdown) {
  const named = new Set();
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) named.add(span.trim());
  for (const [, target] of markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) named.add(target);
  return [...named].filter(
    (name) =>
      !/^[a-z]+:/i.test(name) &&
      !NOT_IN_TREE.test(name) &&
      !OUTPUTS.has(name) &&
      // An extension alone (`.d.ts`) or an elided path (`sdks/java/.../X.java`) names no one file.
      !/^\.[\w.]+$/.test(name) &&
      !name.includes('...') &&
      (FILE.test(name) || FOLDER.test(name)),
  );
}

/** Whether `name`, as written in the doc at `docFile`, names something in `tree`. */
function exists(name, docFile, tree) {
  const clean = name.replace(/^\.\//, '');
  const fromDoc = path.posix.normalize(path.posix.join(path.posix.dirname(docFile), clean));
  return tree.some((entry) => entry === clean || entry === fromDoc || entry.endsWith(`/${clean}`));
}

/** The docs of the repository that name paths: README.md and every markdown file under docs/. */
function docsOf(root) {
  const docs = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) docs.push(rel);
    }
  };
  walk('docs');
  return docs;
}

/** Every path a doc names that the tree does not have, as "doc: path". */
export function missingDocPaths(root, docs = docsOf(root)) {
  const tree = treeOf(root);
  const missing = [];
  for (const doc of docs) {
    for (const name of namedPaths(readFileSync(path.join(root, doc), 'utf8'))) {
      if (!exists(name, doc, tree)) missing.push(`${doc}: ${name}`);
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingDocPaths(path.resolve(import.meta.dirname, '..'));
  for (const line of missing) console.log(`missing: ${line}`);
  console.log(
    missing.length === 0 ? 'docs name only paths that exist' : `${missing.length} named paths do not exist`,
  );
  process.exit(missing.length === 0 ? 0 : 1);
}
