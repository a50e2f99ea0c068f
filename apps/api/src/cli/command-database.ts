import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { embeddedOwnerFile, mayBeRunning, readEmbeddedOwner } from '../db/embedded-owner.js';

/** A refusal a command explains to the operator in its own words (exit code 1, no stack). */
export class CommandRefused extends Error {}

/**
 * Opens the server's database for a command run from its shell. PostgreSQL (DATABASE_URL) is shared
 * safely with a running server. The embedded PGlite is not (decision 001: single-process), so the
 * command refuses while a server may have it open, rather than corrupt it: stop the server first.
 * It never creates a database: a missing one means the command is not looking where the server does.
 */
export async function openDatabaseForCommand(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase(config);
  const dataDir = path.resolve(config.DATA_DIR);
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new CommandRefused(
      `No embedded database in ${pgdata}. Run this with the server's DATA_DIR (or DATABASE_URL when it uses PostgreSQL).`,
    );
  }
  const owner = await readEmbeddedOwner(dataDir);
  if (owner && mayBeRunning(owner)) {
    throw new CommandRefused(
      [
        `The server (pid ${owner.pid} on ${owner.host}, since ${owner.since}) has the embedded database in ${dataDir} open.`,
        'The embedded database takes one process at a time: a second one would corrupt it.',
        'Stop the server, run this again, then start the server.',
        `If no server is running on this data directory (its container is gone), delete ${embeddedOwnerFile(dataDir)} and run this again.`,
      ].join('\n'),
    );
  }
  return openDatabase(config);
}
