// Builds the publishable package (run by `npm run build` and by `npm pack`'s prepack): ESM in
// dist/esm and CommonJS in dist/cjs, each with its own type declarations, and a package.json in each
// folder so Node and TypeScript read the .js and .d.ts files there as the right module kind.
// `node build.mjs pack <folder>` also packs the tarball into <folder> under its versioned name and
// an unversioned copy (the web app's libraries page links to both through /media/). It packs a staged
// copy written for a stranger: the README without its monorepo section and a package.json without the
// workspace's dev dependency and build scripts (neither means anything outside this repository).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const tsc = path.resolve(here, '../../node_modules/typescript/bin/tsc');
const manifest = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
/** npm's tarball name: `@northwind/key-manager` 1.0.0 packs as `northwind-key-manager-1.0.0.tgz`. */
export const tarballBase = manifest.name.replace(/^@/, '').replace('/', '-');

function build() {
  rmSync(dist, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
  execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.cjs.json')], { stdio: 'inherit' });
  writeFileSync(path.join(dist, 'esm/package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(dist, 'cjs/package.json'), '{ "type": "commonjs" }\n');
}

/** The README's sections from this heading on are about the monorepo, not the package. */
const MONOREPO_HEADING = '## In this repository';

/** The README as a package user reads it. */
export function publishedReadme(readme) {
  const at = readme.indexOf(`\n${MONOREPO_HEADING}`);
  return at === -1 ? readme : `${readme.slice(0, at).trimEnd()}\n`;
}

/** The package.json as published: no workspace dev dependency, no scripts that need this folder. */
export function publishedManifest(source) {
  const { devDependencies: _dev, scripts: _scripts, ...published } = source;
  return published;
}

/** A copy of what `files` ships, with the published README and package.json. */
function stage() {
  const staging = mkdtempSync(path.join(tmpdir(), 'key-manager-js-pack-'));
  cpSync(dist, path.join(staging, 'dist'), { recursive: true });
  mkdirSync(path.join(staging, 'src'));
  for (const name of readdirSync(path.join(here, 'src'))) {
    if (!name.endsWith('.test.ts'))
      copyFileSync(path.join(here, 'src', name), path.join(staging, 'src', name));
  }
  copyFileSync(path.join(here, 'LICENSE'), path.join(staging, 'LICENSE'));
  writeFileSync(
    path.join(staging, 'README.md'),
    publishedReadme(readFileSync(path.join(here, 'README.md'), 'utf8')),
  );
  writeFileSync(
    path.join(staging, 'package.json'),
    `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`,
  );
  return staging;
}

function pack(destination) {
  mkdirSync(destination, { recursive: true });
  build();
  const staging = stage();
  try {
    // --json names the file written; the staged copy is already built.
    const output = execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
      {
        cwd: staging,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [{ filename }] = JSON.parse(output.slice(output.indexOf('[')));
    const file = path.join(destination, path.basename(filename));
    copyFileSync(file, path.join(destination, `${tarballBase}.tgz`));
    console.log(`TypeScript SDK: ${path.relative(process.cwd(), file)} (and ${tarballBase}.tgz)`);
    return file;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'pack') pack(path.resolve(process.argv[3] ?? here));
  else build();
}
