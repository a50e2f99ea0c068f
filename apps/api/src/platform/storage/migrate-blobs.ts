import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import type { BlobStore } from './blob-store.js';

export interface MigrationCounts {
  /** Files copied to the target by this run. */
  copied: number;
  /** Files the target had already (an earlier, perhaps interrupted, run): left as they are. */
  alreadyThere: number;
  /** Rows whose bytes the source does not have: reported, not invented. */
  missing: number;
}

const PAGE = 500;

/**
 * Copies the bytes of every stored file from one blob store to the other, in the order of the rows'
 * ids, a page at a time (keyset, so the cost stays flat however many rows there are). A file the
 * target has already is skipped, so a run can be repeated or resumed after an interruption. The
 * source is left as it was. Bytes pass through a staging file in `stagingDir`.
 */
export async function migrateBlobs(options: {
  db: Db;
  from: BlobStore;
  to: BlobStore;
  stagingDir: string;
  onProgress?: (counts: MigrationCounts) => void;
}): Promise<MigrationCounts> {
  const { db, from, to, stagingDir } = options;
  const counts: MigrationCounts = { copied: 0, alreadyThere: 0, missing: 0 };
  await mkdir(stagingDir, { recursive: true });
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: storedFiles.id, key: storedFiles.storageKey, type: storedFiles.mimeType })
      .from(storedFiles)
      .where(after ? gt(storedFiles.id, after) : undefined)
      .orderBy(asc(storedFiles.id))
      .limit(PAGE);
    if (rows.length === 0) return counts;
    for (const row of rows) {
      if (await to.exists(row.key)) {
        counts.alreadyThere += 1;
      } else if (!(await from.exists(row.key))) {
        counts.missing += 1;
      } else {
        await copy(from, to, row.key, row.type, stagingDir);
        counts.copied += 1;
      }
    }
    after = rows[rows.length - 1]?.id;
    options.onProgress?.({ ...counts });
  }
}

async function copy(from: BlobStore, to: BlobStore, key: string, contentType: string, stagingDir: string) {
  const staged = path.join(stagingDir, `migrate-${randomUUID()}`);
  try {
    let size = 0;
    await pipeline(
      await from.get(key),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(staged),
    );
    await to.put(key, { path: staged, size, contentType });
  } finally {
    await rm(staged, { force: true });
  }
}
