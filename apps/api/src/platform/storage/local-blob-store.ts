import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobStore, missingFile } from './blob-store.js';

/** The directory of a key: two hex characters, so no directory holds more than 1/256 of the files. */
export function localPathOf(root: string, key: string): string {
  return path.join(root, key.slice(0, 2), key);
}

/**
 * Bytes under DATA_DIR/uploads/<2 chars>/<key> (the layout since the first upload). A put links or
 * copies the staged file next to its place and renames it there, so a reader never sees half a file.
 */
export function createLocalBlobStore(uploadsDir: string): BlobStore {
  const root = path.resolve(uploadsDir);
  const pathOf = (key: string) => localPathOf(root, key);
  return {
    kind: 'local',
    async put(key, file) {
      const finalPath = pathOf(key);
      await mkdir(path.dirname(finalPath), { recursive: true });
      const partPath = `${finalPath}.${randomUUID()}.part`;
      try {
        // A hard link costs nothing on the same disk (staging lives under the same root); copy otherwise.
        await link(file.path, partPath).catch(() => copyFile(file.path, partPath));
        await rename(partPath, finalPath);
      } finally {
        await rm(partPath, { force: true });
      }
    },
    async get(key) {
      const file = pathOf(key);
      if (!(await exists(file))) throw missingFile();
      const stream: Readable = createReadStream(file);
      return stream;
    },
    exists: (key) => exists(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
    },
  };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}
