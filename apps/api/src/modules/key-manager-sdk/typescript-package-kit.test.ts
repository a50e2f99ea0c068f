import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MEDIA_DIR } from '../media/routes.js';

const sdkDir = path.resolve(import.meta.dirname, '../../../../../packages/key-manager-js');

export const SDK_PACKAGE_NAME = '@northwind/key-manager';
/** The unversioned tarball `npm run build:sdk` writes beside the versioned one. */
export const SDK_TARBALL = 'northwind-key-manager.tgz';

/** Newest modification time of the files that make up the package. */
function newestSource(): number {
  const sources = readdirSync(path.join(sdkDir, 'src')).map((name) => path.join(sdkDir, 'src', name));
  const files = [
    ...sources,
    ...['package.json', 'README.md', 'LICENSE', 'build.mjs'].map((n) => path.join(sdkDir, n)),
  ];
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
}

/**
 * `npm test` packs the SDK in its build; a lone run of a test file packs it here, and so does any run
 * after the package's sources changed, so the test never checks a stale tarball.
 */
export function ensureSdkPacked(): void {
  const tarball = path.join(DEFAULT_MEDIA_DIR, SDK_TARBALL);
  if (existsSync(tarball) && statSync(tarball).mtimeMs >= newestSource()) return;
  const packed = spawnSync(process.execPath, [path.join(sdkDir, 'build.mjs'), 'pack', DEFAULT_MEDIA_DIR], {
    encoding: 'utf8',
  });
  if (packed.status !== 0) throw new Error(`npm pack of the SDK failed: ${packed.stdout}${packed.stderr}`);
}
