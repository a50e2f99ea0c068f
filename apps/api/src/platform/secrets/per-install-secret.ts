import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret of this install: the configured value wins; without one, a random secret is generated
 * once into `DATA_DIR/<fileName>` (mode 0600) and read back on every later start, so it survives
 * restarts of a single instance. Two processes racing on a fresh data dir agree: the file is
 * created exclusively, and the loser reads the winner's. Several instances must share the setting.
 */
export async function resolvePerInstallSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.resolve(dataDir, fileName);
  const stored = await readStored(file);
  if (stored) return stored;
  const secret = randomBytes(48).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readStored(file);
    if (raced) return raced;
    // A file too short to be a secret (edited by hand): replaced, as before.
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function readStored(file: string): Promise<string | null> {
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    return stored.length >= 32 ? stored : null;
  } catch {
    return null; // not created yet
  }
}
