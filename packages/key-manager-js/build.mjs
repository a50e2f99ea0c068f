// Builds the publishable package (run by `npm run build` and by `npm pack`'s prepack): ESM in
// dist/esm and CommonJS in dist/cjs, each with its own type declarations, and a package.json in each
// folder so Node and TypeScript read the .js and .d.ts files there as the right module kind.
// `node build.mjs pack <folder>` also packs the tarball into <folder> under its versioned name and
// an unversioned copy (the web app's libraries page links to both through /media/).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function pack(destination) {
  mkdirSync(destination, { recursive: true });
  // prepack builds; --json names the file written.
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: here,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(output.slice(output.indexOf('[')));
  const file = path.join(destination, path.basename(filename));
  copyFileSync(file, path.join(destination, `${tarballBase}.tgz`));
  console.log(`TypeScript SDK: ${path.relative(process.cwd(), file)} (and ${tarballBase}.tgz)`);
  return file;
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'pack') pack(path.resolve(process.argv[3] ?? here));
  else build();
}
