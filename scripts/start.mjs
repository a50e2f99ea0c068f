// `npm start`: build what is missing or stale, then run the server (migrations and seed run at start).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (buildIsStale()) {
  console.log('Building the app (first start or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
