import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * PGlite is single-process (decision 001): two processes writing one `DATA_DIR/pgdata` corrupt it,
 * and PGlite does not refuse the second. The server records itself in `DATA_DIR/pgdata.owner`
 * while it has the embedded database open, and removes the record when it shuts down; a command
 * run from the server's shell (cli/) reads it and refuses to open the database while the server
 * may be running.
 */
export const EMBEDDED_OWNER_FILE = 'pgdata.owner';

const ZOwner = z.object({ pid: z.number().int(), host: z.string(), since: z.string() });
export type EmbeddedOwner = z.infer<typeof ZOwner>;

export const embeddedOwnerFile = (dataDir: string) => path.resolve(dataDir, EMBEDDED_OWNER_FILE);

/**
 * Records this process as the embedded database's owner. Returns the owner recorded before when it
 * may still be running (a second server on the same data dir: the caller warns), and `release`,
 * which removes the record if it is still this process's.
 */
export async function recordEmbeddedOwner(
  dataDir: string,
): Promise<{ previous: EmbeddedOwner | null; release: () => Promise<void> }> {
  const previous = await readEmbeddedOwner(dataDir);
  const self: EmbeddedOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  await mkdir(path.resolve(dataDir), { recursive: true });
  await writeFile(embeddedOwnerFile(dataDir), `${JSON.stringify(self)}\n`);
  return {
    previous: previous && mayBeRunning(previous) ? previous : null,
    release: async () => {
      const current = await readEmbeddedOwner(dataDir);
      if (current?.pid === self.pid && current.host === self.host)
        await rm(embeddedOwnerFile(dataDir), { force: true });
    },
  };
}

/** The recorded owner, or null when none is recorded (never started, or shut down cleanly). */
export async function readEmbeddedOwner(dataDir: string): Promise<EmbeddedOwner | null> {
  try {
    const parsed = ZOwner.safeParse(JSON.parse(await readFile(embeddedOwnerFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whether a recorded owner may still have the database open. On this host a process that no longer
 * exists does not (the server was killed; the record is stale). On another host (a container
 * sharing the volume) nothing here can tell, so it may.
 */
export function mayBeRunning(owner: EmbeddedOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
