import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file only its owner may read (0600), as the generated logins and secrets in DATA_DIR are:
 * to a temporary file first, then renamed, so a crash never leaves half a file.
 */
export async function writeOwnerOnlyFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  // The mode given to writeFile is masked by the umask; chmod is not.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
