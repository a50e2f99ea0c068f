// `npm run check`: Biome and every TypeScript project, run side by side (one per core) because each
// tsc is single-threaded; run one after another they were 100 s of every CI run on 2 cores.
// apps/api/tsconfig.test.json type-checks all of the API's sources and tests (the build's
// `tsc -b apps/api` compiles the same sources again and emits them), so it stands for the API here.
// Each command's output is printed whole when it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Longest first, so the slots stay busy to the end.
const commands = [
  ['tsc', '-p', 'apps/api/tsconfig.test.json'],
  ['tsc', '-p', 'apps/web', '--noEmit'],
  ['tsc', '-p', 'e2e', '--noEmit'],
  ['tsc', '-p', 'packages/key-manager-js'],
  ['biome', 'check', '.'],
  // The layer and feature boundaries of docs/architecture.md, and no import circles.
  [
    'depcruise',
    'apps/api/src',
    'apps/web/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
  ],
  // Every path README.md and docs/ name exists (scripts/doc-paths.mjs).
  ['node', 'scripts/doc-paths.mjs'],
];
// `--types` (npm run typecheck): the TypeScript projects only.
if (process.argv.includes('--types')) commands.splice(-3);
const slots = Math.max(1, availableParallelism());
const bin = path.join(root, 'node_modules/.bin');

function run(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const executable = command[0] === 'node' ? process.execPath : path.join(bin, command[0]);
    const child = spawn(executable, command.slice(1), { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const took = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`> ${command.join(' ')}: ${code === 0 ? 'ok' : `exit ${code}`} (${took} s)\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

// The contract package first: the web and e2e projects read its declarations (project references).
if (!(await run(['tsc', '-b', 'packages/contract']))) process.exit(1);
const queue = [...commands];
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await run(next)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
