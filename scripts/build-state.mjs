// Decides whether the production build is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'packages/contract/src',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'sdks/java/src/main',
];
const OUTPUTS = ['packages/contract/dist/index.js', 'apps/api/dist/main.js', 'apps/web/dist/index.html'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

export function buildIsStale() {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (outputs.some((file) => !existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newest(source) > builtAt);
}
